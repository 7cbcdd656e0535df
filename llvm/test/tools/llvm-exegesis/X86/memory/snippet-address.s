# The code runs at LLVM-EXEGESIS-SNIPPET-ADDRESS: every copy of the snippet
# finds its own address (leaq (%rip)) in the 16 MiB at 0x20000000, else ud2.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=min | FileCheck %s --check-prefix=OK
# Elsewhere the same check fails.
# RUN: sed -e 's/^# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000000/# LLVM-EXEGESIS-SNIPPET-ADDRESS 30000000/' %s > %t.elsewhere.s
# RUN: %exegesis-memory -snippets-file=%t.elsewhere.s | FileCheck %s --check-prefix=SIGILL

# OK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'
# SIGILL-NEXT: info: 'faulting address 0x30{{[0-9a-f]+}}, at snippet instruction 8 ''ud2'''

# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000000
leaq (%rip), %rax
shrq $24, %rax
movq $0x20, %rcx
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
