# One MEM-DEF mapped at several addresses: every mapping holds the value, and
# all of them are the same memory (a store through one is seen through the
# others), as with upstream's shared-memory definitions.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# The second mapping, checked alone, would fail without the store through
# the first: the snippet really reads what it stored elsewhere.
# RUN: sed -e 's/^movq %rcx, 1048576$/movq %rdi, %rdi/' %s > %t.nostore.s
# RUN: %exegesis-memory -snippets-file=%t.nostore.s | FileCheck %s --check-prefix=SIGILL

# OK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'

# LLVM-EXEGESIS-MEM-DEF shared 8192 00000000000000aa
# LLVM-EXEGESIS-MEM-MAP shared 1048576
# LLVM-EXEGESIS-MEM-MAP shared 4194304
# LLVM-EXEGESIS-MEM-MAP shared 8388608
# All three hold the value at both ends of the definition.
movq $0xaa, %rcx
movq 4194304, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
movq 8396792, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
# Store through the first mapping, read back through the third.
movq $0x5a5a, %rcx
movq %rcx, 1048576
movq 8388608, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
# Put the value back for the next repetition.
movq $0xaa, %rcx
movq %rcx, 1048576
