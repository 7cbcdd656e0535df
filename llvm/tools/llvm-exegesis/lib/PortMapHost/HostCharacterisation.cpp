//===-- HostCharacterisation.cpp - The host's port-map model --------------===//

#include "PortMapHost/HostCharacterisation.h"
#include "Core/LLVMState.h"
#include "PortMapHost/SchedModelMatch.h"
#include "Snippets/GeneratorForMode.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Format.h"
#include <ctime>

namespace llvm {
namespace exegesis {

Expected<PortMapModelFile>
startOrResume(std::optional<PortMapModelFile> Previous, StringRef Path,
              StringRef CpuName, StringRef Triple, StringRef Settings,
              ArrayRef<std::string> Candidates) {
  PortMapModelFile File;
  if (Previous) {
    auto Refuse = [&](StringRef What, StringRef Was, StringRef Is) {
      return createStringError(
          inconvertibleErrorCode(),
          Path + ": measured with " + What + " '" + Was + "', not '" + Is +
              "': name another -port-map-file or remove this one");
    };
    if (Previous->CpuName != CpuName)
      return Refuse("CPU", Previous->CpuName, CpuName);
    if (Previous->Triple != Triple)
      return Refuse("triple", Previous->Triple, Triple);
    if (Previous->Settings != Settings)
      return Refuse("settings", Previous->Settings, Settings);
    File.Measurements = std::move(Previous->Measurements);
  }
  File.Tool = getToolVersion();
  File.Date = getDateNow();
  File.CpuName = CpuName.str();
  File.Triple = Triple.str();
  File.Settings = Settings.str();
  File.Candidates.assign(Candidates.begin(), Candidates.end());
  File.Complete = false;
  return File;
}

MeasurementLog::MeasurementLog(PortMapModelFile &File, Measure M, Save S,
                               raw_ostream *Progress, unsigned ExpectedKernels)
    : File(File), M(M), S(S), Progress(Progress),
      ExpectedKernels(ExpectedKernels),
      Start(std::chrono::steady_clock::now()) {}

void MeasurementLog::printProgress(bool Last) {
  if (!Progress)
    return;
  unsigned Done = NumFromFile + NumMeasured;
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  *Progress << "port-map: " << Done << " kernels";
  if (Done <= ExpectedKernels)
    *Progress << " of " << ExpectedKernels << " singles and pairs";
  else
    *Progress << " (singles, pairs and " << Done - ExpectedKernels
              << " distinguishing)";
  *Progress << ", " << NumMeasured << " measured, " << NumFromFile
            << " from the file, " << format("%.0f", Seconds) << " s"
            << (Last ? "" : "...") << "\n";
  Progress->flush();
}

Expected<double> MeasurementLog::operator()(ArrayRef<portmap::KernelTerm> K) {
  std::string Key = getMixtureKey(K, File.Candidates);
  auto It = File.Measurements.find(Key);
  if (It != File.Measurements.end()) {
    ++NumFromFile;
    return It->second;
  }
  Expected<double> Cycles = M(K);
  if (!Cycles)
    return Cycles.takeError();
  File.Measurements[Key] = *Cycles;
  ++NumMeasured;
  if (Error E = S())
    return E;
  unsigned Done = NumFromFile + NumMeasured;
  // About twenty lines for the singles and pairs, then one per triple.
  unsigned Every = std::max(1u, ExpectedKernels / 20);
  if (Done % Every == 0 || Done > ExpectedKernels)
    printProgress(false);
  return *Cycles;
}

std::string getMixtureKey(ArrayRef<portmap::KernelTerm> K,
                          ArrayRef<std::string> Names) {
  std::vector<std::pair<StringRef, unsigned>> Terms;
  for (const portmap::KernelTerm &T : K)
    Terms.push_back({Names[T.Instr], T.Count});
  llvm::sort(Terms);
  std::string Key;
  for (const auto &[Name, Count] : Terms)
    Key +=
        (Key.empty() ? "" : " + ") + std::to_string(Count) + "*" + Name.str();
  return Key;
}

unsigned getNumSinglesAndPairs(unsigned NumCandidates) {
  return NumCandidates + NumCandidates * (NumCandidates - 1) / 2;
}

Error inferIntoFile(PortMapModelFile &File, MeasurementLog &Log,
                    const portmap::InferenceOptions &Options) {
  Expected<portmap::InferenceResult> Result = portmap::inferResourceModel(
      File.Candidates, [&](ArrayRef<portmap::KernelTerm> K) { return Log(K); },
      Options);
  if (!Result)
    return Result.takeError();
  File.setInference(*Result);
  File.Date = getDateNow();
  return Error::success();
}

Error nameResourcesAfterSchedModel(const LLVMState &State,
                                   PortMapModelFile &File) {
  Expected<portmap::SchedResources> Sched = portmap::getSchedResources(State);
  if (!Sched) {
    consumeError(Sched.takeError());
    return Error::success();
  }
  Expected<portmap::ResourceModel> Model = File.getResourceModel();
  if (!Model)
    return Model.takeError();
  SnippetGeneratorOptions GenOptions;
  GenOptions.Mode = BenchmarkMode::InverseThroughput;
  std::unique_ptr<SnippetGenerator> Generator =
      createSnippetGenerator(State, GenOptions);
  std::vector<portmap::SchedUsage> Usages;
  for (const std::string &Name : File.Basic) {
    std::optional<unsigned> Opcode = State.getOpcodeByName(Name);
    if (!Opcode)
      return createStringError(inconvertibleErrorCode(),
                               "basic instruction '" + Name +
                                   "' is no opcode of " +
                                   State.getTriple().str());
    Expected<std::vector<BenchmarkCode>> Codes =
        Generator->generateConfigurations(*Opcode);
    if (!Codes)
      return Codes.takeError();
    if (Codes->empty() || Codes->front().Key.Instructions.empty())
      return createStringError(inconvertibleErrorCode(),
                               "no instruction of " + Name);
    Usages.push_back(
        portmap::getSchedUsage(State, Codes->front().Key.Instructions.front()));
  }
  std::vector<portmap::ResourceMatch> Matches =
      portmap::matchResources(*Model, *Sched, Usages, File.Basic);
  for (size_t R = 0; R < Matches.size() && R < File.Resources.size(); ++R)
    File.Resources[R].SchedModelName =
        Matches[R].ProcResource ? Matches[R].Name : std::string();
  return Error::success();
}

std::string getToolVersion() {
#ifdef EXEGESIS_VERSION
  return std::string("exegesis ") + EXEGESIS_VERSION + " (LLVM " +
         LLVM_VERSION_STRING + ")";
#else
  return std::string("exegesis (LLVM ") + LLVM_VERSION_STRING + ")";
#endif
}

std::string getDateNow() {
  std::time_t Now = std::time(nullptr);
  char Buffer[32];
  std::tm UTC;
  gmtime_r(&Now, &UTC);
  std::strftime(Buffer, sizeof(Buffer), "%Y-%m-%dT%H:%M:%SZ", &UTC);
  return Buffer;
}

} // namespace exegesis
} // namespace llvm
