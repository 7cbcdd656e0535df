//===-- SyntheticMachine.h - A core whose port mapping is known -*- C++ -*-===//
//
// The ground truth of the synthetic checks: instructions made of micro-ops
// with port sets (and, for work that is not pipelined, cycles of a unit of
// their own), a dispatch width, and the cycles of any mixture under an
// optimal scheduler, optionally with multiplicative measurement noise. The
// inference sees it only through measured cycles, as it sees a host. Three
// machines: a made-up 4-port one, and two shaped like real cores (a Skylake
// and a Zen), each with candidates for basic instructions (one micro-op,
// some twins) and other instructions to measure against the model.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_SYNTHETICMACHINE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_PORTMAP_SYNTHETICMACHINE_H

#include "PortMap/PortMapping.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {
namespace portmap {

struct SyntheticInstr {
  std::string Name;
  /// One port set per micro-op.
  SmallVector<uint32_t, 4> MicroOps;
  /// Cycles per instance on a unit of its own (0: none).
  double OwnCycles = 0;
};

struct SyntheticMachine {
  std::string Name;
  unsigned NumPorts = 0;
  SmallVector<std::string, 16> PortNames;
  unsigned DispatchWidth = 0;
  /// Candidates for basic instructions.
  std::vector<SyntheticInstr> Candidates;
  /// Instructions of several micro-ops or a unit of their own.
  std::vector<SyntheticInstr> Others;

  /// Exact cycles of \p Counts[I] copies of \p Instrs[I].
  double cycles(ArrayRef<const SyntheticInstr *> Instrs,
                ArrayRef<unsigned> Counts) const;
  /// The true mapping of the candidates \p Basic (each one micro-op).
  PortMapping truthOver(ArrayRef<unsigned> Basic) const;
  /// "ALU0,ALU3".
  std::string formatPorts(uint32_t Ports) const;
};

/// Ports A, B, C, D; \p DispatchWidth 0 for none.
SyntheticMachine makeToyMachine(unsigned DispatchWidth);
SyntheticMachine makeSkylakeLikeMachine();
SyntheticMachine makeZenLikeMachine();

/// Multiplies by 1 + N(0, Sigma), clamped to three sigma: a measurement's
/// noise, reproducible from its seed.
class MeasurementNoise {
public:
  MeasurementNoise(double Sigma, unsigned Seed) : Sigma(Sigma), Gen(Seed) {}
  double apply(double V);

private:
  double Sigma;
  std::mt19937 Gen;
};

} // namespace portmap
} // namespace exegesis
} // namespace llvm

#endif
