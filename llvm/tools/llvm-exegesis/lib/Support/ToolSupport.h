//===-- ToolSupport.h - Services that know nothing of benchmarks ---*- C++ -*-//
//
// The ground layer of the library (docs/Layout.rst): what any layer may use
// to end, refuse and report the same way everywhere. A tool that forks
// children, runs for hours and reads files other releases wrote needs these
// in every subsystem, and none of them knows what a benchmark is:
//
// - Interruption.h: SIGINT, SIGTERM and SIGHUP stop the benchmark in flight,
//   and the run ends with what it measured;
// - ExitCleanup.h: helper processes end before the tool, also when it exits
//   from the middle of an error or an interruption;
// - SystemRefusal.h: why the system refused a call (a limit, seccomp,
//   Yama's ptrace policy, the affinity mask), said in one line;
// - InputDiagnostic.h: an error at a line and column of an input file, in
//   LLVM's diagnostic form;
// - OutputFile.h: a report file is written whole or not at all;
// - NearestName.h: the closest known name, for a did-you-mean hint.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_TOOLSUPPORT_H
#define LLVM_TOOLS_LLVM_EXEGESIS_SUPPORT_TOOLSUPPORT_H

#include "Support/ExitCleanup.h"
#include "Support/InputDiagnostic.h"
#include "Support/Interruption.h"
#include "Support/NearestName.h"
#include "Support/OutputFile.h"
#include "Support/SystemRefusal.h"

#endif
