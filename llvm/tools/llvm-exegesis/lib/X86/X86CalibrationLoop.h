//===-- X86/X86CalibrationLoop.h - x86-64 calibration loops -----*- C++ -*-===//
//
// The machine code of the time-based cycle counter's calibration loops on
// x86-64 (CalibrationLoop in Core/Target.h): chains of dependent adds,
// groups of independent adds, and chains of vector adds or 512-bit FMAs.
// Hand-encoded, so that calibrating needs no assembler and the code is the
// same byte for byte on every run.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_X86_X86CALIBRATIONLOOP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_X86_X86CALIBRATIONLOOP_H

#include "Core/Target.h"
#include <string>

namespace llvm {
namespace exegesis {

/// The function that runs \p Loop; its rel8 back-edge limits the body to
/// less than 128 bytes.
std::string encodeX86CalibrationLoop(const CalibrationLoop &Loop);

} // namespace exegesis
} // namespace llvm

#endif
