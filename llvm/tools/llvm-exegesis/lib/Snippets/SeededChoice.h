//===-- SeededChoice.h - Reproducible random choices ------------*- C++ -*-===//
//
// With -random-generator-seed the snippet generators choose at random among
// equivalent registers, and one seed must always give one snippet: on every
// machine and with every C++ library. The sequence of std::mt19937 is fixed
// by the standard; how a library maps its numbers to an index below N
// (uniform_int_distribution) is not. SeededChoice maps them itself, with
// Lemire's multiply-and-reject method ("Fast Random Integer Generation in an
// Interval", 2019), the mapping libstdc++ uses too: a seed then draws what
// upstream llvm-exegesis, built with libstdc++, draws.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SEEDEDCHOICE_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SNIPPETS_SEEDEDCHOICE_H

#include <cstddef>
#include <cstdint>
#include <random>

namespace llvm {
namespace exegesis {

class SeededChoice {
public:
  explicit SeededChoice(uint32_t Seed) : Engine(Seed) {}

  /// An index below \p N (1 <= N < 2^32), every one equally likely. Every
  /// call takes the sequence further, a choice among one candidate too.
  size_t index(size_t N);

private:
  std::mt19937 Engine;
};

} // namespace exegesis
} // namespace llvm

#endif
