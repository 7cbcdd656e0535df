//===-- AArch64/AArch64CalibrationLoop.h - Calibration loops ----*- C++ -*-===//
//
// The machine code of the time-based cycle counter's calibration loops on
// little-endian AArch64 (CalibrationLoop in Core/Target.h): chains of
// dependent adds, groups of independent adds, and chains of vector adds.
// Hand-encoded, so that calibrating needs no assembler.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64CALIBRATIONLOOP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_AARCH64_AARCH64CALIBRATIONLOOP_H

#include "Core/Target.h"
#include <string>

namespace llvm {
namespace exegesis {

/// The function that runs \p Loop (no wide vector chain).
std::string encodeAArch64CalibrationLoop(const CalibrationLoop &Loop);

} // namespace exegesis
} // namespace llvm

#endif
