//===-- SubProcessChild.cpp -------------------------------------*- C++ -*-===//

#include "Execution/SubProcessChild.h"
#include "Counters/TimeStampCounter.h"
#include "Counters/TimedCalls.h"
#include "Execution/ChildAddressSpace.h"
#include "Execution/ExecutableFunction.h"
#include "Execution/FdPassing.h"
#include <cerrno>
#include <csignal>
#include <cstring>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

namespace llvm {
namespace exegesis {

namespace {

/// One sampling in the child: NumSamples rounds of the functions at
/// Entries, read into Readings (round by round).
struct ChildSampling {
  const uintptr_t *Entries;
  const uintptr_t *TimedCalls;
  size_t NumFunctions;
  unsigned NumSamples;
  unsigned CallsPerSample;
  RawGroupReading *Readings;
  const SamplingStopRule *Stop;
};

/// The readings of the first \p Rounds rounds, for a SamplingStopRule.
SampleTable readingsSoFar(const ChildContext &C, const ChildSampling &Sampling,
                          unsigned Rounds) {
  SampleTable Table(Sampling.NumFunctions);
  for (unsigned S = 0; S < Rounds; ++S)
    for (size_t F = 0; F < Sampling.NumFunctions; ++F) {
      if (C.Dummy) {
        Table[F].emplace_back();
        continue;
      }
      Expected<CounterValues> Values = CounterGroup::decode(
          Sampling.Readings[S * Sampling.NumFunctions + F], C.NumEvents);
      if (!Values) {
        consumeError(Values.takeError());
        Table[F].emplace_back();
        continue;
      }
      Table[F].push_back(std::move(*Values));
    }
  return Table;
}

[[noreturn]] void childExit(int Code) {
  // No atexit handlers, no stdio flush: the parent owns those.
  syscall(SYS_exit_group, Code);
  __builtin_unreachable();
}

/// Reports \p Status with the current errno (\p Errno if given).
[[noreturn]] void childFail(const ChildContext &C, ChildSetupStatus Status,
                            int Errno = -1) {
  SetupReport Report = {static_cast<uint32_t>(Status),
                        Errno >= 0 ? Errno : errno};
  (void)send(C.Socket, &Report, sizeof(Report), MSG_NOSIGNAL);
  childExit(SetupFailureExitCode);
}

/// Takes one reading of \p Function: \p Calls calls between starting and
/// stopping the counters (or two reads of the TSC, or none). A counter that
/// fails ends the child.
void readFunction(const ChildContext &C, int CounterFd,
                  void (*Function)(char *), uintptr_t TimedCallsLoop,
                  unsigned Calls, RawGroupReading &Reading) {
  if (C.Dummy) {
    for (unsigned Call = 0; Call < Calls; ++Call)
      Function(C.Scratch);
    return;
  }
  if (C.ReadsTimeStampCounter) {
    uint64_t Ticks;
    if (TimedCallsLoop) {
      Ticks = reinterpret_cast<TimedCallsFunction>(TimedCallsLoop)(C.Scratch,
                                                                   Calls);
    } else {
      uint64_t Start = readTimeStampCounter();
      for (unsigned Call = 0; Call < Calls; ++Call)
        Function(C.Scratch);
      Ticks = readTimeStampCounter() - Start;
    }
    // The layout of a one-event group's reading, which ran all along.
    Reading.Words[0] = 1;
    Reading.Words[1] = Reading.Words[2] = Reading.Words[3] = Ticks;
    return;
  }
  if (!CounterGroup::startGroup(CounterFd)) {
    C.Results->CounterErrno = errno;
    childExit(CounterFailureExitCode);
  }
  for (unsigned Call = 0; Call < Calls; ++Call)
    Function(C.Scratch);
  if (!CounterGroup::stopGroup(CounterFd) ||
      !CounterGroup::readGroup(CounterFd, Reading)) {
    C.Results->CounterErrno = errno;
    childExit(CounterFailureExitCode);
  }
}

/// Takes \p Sampling's rounds (fewer when its stop rule says they are
/// enough) and returns how many it took; *NumCompleted counts the readings
/// taken so far, so that a snippet that ends the process mid-way is found
/// out.
unsigned sampleInChild(const ChildContext &C, int CounterFd,
                       const ChildSampling &Sampling, uint64_t *NumCompleted) {
  for (unsigned S = 0; S < Sampling.NumSamples; ++S) {
    for (size_t Position = 0; Position < Sampling.NumFunctions; ++Position) {
      size_t F = functionInRound(S, Position, Sampling.NumFunctions);
      readFunction(C, CounterFd,
                   reinterpret_cast<void (*)(char *)>(Sampling.Entries[F]),
                   Sampling.TimedCalls[F], Sampling.CallsPerSample,
                   Sampling.Readings[S * Sampling.NumFunctions + F]);
      *NumCompleted = S * Sampling.NumFunctions + Position + 1;
    }
    if (Sampling.Stop && Sampling.Stop->isCheckedAfter(S + 1) &&
        Sampling.Stop->Enough(readingsSoFar(C, Sampling, S + 1)))
      return S + 1;
  }
  return Sampling.NumSamples;
}

/// Writes what a procedure returned where the tool reads it.
void writeProcedureResult(const ChildContext &C, Expected<std::string> Result) {
  std::string Bytes;
  uint32_t Failed = 0;
  if (Result) {
    Bytes = std::move(*Result);
  } else {
    Failed = FailedInTool;
    handleAllErrors(
        Result.takeError(),
        [&](const SnippetFailure &F) {
          Failed = FailedInSnippet;
          Bytes = F.getMessage();
        },
        [&](const ErrorInfoBase &E) { Bytes = E.message(); });
  }
  size_t Room = ProcedureResultCapacity - sizeof(ProcedureResultHeader);
  if (Bytes.size() > Room) {
    Failed = FailedInTool;
    Bytes = "the measurement's result is larger than the " +
            std::to_string(Room) + " bytes the subprocess can return";
  }
  std::memcpy(C.ProcedureResult + 1, Bytes.data(), Bytes.size());
  C.ProcedureResult->Failed = Failed;
  C.ProcedureResult->Size = Bytes.size();
  __atomic_store_n(&C.ProcedureResult->Finished, 1, __ATOMIC_RELEASE);
}

/// Runs the context's procedure, each of its samplings taken here, and
/// writes what it returns (or its error) where the parent reads it.
[[noreturn]] void runProcedureInChild(const ChildContext &C, int CounterFd,
                                      SamplingProcedure Procedure) {
  auto Sample = [&](ArrayRef<const ExecutableFunction *> Functions,
                    unsigned NumSamples, unsigned CallsPerSample,
                    const SamplingStopRule *Stop) -> Expected<SampleTable> {
    std::vector<uintptr_t> Entries, TimedCalls;
    collectAddresses(Functions, Entries, TimedCalls);
    std::vector<RawGroupReading> Readings(Functions.size() * NumSamples);
    ChildSampling Sampling = {Entries.data(),
                              TimedCalls.data(),
                              Entries.size(),
                              NumSamples,
                              CallsPerSample,
                              Readings.data(),
                              Stop && Stop->Enough ? Stop : nullptr};
    uint64_t NumCompleted = 0;
    unsigned Rounds = sampleInChild(C, CounterFd, Sampling, &NumCompleted);
    __atomic_add_fetch(&C.Results->NumSamplings, 1, __ATOMIC_RELAXED);
    return readingsSoFar(C, Sampling, Rounds);
  };
  writeProcedureResult(C, Procedure(Sample));
  childExit(0);
}

/// Copies the request's functions to where the tool has them; false when
/// one cannot be.
bool copyRequestedFunctions(const ServerRequest &Request,
                            std::vector<ExecutableFunction> &Copies) {
  Copies.reserve(Request.NumFunctions);
  for (uint32_t I = 0; I < Request.NumFunctions; ++I) {
    const RequestedFunction &F = Request.functions()[I];
    Expected<ExecutableFunction> Copy = ExecutableFunction::copyAt(
        F.MappingAddress, StringRef(Request.at(F.BytesOffset), F.MappingSize),
        F.EntryOffset, F.CodeSize, F.TimedCallsOffset);
    if (!Copy) {
      consumeError(Copy.takeError());
      return false;
    }
    Copies.push_back(std::move(*Copy));
  }
  return true;
}

/// Runs the request's procedure on \p Copies, its functions.
[[noreturn]] void
runRequestedProcedure(const ChildContext &C, int CounterFd,
                      const std::vector<ExecutableFunction> &Copies) {
  const ServerRequest &Request = *C.Request;
  std::vector<const ExecutableFunction *> Functions;
  for (const ExecutableFunction &F : Copies)
    Functions.push_back(&F);
  StringRef Inputs(Request.at(Request.InputsOffset), Request.InputsSize);
  auto Procedure = [&](SamplingRunner Sample) {
    return Request.Run(Request.Owner, Inputs, Functions, Sample);
  };
  runProcedureInChild(C, CounterFd, Procedure);
}

/// Dies with the parent; if it is already gone, the signal will never come.
/// (A fork server has seen to that for its children.)
void dieWithParent(const ChildContext &C) {
  if (C.ForkedByServer)
    return;
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != C.ParentPid)
    childExit(SetupFailureExitCode);
}

/// The counter group's descriptor, however the tool hands it over; -1 when
/// there is none to read.
int receiveCounterFd(const ChildContext &C) {
  HandoffMessage Message;
  FdMessage Received = receiveWithFd(C.Socket, &Message, sizeof(Message));
  if (Received.Size != static_cast<ssize_t>(sizeof(Message)))
    childFail(C, ChildSetupStatus::CounterFdNotReceived,
              Received.Size < 0 ? Received.Errno : 0);
  switch (Message.Method) {
  case HandoffMethod::SocketRights:
    if (Received.FdDropped)
      childFail(C, ChildSetupStatus::CounterFdNotReceived, EMFILE);
    if (Received.Fd < 0)
      childFail(C, ChildSetupStatus::CounterFdNotReceived, 0);
    return Received.Fd;
  case HandoffMethod::PidfdGetfd: {
    FetchedFd Fetched = fetchFd(C.ParentPid, Message.ParentFd);
    if (Fetched.PidfdNotOpened)
      childFail(C, ChildSetupStatus::PidfdNotOpened, Fetched.Errno);
    if (Fetched.Fd < 0)
      childFail(C, ChildSetupStatus::CounterFdNotTranslated, Fetched.Errno);
    return Fetched.Fd;
  }
  case HandoffMethod::NoCounter:
    break;
  }
  if (!C.Dummy && !C.ReadsTimeStampCounter)
    childFail(C, ChildSetupStatus::CounterFdNotReceived, 0);
  return -1;
}

/// Copies the first function's code to C.CodeAddress, if the context has
/// one.
void mapCodeAtFixedAddress(const ChildContext &C) {
  if (!C.CodeAddress)
    return;
  size_t Size = (C.CodeSize + C.PageSize - 1) / C.PageSize * C.PageSize;
  void *Address = reinterpret_cast<void *>(C.CodeAddress);
  void *Mapped = mmap(Address, Size, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  if (Mapped != Address)
    childFail(C, ChildSetupStatus::CodeSetupFailed);
  std::memcpy(Mapped, C.CodeSource, C.CodeSize);
  if (mprotect(Mapped, Size, PROT_READ | PROT_EXEC) != 0)
    childFail(C, ChildSetupStatus::CodeSetupFailed);
}

} // namespace

void collectAddresses(ArrayRef<const ExecutableFunction *> Functions,
                      std::vector<uintptr_t> &Entries,
                      std::vector<uintptr_t> &TimedCalls) {
  for (const ExecutableFunction *F : Functions) {
    Entries.push_back(F->getAddress());
    TimedCalls.push_back(reinterpret_cast<uintptr_t>(F->getTimedCalls()));
  }
}

void childMain(const ChildContext &C) {
  dieWithParent(C);
  int CounterFd = receiveCounterFd(C);
  if (!mapFixedMemoryRegions(C.Memory, C.NumMemory, C.PageSize))
    childFail(C, ChildSetupStatus::MemorySetupFailed);
  mapCodeAtFixedAddress(C);
  std::vector<ExecutableFunction> Copies;
  if (C.Request && !copyRequestedFunctions(*C.Request, Copies))
    childFail(C, ChildSetupStatus::CodeSetupFailed, 0);

  SetupReport Ready = {static_cast<uint32_t>(ChildSetupStatus::Ready), 0};
  if (send(C.Socket, &Ready, sizeof(Ready), MSG_NOSIGNAL) != sizeof(Ready))
    childExit(SetupFailureExitCode);

  if (C.Procedure)
    runProcedureInChild(C, CounterFd, *C.Procedure);
  if (C.Request)
    runRequestedProcedure(C, CounterFd, Copies);
  ChildSampling Sampling = {C.Entries,    C.TimedCalls,     C.NumFunctions,
                            C.NumSamples, C.CallsPerSample, C.Readings,
                            C.Stop};
  C.Results->NumRounds =
      sampleInChild(C, CounterFd, Sampling, &C.Results->NumCompleted);
  childExit(0);
}

void serverChildMain(char *Area, int Socket) {
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  ServerArea Layout(PageSize);
  const auto *Request =
      reinterpret_cast<const ServerRequest *>(Area + Layout.getRequestOffset());
  ChildContext C = {};
  C.ParentPid = Request->Tool;
  C.ForkedByServer = true;
  C.Socket = Socket;
  C.Dummy = Request->Dummy;
  C.ReadsTimeStampCounter = Request->ReadsTimeStampCounter;
  C.Scratch = Request->Scratch;
  C.PageSize = PageSize;
  C.Results = reinterpret_cast<SharedResults *>(Area);
  C.NumEvents = Request->NumEvents;
  C.ProcedureResult = reinterpret_cast<ProcedureResultHeader *>(
      Area + Layout.getResultOffset());
  C.Request = Request;
  childMain(C);
}

} // namespace exegesis
} // namespace llvm
