//===-- PowerPC/PowerPCCalibrationLoop.h - Calibration loops ----*- C++ -*-===//
//
// The machine code of the time-based cycle counter's calibration loops on
// ppc64le (CalibrationLoop in Core/Target.h): chains of dependent adds,
// groups of independent adds, and chains of vector adds. Hand-encoded, so
// that calibrating needs no assembler. Not yet run on PowerPC hardware.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCCALIBRATIONLOOP_H
#define LLVM_TOOLS_LLVM_EXEGESIS_POWERPC_POWERPCCALIBRATIONLOOP_H

#include "Core/Target.h"
#include <string>

namespace llvm {
namespace exegesis {

/// The function that runs \p Loop (no wide vector chain).
std::string encodePowerPCCalibrationLoop(const CalibrationLoop &Loop);

} // namespace exegesis
} // namespace llvm

#endif
