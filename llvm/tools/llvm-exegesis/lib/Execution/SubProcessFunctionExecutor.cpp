//===-- SubProcessFunctionExecutor.cpp --------------------------*- C++ -*-===//

#include "Execution/SubProcessFunctionExecutor.h"
#include "Execution/ChildAddressSpace.h"
#include "Execution/ChildProcess.h"
#include "Execution/ChildProtocol.h"
#include "Execution/ExecutableFunction.h"
#include "Execution/SubProcessChild.h"
#include "Support/Interruption.h"
#include <cstring>
#include <sys/resource.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

static size_t getPageSize() {
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
}

/// The open-file limit below which the tool forks its children itself.
static constexpr rlim_t MinOpenFilesForServer = 64;

/// The number of events a child's reading holds.
static size_t getNumEvents(const CounterSpec &Counters) {
  return Counters.ReadsTimeStampCounter ? 1 : Counters.Events.size();
}

static Error interruptedError() {
  return createStringError(inconvertibleErrorCode(), "the run was interrupted");
}

SubProcessFunctionExecutor::SubProcessFunctionExecutor(
    CounterSpec Counters, SubProcessOptions Options)
    : Counters(std::move(Counters)), Options(Options),
      Scratch(ScratchMemorySize) {}

SubProcessFunctionExecutor::~SubProcessFunctionExecutor() = default;

/// The context fields every kind of child needs, for a child that runs
/// \p Functions with \p Layout and shares \p Results; \p Entries and
/// \p TimedCalls back its arrays.
static Expected<ChildContext>
makeContext(const CounterSpec &Counters, char *Scratch,
            ArrayRef<const ExecutableFunction *> Functions,
            const FixedLayout &Layout, SharedResults *Results,
            std::vector<uintptr_t> &Entries,
            std::vector<uintptr_t> &TimedCalls) {
  size_t PageSize = getPageSize();
  collectAddresses(Functions, Entries, TimedCalls);
  uintptr_t CodeAddress = Layout.FirstFunctionAddress;
  if (CodeAddress) {
    if (Functions.empty() || CodeAddress % PageSize != 0)
      return createStringError(inconvertibleErrorCode(),
                               "the snippet address must be page aligned");
    // The copy there has no loop beside it; the child's own loop calls it.
    Entries[0] = CodeAddress;
    TimedCalls[0] = 0;
  }
  // Collisions with what the child inherits are the snippet's fault, but
  // found here they get a message naming both sides.
  if (!Layout.empty()) {
    Expected<AddressSpaceConstraints> Constraints =
        getCurrentAddressSpaceConstraints();
    if (!Constraints)
      return Constraints.takeError();
    if (Error E = checkFixedLayout(
            Layout, CodeAddress ? Functions[0]->getCode().size() : 0,
            *Constraints, PageSize))
      return E;
  }
  ChildContext Context = {};
  Context.Entries = Entries.data();
  Context.TimedCalls = TimedCalls.data();
  Context.NumFunctions = Entries.size();
  Context.Dummy = Counters.isDummy();
  Context.ReadsTimeStampCounter = Counters.ReadsTimeStampCounter;
  Context.Scratch = Scratch;
  Context.Memory = Layout.Memory.data();
  Context.NumMemory = Layout.Memory.size();
  Context.CodeAddress = CodeAddress;
  Context.CodeSource = CodeAddress ? Functions[0]->getCode().data() : nullptr;
  Context.CodeSize = CodeAddress ? Functions[0]->getCode().size() : 0;
  Context.PageSize = PageSize;
  Context.Results = Results;
  Context.NumEvents = getNumEvents(Counters);
  return Context;
}

ForkServer *SubProcessFunctionExecutor::getForkServer() const {
  if (Server || ServerFailed)
    return Server.get();
  // The server holds a descriptor: under a tight open-file limit the tool
  // keeps every one it has for the measurement itself.
  rlimit Limit;
  if (getrlimit(RLIMIT_NOFILE, &Limit) != 0 ||
      Limit.rlim_cur < MinOpenFilesForServer) {
    ServerFailed = true;
    return nullptr;
  }
  Expected<std::unique_ptr<ForkServer>> Started =
      ForkServer::start(ServerArea(getPageSize()).getSize(), serverChildMain);
  if (!Started) {
    // Forking the tool itself measures the same, only slower.
    consumeError(Started.takeError());
    ServerFailed = true;
    return nullptr;
  }
  Server = std::move(*Started);
  return Server.get();
}

