//===-- AArch64/AArch64ImmediateChoice.cpp ----------------------*- C++ -*-===//

#include "AArch64/AArch64ImmediateChoice.h"
#include "AArch64/AArch64Names.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCCodeEmitter.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCDisassembler/MCDisassembler.h"
#include "llvm/MC/MCFixup.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/MCTargetOptions.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include <mutex>

namespace llvm {
namespace exegesis {
namespace {

/// Values tried, in order, for an immediate that does not round-trip: the
/// usual shift amounts and field values.
constexpr int64_t Candidates[] = {0, 1, 2, 3, 4, 8, 12, 16, 24, 31, 32};

/// An encoder and a decoder for AArch64 with every extension on, so that
/// any opcode's encoding decodes.
class RoundTrip {
public:
  RoundTrip() {
    Triple TT("aarch64-unknown-linux-gnu");
    std::string Error;
    const Target *T = TargetRegistry::lookupTarget(TT, Error);
    const AArch64Names &N = AArch64Names::get();
    if (!T)
      return;
    MCTargetOptions Options;
    AsmInfo.reset(T->createMCAsmInfo(N.Table.getRegInfo(), TT, Options));
    STI.reset(T->createMCSubtargetInfo(TT, "", "+all"));
    if (!AsmInfo || !STI)
      return;
    Ctx = std::make_unique<MCContext>(TT, AsmInfo.get(), &N.Table.getRegInfo(),
                                      STI.get());
    Emitter.reset(T->createMCCodeEmitter(N.Table.getInstrInfo(), *Ctx));
    Disassembler.reset(T->createMCDisassembler(*STI, *Ctx));
  }

  /// Whether \p Inst decodes back to itself; nullopt when its bytes do not
  /// decode to the same opcode at all (some opcodes share an encoding).
  std::optional<bool> sameImmediates(const MCInst &Inst) {
    if (!Emitter || !Disassembler)
      return std::nullopt;
    SmallString<8> Bytes;
    SmallVector<MCFixup, 1> Fixups;
    Emitter->encodeInstruction(Inst, Bytes, Fixups, *STI);
    MCInst Decoded;
    uint64_t Size = 0;
    ArrayRef<uint8_t> Data(reinterpret_cast<const uint8_t *>(Bytes.data()),
                           Bytes.size());
    if (Disassembler->getInstruction(Decoded, Size, Data, 0, nulls()) !=
            MCDisassembler::Success ||
        Decoded.getOpcode() != Inst.getOpcode() ||
        Decoded.getNumOperands() != Inst.getNumOperands())
      return std::nullopt;
    for (unsigned I = 0; I < Inst.getNumOperands(); ++I) {
      const MCOperand &Want = Inst.getOperand(I), &Got = Decoded.getOperand(I);
      if (Want.isImm() && (!Got.isImm() || Got.getImm() != Want.getImm()))
        return false;
    }
    return true;
  }

private:
  std::unique_ptr<MCAsmInfo> AsmInfo;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCContext> Ctx;
  std::unique_ptr<MCCodeEmitter> Emitter;
  std::unique_ptr<MCDisassembler> Disassembler;
};

/// \p Opcode with the first register of each operand's class (tied
/// operands repeat theirs) and \p Immediates.
MCInst probe(unsigned Opcode, ArrayRef<int64_t> Immediates) {
  const AArch64Names &N = AArch64Names::get();
  const MCInstrDesc &Desc = N.Table.getInstrInfo().get(Opcode);
  MCInst Inst;
  Inst.setOpcode(Opcode);
  for (unsigned I = 0; I < Desc.getNumOperands(); ++I) {
    int TiedTo = Desc.getOperandConstraint(I, MCOI::TIED_TO);
    if (TiedTo >= 0 && unsigned(TiedTo) < I) {
      Inst.addOperand(Inst.getOperand(TiedTo));
      continue;
    }
    int16_t ClassID = Desc.operands()[I].RegClass;
    if (ClassID >= 0) {
      const MCRegisterClass &RC = N.Table.getRegInfo().getRegClass(ClassID);
      Inst.addOperand(MCOperand::createReg(
          RC.getNumRegs() ? MCRegister(*RC.begin()) : MCRegister()));
      continue;
    }
    Inst.addOperand(MCOperand::createImm(Immediates[I]));
  }
  return Inst;
}

/// The immediates of \p Opcode, one per operand (registers' entries are
/// unused): \p Preferred where it round-trips, else the values found.
SmallVector<int64_t, 6>
findImmediates(RoundTrip &Check, unsigned Opcode,
               const std::function<int64_t(unsigned)> &Preferred) {
  const MCInstrDesc &Desc =
      AArch64Names::get().Table.getInstrInfo().get(Opcode);
  SmallVector<int64_t, 6> Values;
  SmallVector<unsigned, 4> ImmediateOperands;
  for (unsigned I = 0; I < Desc.getNumOperands(); ++I) {
    bool IsImmediate = Desc.operands()[I].RegClass < 0 &&
                       Desc.getOperandConstraint(I, MCOI::TIED_TO) < 0;
    Values.push_back(IsImmediate ? Preferred(I) : 0);
    if (IsImmediate)
      ImmediateOperands.push_back(I);
  }
  if (ImmediateOperands.empty() ||
      Check.sameImmediates(probe(Opcode, Values)).value_or(true))
    return Values;
  // One operand at a time, the others as preferred.
  for (unsigned I : ImmediateOperands) {
    SmallVector<int64_t, 6> Trial = Values;
    for (int64_t Candidate : Candidates) {
      Trial[I] = Candidate;
      if (Check.sameImmediates(probe(Opcode, Trial)).value_or(false))
        return Trial;
    }
  }
  return Values;
}

} // namespace

int64_t chooseAArch64Immediate(
    unsigned Opcode, unsigned OperandIndex,
    const std::function<int64_t(unsigned OperandIndex)> &Preferred) {
  static std::mutex Lock;
  static RoundTrip Check;
  static DenseMap<unsigned, SmallVector<int64_t, 6>> Cache;
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Opcode);
  if (It == Cache.end())
    It = Cache.try_emplace(Opcode, findImmediates(Check, Opcode, Preferred))
             .first;
  return OperandIndex < It->second.size() ? It->second[OperandIndex]
                                          : Preferred(OperandIndex);
}

} // namespace exegesis
} // namespace llvm
