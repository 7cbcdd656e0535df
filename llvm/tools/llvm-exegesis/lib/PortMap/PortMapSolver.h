//===-- PortMapSolver.h - Port usage from throughput alone ------*- C++ -*-===//
//
// The subsystem that infers which execution resources instructions use from
// the throughput of instruction mixtures alone, where no per-port counter
// exists (VMs, containers, cores without such counters): a model of
// resources, their throughputs and which basic instructions use which,
// solved from measured kernels, and any other instruction's usage of those
// resources. The method, its influences (PMEvo, PALMED, Ritter and Hack)
// and its limits are in docs/PortMap.rst. It needs only LLVM's Support
// library and Z3 (the structure search and the linear programs), none of
// the tool's other folders: measurements come in through callbacks.
//
// - Kernel.h: a mixture of basic instructions and its measured cycles;
// - PortMapping.h: basic instructions on ports, and the cycles a kernel
//   takes on them;
// - StructureSolver.h: the port mapping that explains the measurements
//   (weighted MaxSAT in Z3), and a second one that would predict an
//   unmeasured kernel differently;
// - LinearProgram.h: small linear and integer programs, solved exactly;
// - Z3Numbers.h: measured numbers into Z3's exact arithmetic and back;
// - ResourceModel.h: what throughput can tell of a mapping, the resources
//   and their saturating kernels;
// - PortMapInference.h: from candidate instructions and a way to measure
//   them to a resource model, with notes on what could not be decided;
// - Characterisation.h: one instruction's usage of each resource;
// - SyntheticMachine.h: cores whose mapping is known, for the checks;
// - SyntheticCheck.h: a known mapping measured, solved back and compared.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPSOLVER_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_PORTMAPSOLVER_H

#include "PortMap/Characterisation.h"
#include "PortMap/PortMapInference.h"
#include "PortMap/ResourceModel.h"

#endif
