# A MEM-MAPped page is writable: a value stored there is read back.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# Reading back from another address than the one stored to fails.
# RUN: sed -e 's/^movq 2101240, %rax/movq 2101232, %rax/' %s > %t.other.s
# RUN: %exegesis-memory -snippets-file=%t.other.s | FileCheck %s --check-prefix=SIGILL

# OK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'

# LLVM-EXEGESIS-MEM-DEF page 8192 00
# LLVM-EXEGESIS-MEM-MAP page 2097152
movabsq $0x1122334455667788, %rcx
movq %rcx, 2101240
movq 2101240, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
