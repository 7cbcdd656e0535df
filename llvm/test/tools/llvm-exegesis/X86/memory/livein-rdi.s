# LIVEIN RDI: RDI points at writable scratch memory (1 MiB) in both execution
# modes; the snippet stores at both ends and reads back.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s
# RUN: llvm-exegesis -mode=latency -execution-mode=inprocess -min-instructions=100 -use-dummy-perf-counters -snippets-file=%s | FileCheck %s
# RUN: llvm-exegesis -mode=latency -execution-mode=subprocess -min-instructions=100 -use-dummy-perf-counters -snippets-file=%s -repetition-mode=loop | FileCheck %s
# The check is live: without one of the stores the sum is wrong (each
# subprocess starts from zeroed scratch memory).
# RUN: sed -e 's/^movq %rcx, (%rdi)/movq %rcx, %rcx/' %s > %t.nostore.s
# RUN: %exegesis-memory -snippets-file=%t.nostore.s | FileCheck %s --check-prefix=SIGILL

# CHECK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'

# LLVM-EXEGESIS-LIVEIN RDI
movq $0x1234, %rcx
movq %rcx, (%rdi)
movq %rcx, 1048568(%rdi)
movq (%rdi), %rax
addq 1048568(%rdi), %rax
movq $0x2468, %rcx
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
