# The inverse_throughput mode measures cycles per instruction under its own key.

# These check that a value comes out, not what it is: each measurement
# settles for at most half a second (on a loaded machine the default 5 s
# each made this test take up to 50 s).

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0.5 | FileCheck %s
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0.5 -execution-mode=subprocess | FileCheck %s

# CHECK: mode: inverse_throughput
# CHECK: measurements:
# CHECK-NEXT: - { key: inverse_throughput, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: {} }
# CHECK-NEXT: error: ''

# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG RCX 1
# LLVM-EXEGESIS-DEFREG RDX 1
addq %rax, %rax
addq %rbx, %rbx
addq %rcx, %rcx
addq %rdx, %rdx
