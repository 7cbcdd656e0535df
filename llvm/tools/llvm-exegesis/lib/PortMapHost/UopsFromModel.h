//===-- UopsFromModel.h - -mode=uops without per-port counters --*- C++ -*-===//
//
// Where the host has no per-port micro-op counters (a VM, a container, a Zen
// core's ALUs), -mode=uops answers from the host's port-map model instead
// (-port-map-file, made by -mode=port-map): the instruction is measured
// alone and in mixture with each resource's saturating kernel
// (PortMap/Characterisation.h), and its usage of each resource is written
// as upstream's uops result, one measurement per resource, with `info`
// saying that the values were inferred from throughput, against which model
// file, and what the model could not tell apart. A host with the counters
// keeps measuring with them: the model is only the answer where they are
// missing.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_UOPSFROMMODEL_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAPHOST_UOPSFROMMODEL_H

#include "Core/Benchmark.h"
#include "Core/BenchmarkCode.h"
#include "Core/BenchmarkRunOptions.h"
#include "PortMap/Characterisation.h"
#include "PortMapHost/HostKernelMeasurer.h"
#include "PortMapHost/PortMapModelFile.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

class LLVMState;

/// Where -mode=uops takes port usage from.
enum class UopsSource { PortCounters, PortMapModel };

/// The per-port counters when the host has them (\p CountersProblem is
/// success), whatever else is given; else the model in \p ModelPath when
/// one is named; else an error: the counters' problem and how to make a
/// model.
Expected<UopsSource> chooseUopsSource(Error CountersProblem,
                                      StringRef ModelPath);

/// One opcode's usage of the model's resources, measured.
struct OpcodeUsage {
  portmap::CharacterisationResult Result;
  /// Dependencies between the opcode and the basic instructions that
  /// register choice could not avoid (they make the usage doubtful).
  std::vector<std::string> Dependencies;
};

class ModelUopsMeasurer {
public:
  /// Reads the model in \p ModelPath; an error when it cannot be read, is
  /// unfinished, or was made for another CPU or triple than \p State's.
  static Expected<std::unique_ptr<ModelUopsMeasurer>>
  create(const LLVMState &State, const BenchmarkRunOptions &RunOptions,
         StringRef ModelPath);

  Error prepare() { return Measurer.prepare(); }

  /// \p Opcode's usage of each resource.
  Expected<OpcodeUsage> characterise(unsigned Opcode);

  /// The uops result of \p Code (a snippet of one opcode): one measurement
  /// per resource, or the error of the benchmark.
  Benchmark run(const BenchmarkCode &Code);

  const PortMapModelFile &getFile() const { return File; }
  /// The key of resource \p R in uops results.
  StringRef getKey(unsigned R) const { return Keys[R]; }

private:
  ModelUopsMeasurer(const LLVMState &State,
                    const BenchmarkRunOptions &RunOptions);

  const LLVMState &State;
  BenchmarkRunOptions RunOptions;
  HostKernelMeasurer Measurer;
  std::string ModelPath;
  PortMapModelFile File;
  std::optional<portmap::ResourceModel> Model;
  std::vector<unsigned> BasicOpcodes;
  std::vector<std::string> Keys;
  /// The characterisation's tolerance: the inference's.
  double Tolerance = 0.06;
};

} // namespace exegesis
} // namespace llvm

#endif