/// Writes the request for \p Portable on \p Functions at \p Request: its
/// head, the functions, the inputs, then each function's pages
/// (page-aligned, as the copy will be). False when it does not fit.
static bool writeServerRequest(ServerRequest *Request,
                               ArrayRef<const ExecutableFunction *> Functions,
                               const PortableProcedure &Portable,
                               const CounterSpec &Counters, char *Scratch) {
  size_t PageSize = getPageSize();
  uint64_t InputsOffset =
      sizeof(ServerRequest) + Functions.size() * sizeof(RequestedFunction);
  uint64_t End = InputsOffset + Portable.Inputs.size();
  std::vector<RequestedFunction> Requested;
  for (const ExecutableFunction *F : Functions) {
    End = (End + PageSize - 1) / PageSize * PageSize;
    StringRef Mapping = F->getMapping();
    Requested.push_back({reinterpret_cast<uintptr_t>(Mapping.data()),
                         Mapping.size(), F->getEntryOffset(),
                         F->getCode().size(), F->getTimedCallsOffset(), End});
    End += Mapping.size();
  }
  if (End > ServerArea::RequestCapacity)
    return false;
  *Request = {};
  Request->Tool = getpid();
  Request->NumFunctions = static_cast<uint32_t>(Functions.size());
  Request->Dummy = Counters.isDummy();
  Request->ReadsTimeStampCounter = Counters.ReadsTimeStampCounter;
  Request->NumEvents = getNumEvents(Counters);
  Request->Scratch = Scratch;
  Request->Run = Portable.Run;
  Request->Owner = Portable.Owner;
  Request->InputsOffset = InputsOffset;
  Request->InputsSize = Portable.Inputs.size();
  char *RequestBytes = reinterpret_cast<char *>(Request);
  std::memcpy(RequestBytes + sizeof(ServerRequest), Requested.data(),
              Requested.size() * sizeof(RequestedFunction));
  std::memcpy(RequestBytes + InputsOffset, Portable.Inputs.data(),
              Portable.Inputs.size());
  for (size_t I = 0; I < Functions.size(); ++I)
    std::memcpy(RequestBytes + Requested[I].BytesOffset,
                Functions[I]->getMapping().data(), Requested[I].MappingSize);
  return true;
}

std::optional<Expected<std::string>>
SubProcessFunctionExecutor::runInServerChild(
    ArrayRef<const ExecutableFunction *> Functions,
    const PortableProcedure &Portable) const {
  ForkServer *Server = getForkServer();
  if (!Server)
    return std::nullopt;
  ServerArea Layout(getPageSize());
  char *Area = Server->getSharedArea();
  auto *Request =
      reinterpret_cast<ServerRequest *>(Area + Layout.getRequestOffset());
  if (!writeServerRequest(Request, Functions, Portable, Counters,
                          Scratch.get()))
    return std::nullopt;

  auto *Results = reinterpret_cast<SharedResults *>(Area);
  *Results = {};
  auto *Result = reinterpret_cast<ProcedureResultHeader *>(
      Area + Layout.getResultOffset());
  *Result = {};
  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context =
      makeContext(Counters, Scratch.get(), Functions, FixedLayout(), Results,
                  Entries, TimedCalls);
  if (!Context)
    return std::optional<Expected<std::string>>(Context.takeError());
  Context->ProcedureResult = Result;
  Context->Request = Request;
  ChildFunctions Where = {Functions, Entries, 0};
  Error Waited = forkAndWait(*Context, Where, Counters, Options,
                             &Results->NumSamplings, Server);
  if (Waited.isA<ServerUnavailable>()) {
    // Gone or unable to fork: the tool forks its children from now on.
    consumeError(std::move(Waited));
    this->Server.reset();
    ServerFailed = true;
    return std::nullopt;
  }
  if (Waited)
    return std::optional<Expected<std::string>>(std::move(Waited));
  return std::optional<Expected<std::string>>(readProcedureResult(*Result));
}

