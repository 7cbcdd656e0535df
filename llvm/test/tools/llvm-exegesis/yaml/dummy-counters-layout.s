# With dummy counters the code runs and nothing is measured: an empty
# measurement list and an empty error, as upstream writes them.
# REQUIRES: exegesis-can-execute-x86_64
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -use-dummy-perf-counters \
# RUN:   | FileCheck %s --match-full-lines --strict-whitespace
# CHECK:min_instructions: 10000
# CHECK-NEXT:measurements:    []
# CHECK-NEXT:error:           ''

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
