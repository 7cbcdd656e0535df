# The loop counter chosen with LLVM-EXEGESIS-LOOP-REGISTER replaces R8 (the default),
# so the snippet may use R8: here it checks on every iteration that R8 still
# holds its initial value, which it would not if R8 counted the loop.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop -loop-body-size=10 | FileCheck %s --check-prefix=OK
# RUN: llvm-exegesis -mode=latency -execution-mode=inprocess -min-instructions=100 -use-dummy-perf-counters -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# The counter really is R13: the object shows it counting.
# RUN: llvm-exegesis -mode=latency -benchmark-phase=assemble-measured-code -snippets-file=%s -repetition-mode=loop -min-instructions=100 -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
# Without the annotation the snippet uses the default counter: refused.
# RUN: sed -e '/LOOP-REGISTER R13/d' %s > %t.default.s
# RUN: not %exegesis-memory -snippets-file=%t.default.s -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=READS-R8
# A snippet that reads the chosen counter is refused too, naming it.
# RUN: sed -e 's/^cmpq %r8, %rcx/cmpq %r13, %rcx/' %s > %t.reads.s
# RUN: not %exegesis-memory -snippets-file=%t.reads.s -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=READS-R13
# So is a live-in counter.
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG RAX 0/# LLVM-EXEGESIS-LIVEIN R13/' %s > %t.livein.s
# RUN: not %exegesis-memory -snippets-file=%t.livein.s -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=LIVEIN
# Duplication needs no counter: R8 is fine there.
# RUN: %exegesis-memory -snippets-file=%t.default.s -repetition-mode=duplicate | FileCheck %s --check-prefix=OK

# OK: error: ''
# OBJ: addq $-0x1, %r13
# OBJ-NEXT: jne
# READS-R8: llvm-exegesis error: the snippet sets an initial value for R8, which overlaps the loop counter R8; choose another with LLVM-EXEGESIS-LOOP-REGISTER
# READS-R13: llvm-exegesis error: the snippet reads R13, which overlaps the loop counter R13; choose another with LLVM-EXEGESIS-LOOP-REGISTER
# LIVEIN: llvm-exegesis error: the snippet uses R13 as a live-in, which overlaps the loop counter R13; choose another with LLVM-EXEGESIS-LOOP-REGISTER

# LLVM-EXEGESIS-LOOP-REGISTER R13
# LLVM-EXEGESIS-DEFREG R8 7777
# LLVM-EXEGESIS-DEFREG RAX 0
movq $0x7777, %rcx
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %r8, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
