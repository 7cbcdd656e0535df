//===-- SyntheticMachine.cpp - A core whose port mapping is known ---------===//

#include "PortMap/SyntheticMachine.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <initializer_list>

namespace llvm {
namespace exegesis {
namespace portmap {

double SyntheticMachine::cycles(ArrayRef<const SyntheticInstr *> Instrs,
                                ArrayRef<unsigned> Counts) const {
  double Cycles = 0;
  unsigned Total = 0;
  for (size_t I = 0; I < Instrs.size(); ++I) {
    Total += Counts[I] * Instrs[I]->MicroOps.size();
    Cycles = std::max(Cycles, Counts[I] * Instrs[I]->OwnCycles);
  }
  if (DispatchWidth)
    Cycles = std::max(Cycles, double(Total) / DispatchWidth);
  for (uint32_t S = 1; S < (uint32_t(1) << NumPorts); ++S) {
    unsigned Confined = 0;
    for (size_t I = 0; I < Instrs.size(); ++I)
      for (uint32_t U : Instrs[I]->MicroOps)
        if ((U & ~S) == 0)
          Confined += Counts[I];
    Cycles = std::max(Cycles, double(Confined) / llvm::popcount(S));
  }
  return Cycles;
}

PortMapping SyntheticMachine::truthOver(ArrayRef<unsigned> Basic) const {
  PortMapping PM;
  PM.NumPorts = NumPorts;
  PM.DispatchWidth = DispatchWidth;
  for (unsigned C : Basic)
    PM.PortSets.push_back(Candidates[C].MicroOps.front());
  return PM;
}

std::string SyntheticMachine::formatPorts(uint32_t Ports) const {
  std::string S;
  raw_string_ostream OS(S);
  ListSeparator Comma(",");
  for (unsigned P = 0; P < NumPorts; ++P)
    if (Ports >> P & 1)
      OS << Comma << PortNames[P];
  return S;
}

static uint32_t ports(std::initializer_list<unsigned> L) {
  uint32_t S = 0;
  for (unsigned P : L)
    S |= uint32_t(1) << P;
  return S;
}

SyntheticMachine makeToyMachine(unsigned DispatchWidth) {
  SyntheticMachine M;
  M.Name = "toy 4-port, " + (DispatchWidth
                                 ? "dispatch " + std::to_string(DispatchWidth)
                                 : std::string("no dispatch limit"));
  M.NumPorts = 4;
  M.PortNames = {"A", "B", "C", "D"};
  M.DispatchWidth = DispatchWidth;
  M.Candidates = {
      {"a", {ports({0})}},     {"b", {ports({1})}},
      {"ab", {ports({0, 1})}}, {"cd", {ports({2, 3})}},
      {"bc", {ports({1, 2})}}, {"abcd", {ports({0, 1, 2, 3})}},
      {"d", {ports({3})}},     {"cd.twin", {ports({2, 3})}},
  };
  M.Others = {
      {"a+cd", {ports({0}), ports({2, 3})}},
      {"2ab", {ports({0, 1}), ports({0, 1})}},
      {"slow-b", {ports({1})}, 3.0},
  };
  return M;
}

SyntheticMachine makeSkylakeLikeMachine() {
  SyntheticMachine M;
  M.Name = "Skylake-like (p0156 ALU, p23 loads, p4 store data, p7 store "
           "address, rename 4)";
  M.NumPorts = 8;
  M.PortNames = {"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"};
  M.DispatchWidth = 4;
  const uint32_t P0156 = ports({0, 1, 5, 6}), P06 = ports({0, 6}),
                 P15 = ports({1, 5}), P1 = ports({1}), P015 = ports({0, 1, 5}),
                 P01 = ports({0, 1}), P5 = ports({5}), P0 = ports({0}),
                 P23 = ports({2, 3}), P237 = ports({2, 3, 7}), P4 = ports({4});
  M.Candidates = {
      {"ADD64rr", {P0156}}, {"SHL64ri", {P06}},    {"LEA64r", {P15}},
      {"IMUL64rr", {P1}},   {"VPADDDrr", {P015}},  {"VADDPSrr", {P01}},
      {"VPSHUFBrr", {P5}},  {"VPMOVMSKBrr", {P0}}, {"MOV64rm", {P23}},
      {"CMOV64rr", {P06}},  {"POPCNT64rr", {P1}},  {"VMOVUPSrm", {P23}},
      {"ANDN64rr", {P15}},  {"VMULPSrr", {P01}},
  };
  M.Others = {
      {"MOV64mr", {P237, P4}},
      {"ADD64rm", {P23, P0156}},
      {"VHADDPSrr", {P01, P5, P5}},
      {"CVTSI2SDrr", {P01, P5}},
      {"XCHG64rr", {P0156, P0156, P0156}},
      {"DIV64r", {P0, P1, P5, ports({6})}, 24.0},
      {"VPERMQYri", {P5}},
      {"SHLX64rr", {P06}},
      {"BSWAP64r", {P15}},
      {"PUSH64r", {P237, P4}},
  };
  return M;
}

SyntheticMachine makeZenLikeMachine() {
  SyntheticMachine M;
  M.Name = "Zen-like (4 ALUs, 3 load AGUs, 4 FP pipes, store data pipe, "
           "dispatch 6)";
  M.NumPorts = 12;
  M.PortNames = {"ALU0", "ALU1", "ALU2", "ALU3", "LD0", "LD1",
                 "LD2",  "FP0",  "FP1",  "FP2",  "FP3", "STD"};
  M.DispatchWidth = 6;
  const uint32_t ALU = ports({0, 1, 2, 3}), ALU1 = ports({1}),
                 ALU12 = ports({1, 2}), ALU03 = ports({0, 3}),
                 LD = ports({4, 5, 6}), FP = ports({7, 8, 9, 10}),
                 FP23 = ports({9, 10}), FP01 = ports({7, 8}),
                 FP12 = ports({8, 9}), FP2 = ports({9}), STD = ports({11});
  M.Candidates = {
      {"ADD64rr", {ALU}},       {"IMUL64rr", {ALU1}}, {"SHL64ri", {ALU12}},
      {"CMOV64rr", {ALU03}},    {"MOV64rm", {LD}},    {"VPADDDrr", {FP}},
      {"VADDPSrr", {FP23}},     {"VMULPSrr", {FP01}}, {"VPSHUFBrr", {FP12}},
      {"VPMOVMSKBrr", {FP2}},   {"BLSR64rr", {ALU}},  {"VMOVUPSrm", {LD}},
      {"VFMADD231PSr", {FP01}},
  };
  M.Others = {
      {"MOV64mr", {LD, STD}},
      {"ADD64rm", {LD, ALU}},
      {"VHADDPSrr", {FP12, FP12, FP23}},
      {"DIV64r", {ALU, ALU}, 14.0},
      {"VPERMDYrr", {FP12, FP12}},
      {"PDEP64rr", {ALU1, ALU1, ALU1}},
      {"VADDPSrm", {LD, FP23}},
  };
  return M;
}

double MeasurementNoise::apply(double V) {
  if (Sigma == 0)
    return V;
  double E = std::normal_distribution<double>(0, Sigma)(Gen);
  E = std::max(-3 * Sigma, std::min(3 * Sigma, E));
  return V * (1 + E);
}

} // namespace portmap
} // namespace exegesis
} // namespace llvm
