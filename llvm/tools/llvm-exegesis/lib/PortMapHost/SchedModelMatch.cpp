//===-- SchedModelMatch.cpp -------------------------------------*- C++ -*-===//

#include "PortMapHost/SchedModelMatch.h"
#include "Core/LLVMState.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include <cmath>
#include <limits>

namespace llvm {
namespace exegesis {
namespace portmap {

Expected<SchedResources> getSchedResources(const LLVMState &State) {
  const MCSchedModel &SM = State.getSubtargetInfo().getSchedModel();
  if (!SM.hasInstrSchedModel())
    return createStringError(inconvertibleErrorCode(),
                             "LLVM has no scheduling model for CPU '" +
                                 State.getCpuName() + "' to match with");
  SchedResources Result;
  Result.CpuName = State.getCpuName().str();
  Result.IssueWidth = SM.IssueWidth;
  Result.Resources.resize(SM.getNumProcResourceKinds());
  for (unsigned I = 1; I < SM.getNumProcResourceKinds(); ++I) {
    const MCProcResourceDesc &Desc = *SM.getProcResource(I);
    SchedResource &R = Result.Resources[I];
    R.Name = Desc.Name ? Desc.Name : formatv("ProcResource{0}", I).str();
    R.Units = Desc.NumUnits;
    R.IsGroup = Desc.SubUnitsIdxBegin != nullptr;
    if (R.IsGroup)
      R.SubUnits.append(Desc.SubUnitsIdxBegin,
                        Desc.SubUnitsIdxBegin + Desc.NumUnits);
    else
      R.SubUnits.push_back(I);
  }
  return Result;
}

SchedUsage getSchedUsage(const LLVMState &State, const MCInst &Inst) {
  const MCSubtargetInfo &STI = State.getSubtargetInfo();
  const MCSchedModel &SM = STI.getSchedModel();
  const MCInstrInfo &MCII = State.getInstrInfo();
  SchedUsage Result;
  Result.Cycles.assign(SM.getNumProcResourceKinds(), 0);
  if (!SM.hasInstrSchedModel())
    return Result;
  unsigned Class = MCII.get(Inst.getOpcode()).getSchedClass();
  const MCSchedClassDesc *Desc = SM.getSchedClassDesc(Class);
  // A variant class depends on the operands (a zero idiom, say): resolve it
  // on this instance, as MCA does.
  while (Desc && Desc->isVariant()) {
    Class =
        STI.resolveVariantSchedClass(Class, &Inst, &MCII, SM.getProcessorID());
    Desc = Class ? SM.getSchedClassDesc(Class) : nullptr;
  }
  if (!Desc || !Desc->isValid())
    return Result;
  Result.Known = true;
  Result.ClassName = SM.getSchedClassName(Class).str();
  Result.NumMicroOps = Desc->NumMicroOps;
  for (const MCWriteProcResEntry &E :
       make_range(STI.getWriteProcResBegin(Desc), STI.getWriteProcResEnd(Desc)))
    if (E.ReleaseAtCycle > E.AcquireAtCycle)
      Result.Cycles[E.ProcResourceIdx] += E.ReleaseAtCycle - E.AcquireAtCycle;
  return Result;
}

/// The basic instructions whose class holds ProcResource \p P.
static uint64_t getHolders(unsigned P, ArrayRef<SchedUsage> BasicUsages) {
  uint64_t Holders = 0;
  for (auto [B, U] : enumerate(BasicUsages))
    if (P < U.Cycles.size() && U.Cycles[P] > 0)
      Holders |= uint64_t(1) << B;
  return Holders;
}

static std::string formatMembers(uint64_t Members,
                                 ArrayRef<std::string> Names) {
  // A resource of many members is named by a few: the line stays readable.
  constexpr unsigned MaxShown = 4;
  std::string S;
  unsigned Shown = 0;
  for (unsigned B = 0; B < Names.size(); ++B) {
    if (!(Members >> B & 1))
      continue;
    if (Shown++ == MaxShown) {
      S += formatv(" and {0} more", popcount(Members) - MaxShown).str();
      break;
    }
    S += (S.empty() ? "" : " ") + Names[B];
  }
  return S;
}

std::vector<ResourceMatch> matchResources(const ResourceModel &Model,
                                          const SchedResources &Sched,
                                          ArrayRef<SchedUsage> BasicUsages,
                                          ArrayRef<std::string> BasicNames) {
  std::vector<uint64_t> Holders(Sched.Resources.size(), 0);
  for (unsigned P = 1; P < Sched.Resources.size(); ++P)
    Holders[P] = getHolders(P, BasicUsages);

  std::vector<ResourceMatch> Matches;
  for (const Resource &R : Model.resources()) {
    ResourceMatch M;
    M.Name = R.Name;
    if (R.IsDispatch) {
      M.Explanation = formatv("the dispatch width: {0} micro-ops a cycle "
                              "here, {1} in LLVM's model",
                              R.Units, Sched.IssueWidth);
      Matches.push_back(std::move(M));
      continue;
    }
    // The closest ProcResource by members (the fewest instructions on one
    // side only), then by units: what a mismatch is explained against.
    unsigned Closest = 0;
    unsigned ClosestDistance = std::numeric_limits<unsigned>::max();
    unsigned ClosestUnitGap = std::numeric_limits<unsigned>::max();
    for (unsigned P = 1; P < Sched.Resources.size(); ++P) {
      if (!Holders[P])
        continue;
      unsigned Distance = popcount(Holders[P] ^ R.Members);
      unsigned Units = Sched.Resources[P].Units;
      unsigned UnitGap = Units > R.Units ? Units - R.Units : R.Units - Units;
      if (Distance == 0 && UnitGap == 0) {
        if (M.ProcResource)
          M.Alternatives.push_back(P);
        else
          M.ProcResource = P;
      }
      if (Distance == 0 && !M.Counterpart)
        M.Counterpart = P;
      if (Distance < ClosestDistance ||
          (Distance == ClosestDistance && UnitGap < ClosestUnitGap)) {
        Closest = P;
        ClosestDistance = Distance;
        ClosestUnitGap = UnitGap;
      }
    }
    if (M.ProcResource) {
      // Same members and units: a match, whatever else the model calls it.
      M.Counterpart = M.ProcResource;
      M.Name = Sched.Resources[M.ProcResource].Name;
      M.Explanation =
          formatv("{0}: the same instructions and {1} units", M.Name, R.Units);
      for (unsigned A : M.Alternatives)
        M.Explanation += " (as " + Sched.Resources[A].Name + ")";
    } else if (M.Counterpart) {
      const SchedResource &C = Sched.Resources[M.Counterpart];
      M.Explanation =
          formatv("the instructions of {0}, but {1} units where LLVM's "
                  "model has {2}",
                  C.Name, R.Units, C.Units);
    } else if (Closest) {
      const SchedResource &C = Sched.Resources[Closest];
      std::string Only =
          formatMembers(R.Members & ~Holders[Closest], BasicNames);
      std::string NotHere =
          formatMembers(Holders[Closest] & ~R.Members, BasicNames);
      M.Explanation = formatv("no ProcResource has its instructions; the "
                              "closest, {0} ({1} units),",
                              C.Name, C.Units);
      if (!Only.empty())
        M.Explanation += " lacks " + Only;
      if (!Only.empty() && !NotHere.empty())
        M.Explanation += " and";
      if (!NotHere.empty())
        M.Explanation += " also holds " + NotHere;
    } else {
      M.Explanation = "no basic instruction's class holds any ProcResource";
    }
    Matches.push_back(std::move(M));
  }
  return Matches;
}

/// "2", "0.5", "0.33": whole counts as such.
static std::string formatCount(double V) {
  std::string S = formatv("{0:F2}", V).str();
  while (S.back() == '0')
    S.pop_back();
  if (S.back() == '.')
    S.pop_back();
  return S;
}

UsageAgreement compareUsage(const ResourceModel &Model,
                            ArrayRef<ResourceMatch> Matches,
                            const SchedResources &Sched, const Usage &Inferred,
                            const SchedUsage &Modelled, double Tolerance) {
  UsageAgreement Result;
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  std::vector<std::string> Differences, Agreements, InferredOnly, ModelOnly;
  std::string Unknown;
  unsigned UsedInCommon = 0;
  bool Differs = false;
  // ProcResources that an inferred resource stands for: what the class
  // holds of the others goes unseen by the comparison, and is said.
  std::vector<bool> Covered(Sched.Resources.size(), false);
  for (auto [I, R] : enumerate(Model.resources())) {
    double Mine = I < Inferred.MicroOps.size() ? Inferred.MicroOps[I] : 0;
    Result.Inferred.push_back(Mine);
    const ResourceMatch &M = Matches[I];
    double Theirs = NaN;
    std::string Name = M.Name;
    if (R.IsDispatch) {
      if (Modelled.Known)
        Theirs = Modelled.NumMicroOps;
      Name += " (micro-ops)";
    } else if (M.Counterpart && Modelled.Known) {
      Theirs = Modelled.Cycles[M.Counterpart];
      Covered[M.Counterpart] = true;
    }
    Result.Modelled.push_back(Theirs);
    if (std::isnan(Theirs)) {
      if (Mine >= Tolerance)
        InferredOnly.push_back(formatv("{0} {1}", Name, formatCount(Mine)));
      continue;
    }
    if (std::fabs(Mine - Theirs) >= Tolerance) {
      Differs = true;
      Differences.push_back(formatv("{0}: inferred {1}, model {2}", Name,
                                    formatCount(Mine), formatCount(Theirs)));
    } else if (Mine >= Tolerance || Theirs >= Tolerance) {
      // Agreeing that neither uses a resource says little: an agreement
      // needs a use in common.
      UsedInCommon += !R.IsDispatch;
      Agreements.push_back(
          formatv("{0}: {1} in both", Name, formatCount(Theirs)));
    }
  }
  if (Modelled.Known) {
    // A ProcResource inside one that is covered (ALU1 inside ALU0123) is
    // seen through it. A group held because a unit inside it is (TableGen
    // lists every group around a written unit, with the same cycles) says
    // nothing of its own. What remains is held and unseen.
    auto Within = [&](unsigned P, unsigned Q) {
      return all_of(Sched.Resources[P].SubUnits, [&](unsigned U) {
        return is_contained(Sched.Resources[Q].SubUnits, U);
      });
    };
    for (unsigned P = 1; P < Sched.Resources.size(); ++P) {
      if (Modelled.Cycles[P] <= 0 || Covered[P])
        continue;
      bool Seen = false;
      for (unsigned Q = 1; Q < Sched.Resources.size() && !Seen; ++Q) {
        if (Q == P || Modelled.Cycles[Q] <= 0)
          continue;
        bool Inside = Within(P, Q), Around = Within(Q, P);
        // Groups of the same units (Zn4FPAES01 and Zn4FPFMul01) are one
        // thing under several names: the first speaks for the others.
        Seen =
            (Covered[Q] && Inside) ||
            (Around && !Inside && Modelled.Cycles[Q] >= Modelled.Cycles[P]) ||
            (Around && Inside && Q < P &&
             Modelled.Cycles[Q] == Modelled.Cycles[P]);
      }
      if (!Seen)
        ModelOnly.push_back(formatv("{0} {1}", Sched.Resources[P].Name,
                                    formatCount(Modelled.Cycles[P])));
    }
  } else {
    Unknown = "LLVM's model has no valid scheduling class for it";
  }
  // The micro-op count alone can show a difference, but an agreement needs
  // a port resource used in common.
  if (!Modelled.Known || (!Differs && UsedInCommon == 0))
    Result.V = UsageAgreement::Verdict::NotComparable;
  else
    Result.V = Differs ? UsageAgreement::Verdict::Differs
                       : UsageAgreement::Verdict::Agrees;
  auto Add = [&](const Twine &Item) {
    Result.Text += (Result.Text.empty() ? "" : "; ") + Item.str();
  };
  if (!Unknown.empty())
    Add(Unknown);
  for (const std::string &S : Differences)
    Add(S);
  for (const std::string &S : Agreements)
    Add(S);
  if (!InferredOnly.empty())
    Add("inferred, no ProcResource to compare: " + join(InferredOnly, ", "));
  if (!ModelOnly.empty())
    Add("model, no inferred resource to compare: " + join(ModelOnly, ", "));
  if (Inferred.OwnCycles > 0)
    Add("a bottleneck of its own of " + formatCount(Inferred.OwnCycles) +
        " cycles");
  return Result;
}

StringRef getVerdictName(UsageAgreement::Verdict V) {
  switch (V) {
  case UsageAgreement::Verdict::Agrees:
    return "agrees";
  case UsageAgreement::Verdict::Differs:
    return "differs";
  case UsageAgreement::Verdict::NotComparable:
    return "not comparable";
  }
  llvm_unreachable("unknown verdict");
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
