//===-- BasicCandidates.cpp - Candidate basic instructions ----------------===//

#include "PortMapHost/BasicCandidates.h"
#include "Core/LLVMState.h"
#include "Snippets/SnippetGenerationTarget.h"
#include "Snippets/SnippetGenerator.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include <map>
#include <set>

namespace llvm {
namespace exegesis {

std::optional<std::string> whyNotBasicCandidate(const LLVMState &State,
                                                SnippetGenerator &Generator,
                                                unsigned Opcode) {
  const MCInstrDesc &Desc = State.getInstrInfo().get(Opcode);
  if (Desc.isPseudo())
    return "a pseudo-instruction";
  if (Desc.mayLoad() || Desc.mayStore())
    return "accesses memory";
  if (Desc.isBranch() || Desc.isCall() || Desc.isReturn() ||
      Desc.isTerminator() || Desc.isBarrier() || Desc.isIndirectBranch())
    return "control flow";
  if (Desc.hasUnmodeledSideEffects())
    return "has side effects the model does not know";
  if (!Desc.implicit_uses().empty())
    return "reads a register implicitly";
  if (Desc.isMoveReg())
    return "a register move the renamer may eliminate";
  if (Desc.getNumDefs() == 0)
    return "writes no register";
  if (std::optional<std::string> Why = Generator.getUnsupportedReason(Opcode))
    return *Why;
  const InstructionModel &Model = Generator.getModel(Opcode);
  if (Model.hasMemoryReference() || Model.accessesMemory())
    return "accesses memory";
  if (Model.hasTiedRegisters() || Model.hasImplicitSelfDependency())
    return "depends on itself";
  if (Model.getOperandProblem())
    return "operands the generator cannot fill";
  const SnippetGenerationTarget &Target =
      SnippetGenerationTarget::lookup(State.getTriple());
  if (std::optional<std::string> Why = Target.whyNotMixable(State, Model))
    return *Why;
  const RegisterPool &Pool = Generator.getRegisterPool();
  for (const OperandSlot &Slot : Model.slots()) {
    if (Slot.Kind != OperandKind::Register || !Slot.IsDef)
      continue;
    ArrayRef<MCRegister> Allowed = Slot.RegClassID < 0
                                       ? ArrayRef<MCRegister>()
                                       : Pool.allowedRegisters(Slot.RegClassID);
    if (Allowed.empty())
      return "no register for a def";
    if (Target.writeKeepsWiderBits(State, Allowed.front()))
      return "its def merges into a wider register";
  }
  const MCSchedModel &SM = State.getSubtargetInfo().getSchedModel();
  const MCSchedClassDesc *SC = SM.getSchedClassDesc(Desc.getSchedClass());
  if (!SC || !SC->isValid() || SC->isVariant())
    return "no fixed scheduling class";
  if (SC->NumMicroOps != 1)
    return "not one micro-op in the scheduling model";
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  if (SC->NumWriteProcResEntries == 0)
    return "uses no resource in the scheduling model";
  for (const MCWriteProcResEntry &W :
       make_range(STI.getWriteProcResBegin(SC), STI.getWriteProcResEnd(SC)))
    if (W.ReleaseAtCycle > 1 || W.AcquireAtCycle > 0)
      return "holds a resource longer than a cycle";
  return std::nullopt;
}

Expected<std::vector<BasicCandidate>>
getBasicCandidates(const LLVMState &State, SnippetGenerator &Generator) {
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  const MCSchedModel &SM = STI.getSchedModel();
  if (!SM.hasInstrSchedModel())
    return createStringError(inconvertibleErrorCode(),
                             "CPU '" + State.getCpuName() +
                                 "' has no scheduling model to choose basic "
                                 "instructions with (give -mcpu)");
  const MCInstrInfo &InstrInfo = State.getInstrInfo();
  // The members of each class, the preferred (shortest name) first.
  std::map<unsigned, std::vector<BasicCandidate>> ByClass;
  for (unsigned Opcode = 1; Opcode < InstrInfo.getNumOpcodes(); ++Opcode) {
    if (whyNotBasicCandidate(State, Generator, Opcode))
      continue;
    BasicCandidate C;
    C.Opcode = Opcode;
    C.SchedClass = InstrInfo.get(Opcode).getSchedClass();
    const MCSchedClassDesc *SC = SM.getSchedClassDesc(C.SchedClass);
    std::set<unsigned> Res;
    for (const MCWriteProcResEntry &W :
         make_range(STI.getWriteProcResBegin(SC), STI.getWriteProcResEnd(SC)))
      Res.insert(W.ProcResourceIdx);
    C.Resources.assign(Res.begin(), Res.end());
    ByClass[C.SchedClass].push_back(std::move(C));
  }
  for (auto &[Class, Members] : ByClass)
    llvm::stable_sort(Members,
                      [&](const BasicCandidate &A, const BasicCandidate &B) {
                        return InstrInfo.getName(A.Opcode).size() <
                               InstrInfo.getName(B.Opcode).size();
                      });
  // Classes grouped by the resources they use, in order of first class.
  std::map<std::vector<unsigned>, std::vector<unsigned>> ClassesByResources;
  std::vector<std::vector<unsigned>> ResourceSets;
  for (auto &[Class, Members] : ByClass) {
    auto [It, New] = ClassesByResources.try_emplace(Members.front().Resources);
    if (New)
      ResourceSets.push_back(Members.front().Resources);
    It->second.push_back(Class);
  }
  std::vector<BasicCandidate> Result;
  for (size_t Round = 0;; ++Round) {
    bool Any = false;
    for (const std::vector<unsigned> &Set : ResourceSets) {
      const std::vector<unsigned> &Classes = ClassesByResources[Set];
      if (Round >= Classes.size())
        continue;
      Any = true;
      for (const BasicCandidate &C : ByClass[Classes[Round]])
        Result.push_back(C);
    }
    if (!Any)
      break;
  }
  return Result;
}

std::vector<unsigned> chooseBasicCandidates(
    ArrayRef<BasicCandidate> Eligible, InstructionAvailability &Host,
    function_ref<std::optional<MCInst>(unsigned)> Instance, unsigned Max) {
  std::vector<unsigned> Chosen;
  std::set<unsigned> ClassesChosen;
  for (const BasicCandidate &C : Eligible) {
    if (Chosen.size() >= Max)
      break;
    if (ClassesChosen.count(C.SchedClass))
      continue;
    std::optional<MCInst> Inst = Instance(C.Opcode);
    if (!Inst || Host.whyInvalid(*Inst) || Host.whyUnavailable(*Inst))
      continue;
    Chosen.push_back(C.Opcode);
    ClassesChosen.insert(C.SchedClass);
  }
  return Chosen;
}

} // namespace exegesis
} // namespace llvm
