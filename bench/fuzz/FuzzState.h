//===-- FuzzState.h - The target the fuzz targets read for ------*- C++ -*-===//
//
// Snippet and results readers need an LLVMState to resolve opcode and
// register names. Building one takes milliseconds, far longer than reading
// a small input, so each fuzz target builds the one it reads for once and
// keeps it for the process. x86-64 Zen 4 is fixed rather than the host so
// that a reproducer behaves the same on every machine (and AVX-512 snippets
// of the lit tests are accepted).
//
//===----------------------------------------------------------------------===//

#ifndef EXEGESIS_BENCH_FUZZ_FUZZSTATE_H
#define EXEGESIS_BENCH_FUZZ_FUZZSTATE_H

#include "Core/LLVMState.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

namespace llvm {
namespace exegesis {

inline const LLVMState &getFuzzState() {
  static std::unique_ptr<LLVMState> State = [] {
    Expected<std::unique_ptr<LLVMState>> S =
        LLVMState::create("x86_64-unknown-linux-gnu", "znver4");
    if (!S) {
      errs() << "fuzz: " << toString(S.takeError()) << "\n";
      std::abort();
    }
    return std::move(*S);
  }();
  return *State;
}

} // namespace exegesis
} // namespace llvm

#endif
