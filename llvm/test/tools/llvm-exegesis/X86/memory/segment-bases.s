# A DEFREG of FS or GS gives the FS or GS segment its base, a 64-bit
# address, in the benchmarking subprocess (as LLVM 22 does): here
# %fs:8 and %gs:24 read the two MEM-MAPped values. The snippet compares what
# it read with what it expects and executes ud2 on a mismatch (the indirect
# jump skips the ud2 when both agree).

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# The checks are live: another base reads another value.
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG FS 20000100/# LLVM-EXEGESIS-DEFREG FS 20010100/' %s > %t.fs.s
# RUN: %exegesis-memory -snippets-file=%t.fs.s | FileCheck %s --check-prefix=SIGILL
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG GS 20010200/# LLVM-EXEGESIS-DEFREG GS 20000200/' %s > %t.gs.s
# RUN: %exegesis-memory -snippets-file=%t.gs.s | FileCheck %s --check-prefix=SIGILL

# OK:      register_initial_values:
# OK-NEXT:   - 'FS=0x20000100'
# OK-NEXT:   - 'GS=0x20010200'
# OK:      error: ''
# SIGILL:  error: 'snippet crashed while running: Illegal instruction'

# The set-up calls arch_prctl(ARCH_SET_FS or ARCH_SET_GS, base), keeping every
# register the call touches; the prologue first saves the caller's bases
# (ARCH_GET_FS, ARCH_GET_GS into slots of the tool) and the epilogue gives
# them back before returning: the subprocess's own code keeps its
# thread-local storage at its FS base.
# RUN: llvm-exegesis -mode=latency -execution-mode=subprocess -benchmark-phase=assemble-measured-code -snippets-file=%s -min-instructions=9 -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJ
# OBJ:      <foo>:
# OBJ:      movl $0x1003, %edi
# OBJ-NEXT: movabsq $0x[[FS_SLOT:[0-9a-f]+]], %rsi
# OBJ-NEXT: movl $0x9e, %eax
# OBJ-NEXT: syscall
# OBJ:      movl $0x1004, %edi
# OBJ-NEXT: movabsq $0x[[GS_SLOT:[0-9a-f]+]], %rsi
# OBJ-NEXT: movl $0x9e, %eax
# OBJ-NEXT: syscall
# OBJ:      pushq %rax
# OBJ-NEXT: pushq %rcx
# OBJ-NEXT: pushq %r11
# OBJ-NEXT: pushq %rdi
# OBJ-NEXT: pushq %rsi
# OBJ-NEXT: movl $0x1002, %edi
# OBJ-NEXT: movabsq $0x20000100, %rsi
# OBJ-NEXT: movl $0x9e, %eax
# OBJ-NEXT: syscall
# OBJ-NEXT: popq %rsi
# OBJ-NEXT: popq %rdi
# OBJ-NEXT: popq %r11
# OBJ-NEXT: popq %rcx
# OBJ-NEXT: popq %rax
# OBJ:      movl $0x1001, %edi
# OBJ-NEXT: movabsq $0x20010200, %rsi
# OBJ:      movq %fs:0x8, %rax
# OBJ:      movl $0x1002, %edi
# OBJ-NEXT: movabsq 0x[[FS_SLOT]], %rax
# OBJ-NEXT: movq %rax, %rsi
# OBJ-NEXT: movl $0x9e, %eax
# OBJ-NEXT: syscall
# OBJ-NEXT: movl $0x1001, %edi
# OBJ-NEXT: movabsq 0x[[GS_SLOT]], %rax
# OBJ-NEXT: movq %rax, %rsi
# OBJ-NEXT: movl $0x9e, %eax
# OBJ-NEXT: syscall
# OBJ:      retq

# LLVM-EXEGESIS-MEM-DEF fsvalue 4096 000000001f5a0001
# LLVM-EXEGESIS-MEM-DEF gsvalue 4096 000000002e6b0002
# LLVM-EXEGESIS-MEM-MAP fsvalue 536870912
# LLVM-EXEGESIS-MEM-MAP gsvalue 536936448
# LLVM-EXEGESIS-DEFREG FS 20000100
# LLVM-EXEGESIS-DEFREG GS 20010200
movq %fs:8, %rax
movq %gs:24, %rbx
xorq $0x1f5a0001, %rax
xorq $0x2e6b0002, %rbx
orq %rbx, %rax
leaq 15(%rip), %rdx
leaq 6(%rip), %rsi
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
