//===-- UopsFromModel.cpp - -mode=uops without per-port counters ----------===//

#include "PortMapHost/UopsFromModel.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include <set>

namespace llvm {
namespace exegesis {

Expected<UopsSource> chooseUopsSource(Error CountersProblem,
                                      StringRef ModelPath) {
  if (!CountersProblem)
    return UopsSource::PortCounters;
  if (!ModelPath.empty()) {
    consumeError(std::move(CountersProblem));
    return UopsSource::PortMapModel;
  }
  return createStringError(
      inconvertibleErrorCode(),
      toString(std::move(CountersProblem)) +
          "; without them, name the host's port-map model with "
          "-port-map-file=FILE (make it once with -mode=port-map "
          "-port-map-file=FILE)");
}

ModelUopsMeasurer::ModelUopsMeasurer(const LLVMState &State,
                                     const BenchmarkRunOptions &RunOptions)
    : State(State), RunOptions(RunOptions), Measurer(State, RunOptions) {}

Expected<std::unique_ptr<ModelUopsMeasurer>>
ModelUopsMeasurer::create(const LLVMState &State,
                          const BenchmarkRunOptions &RunOptions,
                          StringRef ModelPath) {
  std::unique_ptr<ModelUopsMeasurer> M(
      new ModelUopsMeasurer(State, RunOptions));
  M->ModelPath = ModelPath.str();
  Expected<PortMapModelFile> File = PortMapModelFile::read(ModelPath);
  if (!File)
    return File.takeError();
  M->File = std::move(*File);
  auto Fail = [&](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), ModelPath + ": " + Why);
  };
  if (M->File.CpuName != State.getCpuName())
    return Fail("a model of CPU '" + M->File.CpuName + "', not of '" +
                State.getCpuName() + "'");
  if (M->File.Triple != State.getTriple().str())
    return Fail("a model for triple '" + M->File.Triple + "', not '" +
                State.getTriple().str() + "'");
  Expected<portmap::ResourceModel> Model = M->File.getResourceModel();
  if (!Model)
    return Fail(toString(Model.takeError()));
  M->Model = std::move(*Model);
  for (const std::string &Name : M->File.Basic) {
    std::optional<unsigned> Opcode = State.getOpcodeByName(Name);
    if (!Opcode)
      return Fail("basic instruction '" + Name + "' is no opcode of " +
                  State.getTriple().str());
    M->BasicOpcodes.push_back(*Opcode);
  }
  for (unsigned R = 0; R < M->File.Resources.size(); ++R) {
    const PortMapModelFile::ResourceEntry &E = M->File.Resources[R];
    M->Keys.push_back(!E.SchedModelName.empty() ? E.SchedModelName
                      : E.IsDispatch            ? std::string("PMDispatch")
                                                : "PM" + std::to_string(R));
  }
  return M;
}

Expected<OpcodeUsage> ModelUopsMeasurer::characterise(unsigned Opcode) {
  OpcodeUsage Usage;
  std::set<std::string> Dependencies;
  auto Measure = [&](unsigned XCopies,
                     ArrayRef<portmap::KernelTerm> Basic) -> Expected<double> {
    SmallVector<MixtureTerm, 8> Terms;
    if (XCopies)
      Terms.push_back({Opcode, XCopies});
    for (const portmap::KernelTerm &T : Basic)
      if (T.Count)
        Terms.push_back({BasicOpcodes[T.Instr], T.Count});
    Expected<double> Cycles = Measurer.measure(Terms);
    for (const std::string &D : Measurer.getLastDependencies())
      Dependencies.insert(D);
    return Cycles;
  };
  Expected<portmap::CharacterisationResult> Result =
      portmap::characterise(*Model, Measure, Tolerance);
  if (!Result)
    return Result.takeError();
  Usage.Result = std::move(*Result);
  Usage.Dependencies.assign(Dependencies.begin(), Dependencies.end());
  return Usage;
}

Benchmark ModelUopsMeasurer::run(const BenchmarkCode &Code) {
  Benchmark B;
  B.Key = Code.Key;
  B.Mode = BenchmarkMode::Uops;
  B.CpuName = State.getCpuName().str();
  B.LLVMTriple = State.getTriple().str();
  B.MinInstructions = RunOptions.MinInstructions;
  B.Info = Code.Info;
  if (Code.Key.Instructions.empty()) {
    B.Error = "empty snippet";
    return B;
  }
  unsigned Opcode = Code.Key.Instructions.front().getOpcode();
  for (const MCInst &Inst : Code.Key.Instructions)
    if (Inst.getOpcode() != Opcode) {
      B.Error = "uops from a port-map model measures a snippet of one opcode";
      return B;
    }
  Expected<OpcodeUsage> Usage = characterise(Opcode);
  if (!Usage) {
    B.Error = toString(Usage.takeError());
    return B;
  }
  const portmap::Usage &U = Usage->Result.U;
  unsigned NumInstructions = Code.Key.Instructions.size();
  for (unsigned R = 0; R < U.MicroOps.size(); ++R) {
    BenchmarkMeasure M;
    M.Key = Keys[R];
    M.PerInstructionValue = U.MicroOps[R];
    M.PerSnippetValue = U.MicroOps[R] * NumInstructions;
    B.Measurements.push_back(std::move(M));
  }
  std::string Info;
  raw_string_ostream OS(Info);
  OS << "port usage inferred from throughput, not counted: micro-ops per "
        "instruction confined to each resource of the port-map model "
     << ModelPath << " (" << File.CpuName << ", " << File.Date << ")";
  for (unsigned R = 0; R < U.MicroOps.size(); ++R) {
    const PortMapModelFile::ResourceEntry &E = File.Resources[R];
    OS << (R ? ", " : ": ") << Keys[R] << " = ";
    ListSeparator LS(" ");
    for (const std::string &I : E.Instructions)
      OS << LS << I;
    OS << format(" (%.2f per cycle)", E.Throughput);
  }
  OS << format("; alone %.3f cycles per instruction",
               Usage->Result.AloneCycles);
  if (U.OwnCycles > 0)
    OS << format(", a bottleneck no resource explains (%.3f cycles: a "
                 "unit no basic instruction uses)",
                 U.OwnCycles);
  OS << "; " << Usage->Result.NumMeasurements << " measurements";
  if (!Usage->Dependencies.empty()) {
    OS << "; doubtful, dependencies the mixtures could not avoid:";
    ListSeparator LS(",");
    for (const std::string &D : Usage->Dependencies)
      OS << LS << " " << D;
  }
  std::string Limits = File.summariseNotes();
  if (!Limits.empty())
    OS << "; what the model cannot tell apart: " << Limits;
  if (!B.Info.empty())
    B.Info += "; ";
  B.Info += Info;
  return B;
}

} // namespace exegesis
} // namespace llvm
