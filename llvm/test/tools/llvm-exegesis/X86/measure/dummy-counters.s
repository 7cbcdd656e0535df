# Dummy counters run the code in both modes and measure nothing.

# REQUIRES: exegesis-can-execute-x86_64, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -use-dummy-perf-counters | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=inprocess -use-dummy-perf-counters | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -cycle-counter=dummy | FileCheck %s

# CHECK: measurements: []
# CHECK-NEXT: error: ''
# CHECK-NEXT: info: ''

# The code does run: a crash shows.
# RUN: llvm-exegesis -mode=latency -snippets-file=%S/Inputs/null-load.s -execution-mode=subprocess -use-dummy-perf-counters | FileCheck %s --check-prefix=CRASH

# CRASH: error: The snippet encountered a segmentation fault at address {{[0-9A-F]+}}

addq %rax, %rax
