//===-- PortMapHost.h - The port-map method on this host --------*- C++ -*-===//
//
// The subsystem that takes the port-map solver (PortMap/, which only knows
// kernels and numbers) to the host: mixtures of real instructions built as
// snippets of independent copies and measured as -mode=inverse_throughput
// measures, the candidate basic instructions of the host, the host
// characterisation behind -mode=port-map with its model file, and
// -mode=uops answered from that model where no per-port counter exists
// (docs/PortMap.rst). It stands above Measure/ (it measures through the
// benchmark runner) and below Analysis/.
//
// - KernelSnippet.h: a mixture of opcodes as one snippet of independent
//   copies;
// - HostKernelMeasurer.h: the cycles of one pass through a mixture, as the
//   solver's callbacks need them;
// - BasicCandidates.h: which opcodes may be basic instructions, and which
//   of them the host runs;
// - PortMapModelFile.h: the inferred model, its notes and measurements as
//   a YAML file;
// - HostCharacterisation.h: -mode=port-map's inference, resumed from the
//   model file's measurements, with its progress;
// - UopsFromModel.h: -mode=uops from the model: one opcode's usage of each
//   resource as upstream's uops result, and when to use it;
// - SchedModelMatch.h: the inferred resources beside LLVM's scheduling
//   model, their names in uops results.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_PORTMAPHOST_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_PORTMAPHOST_H

#include "PortMapHost/BasicCandidates.h"
#include "PortMapHost/HostCharacterisation.h"
#include "PortMapHost/HostKernelMeasurer.h"
#include "PortMapHost/KernelSnippet.h"
#include "PortMapHost/PortMapModelFile.h"
#include "PortMapHost/UopsFromModel.h"

#endif
