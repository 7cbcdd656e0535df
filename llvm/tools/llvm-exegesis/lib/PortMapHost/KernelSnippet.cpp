//===-- KernelSnippet.cpp - A mixture of opcodes as one snippet -----------===//

#include "PortMapHost/KernelSnippet.h"
#include "Core/LLVMState.h"
#include "Snippets/GeneratorForMode.h"
#include "Snippets/SnippetGenerator.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <memory>

namespace llvm {
namespace exegesis {

namespace {
/// One opcode's copies as the generator made them, and the units they read
/// and write.
struct TermCopies {
  std::vector<MCInst> Instances;
  BitVector Reads;
  BitVector Writes;
};
} // namespace

static SnippetGeneratorOptions
getGeneratorOptions(const KernelSnippetOptions &Options,
                    std::vector<MCRegister> Forbidden) {
  SnippetGeneratorOptions GenOptions;
  GenOptions.Mode = BenchmarkMode::InverseThroughput;
  GenOptions.MaxConfigs = 1;
  GenOptions.ReserveLoopCounter = Options.ReserveLoopCounter;
  GenOptions.ExtraForbidden = std::move(Forbidden);
  return GenOptions;
}

/// Interleaves \p Counts copies of each term evenly: at each position the
/// term furthest behind its share goes next.
static std::vector<unsigned> interleave(ArrayRef<unsigned> Counts) {
  unsigned Total = 0;
  for (unsigned C : Counts)
    Total += C;
  std::vector<unsigned> Order;
  SmallVector<unsigned, 8> Placed(Counts.size(), 0);
  for (unsigned Pos = 0; Pos < Total; ++Pos) {
    unsigned Best = 0;
    double BestLag = -1e300;
    for (unsigned T = 0; T < Counts.size(); ++T) {
      if (Placed[T] == Counts[T])
        continue;
      double Lag = double(Counts[T]) * (Pos + 1) / Total - Placed[T];
      if (Lag > BestLag) {
        BestLag = Lag;
        Best = T;
      }
    }
    ++Placed[Best];
    Order.push_back(Best);
  }
  return Order;
}

Expected<KernelSnippet>
buildKernelSnippet(const LLVMState &State, ArrayRef<MixtureTerm> Terms,
                   const KernelSnippetOptions &Options) {
  unsigned Total = 0;
  for (const MixtureTerm &T : Terms)
    Total += T.Copies;
  if (Total == 0)
    return createStringError(inconvertibleErrorCode(),
                             "a mixture needs at least one copy");
  KernelSnippet Result;
  Result.Passes = std::max(1u, (Options.MinBodyInstructions + Total - 1) /
                                   std::max(1u, Total));

  std::vector<MCRegister> Forbidden;
  std::vector<TermCopies> Copies;
  std::map<unsigned, RegisterValue> InitialValues;
  std::vector<MCRegister> LiveIns;
  std::vector<std::string> Infos;
  std::unique_ptr<SnippetGenerator> Generator;
  const MCInstrInfo &InstrInfo = State.getInstrInfo();
  for (const MixtureTerm &T : Terms) {
    Generator =
        createSnippetGenerator(State, getGeneratorOptions(Options, Forbidden));
    StringRef Name = InstrInfo.getName(T.Opcode);
    Expected<std::vector<BenchmarkCode>> Codes =
        Generator->generateConfigurations(T.Opcode);
    if (!Codes)
      return createStringError(inconvertibleErrorCode(),
                               "no snippet of " + Name + " in a mixture: " +
                                   toString(Codes.takeError()));
    if (Codes->empty() || Codes->front().Key.Instructions.empty())
      return createStringError(inconvertibleErrorCode(),
                               "no snippet of " + Name + " in a mixture");
    BenchmarkCode &Code = Codes->front();
    if (!Code.InputError.empty())
      return createStringError(inconvertibleErrorCode(),
                               "no snippet of " + Name +
                                   " in a mixture: " + Code.InputError);
    // Only as many distinct copies as the body holds, and no more than
    // MaxDistinctCopies: registers left over stay free for the next opcode.
    TermCopies TC;
    size_t Needed = std::min<size_t>(size_t(T.Copies) * Result.Passes,
                                     Options.MaxDistinctCopies);
    std::vector<MCInst> &Instrs = Code.Key.Instructions;
    TC.Instances.assign(Instrs.begin(),
                        Instrs.begin() + std::min(Instrs.size(), Needed));
    const InstructionModel &Model = Generator->getModel(T.Opcode);
    const RegisterPool &Pool = Generator->getRegisterPool();
    TC.Reads = Pool.emptyUnits();
    TC.Writes = Pool.emptyUnits();
    for (const MCInst &Inst : TC.Instances) {
      SmallVector<MCRegister, 8> Read, Written;
      Model.getReadRegisters(Inst, Read);
      Model.getWrittenRegisters(Inst, Written);
      for (MCRegister R : Read)
        TC.Reads |= Pool.unitsOf(R);
      for (MCRegister R : Written)
        TC.Writes |= Pool.unitsOf(R);
      for (const MCOperand &Op : Inst)
        if (Op.isReg() && Op.getReg().isValid())
          Forbidden.push_back(Op.getReg());
    }
    for (const RegisterValue &V : Code.Key.RegisterInitialValues)
      InitialValues.emplace(V.Register.id(), V);
    for (MCRegister R : Code.LiveIns)
      if (!is_contained(LiveIns, R))
        LiveIns.push_back(R);
    if (!Code.Info.empty())
      Infos.push_back((Name + ": " + Code.Info).str());
    Copies.push_back(std::move(TC));
  }

  // What the generator could not keep apart: implicit registers.
  for (size_t A = 0; A < Terms.size(); ++A)
    for (size_t B = 0; B < Terms.size(); ++B)
      if (A != B && Copies[A].Writes.anyCommon(Copies[B].Reads))
        Result.Dependencies.push_back(
            (InstrInfo.getName(Terms[B].Opcode) + " reads a register " +
             InstrInfo.getName(Terms[A].Opcode) + " writes")
                .str());

  SmallVector<unsigned, 8> Counts;
  for (const MixtureTerm &T : Terms)
    Counts.push_back(T.Copies * Result.Passes);
  SmallVector<size_t, 8> Next(Terms.size(), 0);
  BenchmarkCode &Code = Result.Code;
  for (unsigned T : interleave(Counts)) {
    const std::vector<MCInst> &Instances = Copies[T].Instances;
    Code.Key.Instructions.push_back(Instances[Next[T]++ % Instances.size()]);
  }
  for (auto &[Id, V] : InitialValues)
    Code.Key.RegisterInitialValues.push_back(V);
  Code.LiveIns = std::move(LiveIns);
  std::string Mixture;
  for (const MixtureTerm &T : Terms) {
    if (!Mixture.empty())
      Mixture += " + ";
    Mixture += (Twine(T.Copies) + "*" + InstrInfo.getName(T.Opcode)).str();
  }
  Code.Key.Config = Mixture;
  Code.Info = "mixture " + Mixture + ", " + std::to_string(Result.Passes) +
              " passes per snippet";
  for (const std::string &I : Infos)
    Code.Info += "; " + I;
  return Result;
}

} // namespace exegesis
} // namespace llvm
