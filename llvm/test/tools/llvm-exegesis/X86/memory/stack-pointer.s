# A snippet may define the stack pointer (DEFREG RSP, here into a MEM-MAPped
# stack): the generated function saves the caller's RSP in a slot of the
# tool's memory addressed absolutely, and restores it before returning, so
# the snippet runs, returns and is measured.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# The check of RSP is live: another expected value fails.
# RUN: sed -e 's/^movq $0x10008000, %rcx/movq $0x10008008, %rcx/' %s > %t.wrong.s
# RUN: %exegesis-memory -snippets-file=%t.wrong.s | FileCheck %s --check-prefix=SIGILL
# A snippet that sets RSP itself gets the same treatment.
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG RSP 10008000/movq $0x10008000, %rsp/' %s > %t.sets.s
# RUN: %exegesis-memory -snippets-file=%t.sets.s | FileCheck %s --check-prefix=OK
# In process, a stack pointer the snippet never dereferences works too.
# RUN: llvm-exegesis -mode=latency -execution-mode=inprocess -min-instructions=100 -use-dummy-perf-counters -snippets-file=%S/Inputs/zero-stack-pointer.s | FileCheck %s --check-prefix=OK

# Part of the stack pointer cannot be defined on its own.
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG RSP 10008000/# LLVM-EXEGESIS-DEFREG ESP 10008000/' %s > %t.esp.s
# RUN: not %exegesis-memory -snippets-file=%t.esp.s 2>&1 | FileCheck %s --check-prefix=ESP
# ESP: llvm-exegesis error: cannot set register ESP: only the whole stack pointer (RSP) can be defined

# The slot is written after the prologue (which saved RBX) and read back
# before the epilogue; RSP is set last, after every other register.
# RUN: llvm-exegesis -mode=latency -execution-mode=subprocess -benchmark-phase=assemble-measured-code -snippets-file=%s -min-instructions=2 -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ

# OK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'

# OBJ:      <foo>:
# OBJ-NEXT: pushq %rbx
# OBJ-NEXT: pushq %rax
# OBJ-NEXT: leaq 0x8(%rsp), %rax
# OBJ-NEXT: movabsq %rax, 0x[[SLOT:[0-9a-f]+]]
# OBJ-NEXT: popq %rax
# OBJ-NEXT: movabsq $0x5, %rbx
# OBJ-NEXT: movabsq $0x10008000, %rsp
# OBJ:      movabsq 0x[[SLOT]], %rax
# OBJ-NEXT: movq %rax, %rsp
# OBJ-NEXT: popq %rbx
# OBJ-NEXT: retq

# LLVM-EXEGESIS-MEM-DEF stack 65536 00
# LLVM-EXEGESIS-MEM-MAP stack 268435456
# LLVM-EXEGESIS-DEFREG RSP 10008000
# LLVM-EXEGESIS-DEFREG RBX 5
pushq %rbx
popq %rax
movq %rsp, %rax
movq $0x10008000, %rcx
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
