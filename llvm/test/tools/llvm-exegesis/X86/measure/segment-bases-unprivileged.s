# An ordinary user (nobody) sets the FS and GS bases of the benchmarking
# subprocess too: arch_prctl needs no privilege. The snippet reads through
# both segments from MEM-MAPped values and executes ud2 unless it reads what
# it expects; the sampler's code between calls finds its own FS base again.

# REQUIRES: exegesis-can-drop-privileges, exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -execution-mode=subprocess | FileCheck %s
# CHECK:      measurements:
# CHECK-NEXT:   - { key: latency, value: {{[0-9.]+}}, per_snippet_value:
# CHECK:      error: ''

# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG GS 30000ff0/# LLVM-EXEGESIS-DEFREG GS 30000ff8/' %s > %t.wrong.s
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %t.wrong.s -mode=latency -execution-mode=subprocess | FileCheck %s --check-prefix=WRONG
# WRONG: error: 'snippet crashed while running: Illegal instruction'

# LLVM-EXEGESIS-MEM-DEF bases 8192 0000000000000000000000000000000000000000000000000000000000000007
# LLVM-EXEGESIS-MEM-MAP bases 805306368
# LLVM-EXEGESIS-DEFREG FS 30000000
# LLVM-EXEGESIS-DEFREG GS 30000ff0
movq %fs:0x20, %rax
movq %gs:0x30, %rcx
addq %rcx, %rax
cmpq $14, %rax
leaq 15(%rip), %rdx
leaq 6(%rip), %rsi
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