/// The samples of \p NumRounds rounds of \p NumFunctions functions, decoded
/// from the child's \p Readings.
static Expected<SampleTable> decodeReadings(const RawGroupReading *Readings,
                                            size_t NumFunctions,
                                            unsigned NumRounds,
                                            const CounterSpec &Counters) {
  SampleTable Samples(NumFunctions);
  for (unsigned S = 0; S < NumRounds; ++S)
    for (size_t F = 0; F < NumFunctions; ++F) {
      if (Counters.isDummy()) {
        Samples[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = CounterGroup::decode(
          Readings[S * NumFunctions + F], getNumEvents(Counters));
      if (!Values)
        return Values.takeError();
      Samples[F].push_back(std::move(*Values));
    }
  return Samples;
}

Expected<SampleTable> SubProcessFunctionExecutor::runAndSample(
    ArrayRef<const ExecutableFunction *> Functions, unsigned NumSamples,
    const FixedLayout &Layout, unsigned CallsPerSample,
    const SamplingStopRule *Stop) const {
  // The caller checks isInterrupted() and discards the benchmark.
  if (isInterrupted())
    return interruptedError();
  size_t NumReadings = Functions.size() * NumSamples;
  Expected<SharedMapping> Shared = SharedMapping::create(
      sizeof(SharedResults) + NumReadings * sizeof(RawGroupReading),
      getPageSize());
  if (!Shared)
    return Shared.takeError();
  auto *Results = static_cast<SharedResults *>(Shared->get());
  auto *Readings = reinterpret_cast<RawGroupReading *>(Results + 1);

  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context = makeContext(
      Counters, Scratch.get(), Functions, Layout, Results, Entries, TimedCalls);
  if (!Context)
    return Context.takeError();
  Context->NumSamples = NumSamples;
  Context->CallsPerSample = CallsPerSample;
  Context->Readings = Readings;
  Context->Stop = Stop && Stop->Enough ? Stop : nullptr;

  ChildFunctions Where = {Functions, Entries, Context->CodeAddress};
  if (Error E = forkAndWait(*Context, Where, Counters, Options, nullptr))
    return E;
  unsigned NumRounds =
      static_cast<unsigned>(std::min<uint64_t>(Results->NumRounds, NumSamples));
  if ((NumSamples && NumRounds == 0) ||
      Results->NumCompleted != uint64_t(NumRounds) * Functions.size())
    return makeEndedEarlyError();
  return decodeReadings(Readings, Functions.size(), NumRounds, Counters);
}

Expected<std::string> SubProcessFunctionExecutor::runProcedure(
    ArrayRef<const ExecutableFunction *> Functions, const FixedLayout &Layout,
    SamplingProcedure Procedure, const PortableProcedure *Portable) const {
  // Code at a fixed address holds one function at a time: each sampling
  // then needs a child of its own.
  if (Layout.FirstFunctionAddress)
    return FunctionExecutor::runProcedure(Functions, Layout, Procedure);
  if (isInterrupted())
    return interruptedError();
  if (Portable && Layout.empty())
    if (std::optional<Expected<std::string>> Done =
            runInServerChild(Functions, *Portable))
      return std::move(*Done);
  size_t PageSize = getPageSize();
  size_t HeadSize = ServerArea(PageSize).HeadSize;
  Expected<SharedMapping> Shared =
      SharedMapping::create(HeadSize + ProcedureResultCapacity, PageSize);
  if (!Shared)
    return Shared.takeError();
  auto *Results = static_cast<SharedResults *>(Shared->get());
  auto *Result = reinterpret_cast<ProcedureResultHeader *>(
      static_cast<char *>(Shared->get()) + HeadSize);

  std::vector<uintptr_t> Entries, TimedCalls;
  Expected<ChildContext> Context = makeContext(
      Counters, Scratch.get(), Functions, Layout, Results, Entries, TimedCalls);
  if (!Context)
    return Context.takeError();
  Context->Procedure = &Procedure;
  Context->ProcedureResult = Result;

  ChildFunctions Where = {Functions, Entries, 0};
  if (Error E = forkAndWait(*Context, Where, Counters, Options,
                            &Results->NumSamplings))
    return E;
  return readProcedureResult(*Result);
}

} // namespace exegesis
} // namespace llvm
