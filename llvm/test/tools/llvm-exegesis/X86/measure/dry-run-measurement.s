# -benchmark-phase=dry-run-measurement does everything the measure phase
# does but execute the measured code: no measurements, no error. This snippet
# would crash (it loads from address 0), so an empty error shows that it did
# not run.

# REQUIRES: exegesis-can-execute-x86_64, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-phase=dry-run-measurement | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-phase=dry-run-measurement -use-dummy-perf-counters | FileCheck %s
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -benchmark-phase=dry-run-measurement -repetition-mode=min | FileCheck %s
# CHECK:      measurements: []
# CHECK-NEXT: error: ''
# CHECK-NEXT: info:
# CHECK-NEXT: assembled_snippet: {{[0-9A-F]+}}

# Measuring it does crash.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s | FileCheck %s --check-prefix=MEASURE
# MEASURE: error: 'snippet crashed while running: {{.*}}'

# The counters are set up: a counter that cannot be opened fails the dry run
# as it fails a measurement.
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -benchmark-phase=dry-run-measurement -validation-counter=no-such-event 2>&1 | FileCheck %s --check-prefix=BAD-COUNTER
# BAD-COUNTER: llvm-exegesis error: invalid -validation-counter 'no-such-event'

# The code of another target is prepared (never run) with dummy counters;
# no counter of that target can be opened here.
# RUN: llvm-exegesis -mtriple=aarch64-linux-gnu -mcpu=neoverse-v2 -mode=latency -opcode-name=ADDXri -benchmark-phase=dry-run-measurement -use-dummy-perf-counters | FileCheck %s --check-prefix=CROSS
# CROSS:      llvm_triple: aarch64-unknown-linux-gnu
# CROSS:      measurements: []
# CROSS-NEXT: error: ''
# RUN: not llvm-exegesis -mtriple=aarch64-linux-gnu -mcpu=neoverse-v2 -mode=latency -opcode-name=ADDXri -benchmark-phase=dry-run-measurement 2>&1 | FileCheck %s --check-prefix=CROSS-COUNTER
# CROSS-COUNTER: llvm-exegesis error: cannot measure aarch64-unknown-linux-gnu code on this {{.*}} host; stop before the measure phase with -benchmark-phase=assemble-measured-code or dry-run it with -use-dummy-perf-counters
# CROSS-COUNTER-NOT: ADDXri

# LLVM-EXEGESIS-DEFREG RBX 0
movq (%rbx), %rax
