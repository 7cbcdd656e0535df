//===-- AssembleSpeed.cpp - How long assembling one function takes --------===//
//
// Times assembleMeasuredFunction in steady state (the figure that matters in
// an opcode sweep, where the target tables already exist): a 1-instruction
// snippet (add %rax, %rax) repeated to -min-instructions, duplicated with
// the encoded bytes copied, duplicated with every instruction streamed, and
// looped. Prints the median over -iterations calls and the first call apart.
// Run through bench/assemble-speed.sh, which sets upstream's figure beside
// it.
//
//===----------------------------------------------------------------------===//

#include "Assembly/Assembler.h"
#include "Core/LLVMState.h"
#include "Core/Target.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <vector>

using namespace llvm;
using namespace llvm::exegesis;

static cl::opt<unsigned> MinInstructions("min-instructions",
                                         cl::desc("instructions per function"),
                                         cl::init(10000));
static cl::opt<unsigned> Iterations("iterations",
                                    cl::desc("timed calls per variant"),
                                    cl::init(200));
static cl::opt<std::string> Cpu("mcpu", cl::desc("x86-64 CPU (host)"),
                                cl::init(""));

static double milliseconds(std::chrono::steady_clock::duration D) {
  return std::chrono::duration<double, std::milli>(D).count();
}

/// Milliseconds of one call; exits on failure.
static double timeOnce(const LLVMState &State, const BenchmarkCode &Code,
                       const AssemblyRequest &Request) {
  auto Start = std::chrono::steady_clock::now();
  Expected<AssembledFunction> F =
      assembleMeasuredFunction(State, Code, Request);
  auto End = std::chrono::steady_clock::now();
  if (!F) {
    WithColor::error() << toString(F.takeError()) << "\n";
    exit(1);
  }
  return milliseconds(End - Start);
}

static double medianMs(const LLVMState &State, const BenchmarkCode &Code,
                       const AssemblyRequest &Request) {
  std::vector<double> Times;
  for (unsigned I = 0; I < Iterations; ++I)
    Times.push_back(timeOnce(State, Code, Request));
  std::sort(Times.begin(), Times.end());
  return Times[Times.size() / 2];
}

int main(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  cl::ParseCommandLineOptions(Argc, Argv, "times the assembler\n");
  Expected<std::unique_ptr<LLVMState>> State =
      LLVMState::create("x86_64-unknown-linux-gnu", Cpu);
  if (!State) {
    WithColor::error() << toString(State.takeError()) << "\n";
    return 1;
  }
  const LLVMState &S = **State;
  BenchmarkCode Code;
  MCInst Add;
  Add.setOpcode(*S.getOpcodeByName("ADD64rr"));
  MCRegister Rax = *S.getRegisterByName("RAX");
  for (int I = 0; I < 3; ++I)
    Add.addOperand(MCOperand::createReg(Rax));
  Code.Key.Instructions = {Add};
  Code.Key.RegisterInitialValues = {{Rax, APInt(64, 1)}};

  AssemblyRequest Duplicate;
  Duplicate.MinInstructions = MinInstructions;
  AssemblyRequest Streamed = Duplicate;
  Streamed.RepeatEncodedBytes = false;
  AssemblyRequest Loop = Duplicate;
  Loop.Repetition = SnippetRepetition::Loop;

  auto TablesStart = std::chrono::steady_clock::now();
  (void)S.getExegesisTarget().getUnresolvedNames();
  double Tables = milliseconds(std::chrono::steady_clock::now() - TablesStart);
  double First = timeOnce(S, Code, Duplicate);
  outs() << "assembling add %rax, %rax x " << MinInstructions << " for "
         << S.getCpuName() << ", median of " << Iterations << " calls:\n";
  outs() << format("  duplicate, snippet bytes copied:     %8.3f ms\n",
                   medianMs(S, Code, Duplicate));
  outs() << format("  duplicate, every instruction streamed: %6.3f ms\n",
                   medianMs(S, Code, Streamed));
  outs() << format("  loop:                                %8.3f ms\n",
                   medianMs(S, Code, Loop));
  outs() << format("  once per process: target tables %.3f ms, first "
                   "call %.3f ms\n",
                   Tables, First);
  return 0;
}
