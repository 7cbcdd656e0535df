//===-- SyntheticCheck.cpp - Solving a known mapping back -----------------===//

#include "PortMap/SyntheticCheck.h"
#include "PortMap/Characterisation.h"
#include "llvm/ADT/STLExtras.h"
#include <cmath>
#include <random>
#include <set>
#include <utility>

namespace llvm {
namespace exegesis {
namespace portmap {

namespace {

using ResourceShape = std::pair<uint64_t, unsigned>;

std::set<ResourceShape> getShapes(const ResourceModel &Model) {
  std::set<ResourceShape> Shapes;
  for (const Resource &R : Model.resources())
    Shapes.insert({R.Members, R.Units});
  return Shapes;
}

/// The micro-ops of \p X that must issue within resource \p R, by the truth.
double getTrueUsage(const SyntheticInstr &X, const Resource &R,
                    const PortMapping &Truth) {
  if (R.IsDispatch)
    return X.MicroOps.size();
  uint32_t TruePorts = 0;
  for (unsigned B = 0; B < Truth.PortSets.size(); ++B)
    if (R.Members >> B & 1)
      TruePorts |= Truth.PortSets[B];
  return count_if(X.MicroOps,
                  [TruePorts](uint32_t U) { return (U & ~TruePorts) == 0; });
}

Error characteriseOthers(const SyntheticMachine &M,
                         const ScenarioOptions &Options,
                         MeasurementNoise &Noise, ScenarioOutcome &O) {
  const InferenceResult &R = O.Inference;
  SmallVector<const SyntheticInstr *, 16> ToCharacterise;
  for (const SyntheticInstr &I : M.Others)
    ToCharacterise.push_back(&I);
  ToCharacterise.push_back(&M.Candidates[R.Basic[0]]);
  for (const SyntheticInstr *X : ToCharacterise) {
    auto MeasureX = [&](unsigned Copies,
                        ArrayRef<KernelTerm> K) -> Expected<double> {
      SmallVector<const SyntheticInstr *, 8> Instrs = {X};
      SmallVector<unsigned, 8> Counts = {Copies};
      for (const KernelTerm &T : K) {
        Instrs.push_back(&M.Candidates[R.Basic[T.Instr]]);
        Counts.push_back(T.Count);
      }
      return Noise.apply(M.cycles(Instrs, Counts));
    };
    Expected<CharacterisationResult> C =
        characterise(R.Model, MeasureX, Options.Tolerance);
    if (!C)
      return C.takeError();
    CharacterisedInstr CI{X->Name, C->U, {}};
    for (auto [I, Res] : enumerate(R.Model.resources())) {
      double True = getTrueUsage(*X, Res, O.Truth);
      CI.TrueMicroOps.push_back(True);
      ++O.UsagesTotal;
      if (std::fabs(C->U.MicroOps[I] - True) <= 0.1 + 0.05 * True)
        ++O.UsagesRight;
    }
    O.Characterised.push_back(std::move(CI));
  }
  return Error::success();
}

/// Random mixtures of 2 to 5 instructions: the basic ones, and those
/// characterised that are not one plain micro-op.
void predictHeldOut(const SyntheticMachine &M, const ScenarioOptions &Options,
                    MeasurementNoise &Noise, ScenarioOutcome &O) {
  const InferenceResult &R = O.Inference;
  std::mt19937 Gen(Options.Seed * 7919 + 1);
  std::vector<Usage> BasicUsages;
  for (unsigned B = 0; B < R.Basic.size(); ++B)
    BasicUsages.push_back(R.Model.getBasicUsage(B));
  std::vector<std::pair<const SyntheticInstr *, const Usage *>> Pool;
  for (unsigned B = 0; B < R.Basic.size(); ++B)
    Pool.push_back({&M.Candidates[R.Basic[B]], &BasicUsages[B]});
  for (const CharacterisedInstr &CI : O.Characterised) {
    const SyntheticInstr *X = nullptr;
    for (const SyntheticInstr &I : M.Others)
      if (I.Name == CI.Name)
        X = &I;
    if (X && (X->MicroOps.size() > 1 || X->OwnCycles > 0))
      Pool.push_back({X, &CI.U});
  }
  for (unsigned Mix = 0; Mix < Options.NumHeldOutMixtures; ++Mix) {
    unsigned Size = std::min<size_t>(2 + Gen() % 4, Pool.size());
    SmallVector<unsigned, 8> Picks;
    while (Picks.size() < Size) {
      unsigned P = Gen() % Pool.size();
      if (!is_contained(Picks, P))
        Picks.push_back(P);
    }
    SmallVector<const SyntheticInstr *, 8> Instrs;
    SmallVector<const Usage *, 8> Usages;
    SmallVector<unsigned, 8> Counts;
    for (unsigned P : Picks) {
      Instrs.push_back(Pool[P].first);
      Usages.push_back(Pool[P].second);
      Counts.push_back(1 + Gen() % 4);
    }
    O.HeldOutMeasured.push_back(Noise.apply(M.cycles(Instrs, Counts)));
    O.HeldOutPredicted.push_back(R.Model.predictCycles(Usages, Counts));
  }
}

} // namespace

Expected<ScenarioOutcome> runSyntheticScenario(const SyntheticMachine &M,
                                               const ScenarioOptions &Options) {
  MeasurementNoise Noise(Options.NoiseSigma, Options.Seed);
  std::vector<std::string> Names;
  for (const SyntheticInstr &I : M.Candidates)
    Names.push_back(I.Name);
  auto Measure = [&](ArrayRef<KernelTerm> K) -> Expected<double> {
    SmallVector<const SyntheticInstr *, 8> Instrs;
    SmallVector<unsigned, 8> Counts;
    for (const KernelTerm &T : K) {
      Instrs.push_back(&M.Candidates[T.Instr]);
      Counts.push_back(T.Count);
    }
    return Noise.apply(M.cycles(Instrs, Counts));
  };
  InferenceOptions Inference;
  Inference.Structure.Tolerance = Options.Tolerance;
  Expected<InferenceResult> R = inferResourceModel(Names, Measure, Inference);
  if (!R)
    return R.takeError();
  ScenarioOutcome O;
  O.Inference = std::move(*R);
  O.Truth = M.truthOver(O.Inference.Basic);
  Expected<ResourceModel> TruthModel = ResourceModel::derive(O.Truth);
  if (!TruthModel)
    return TruthModel.takeError();
  O.TruthModel = std::move(*TruthModel);
  O.ModelRecovered = getShapes(O.Inference.Model) == getShapes(O.TruthModel);
  O.NumUnexplained = O.Inference.countNotes(InferenceNote::Kind::Unexplained);
  O.MappingRecovered = isSameUpToPortRenaming(O.Inference.Mapping, O.Truth);
  if (Options.Characterise)
    if (Error Err = characteriseOthers(M, Options, Noise, O))
      return Err;
  if (Options.NumHeldOutMixtures)
    predictHeldOut(M, Options, Noise, O);
  return O;
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
