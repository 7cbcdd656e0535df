# A MEM-MAPped address holds the MEM-DEF value (little-endian): the snippet
# loads it, compares it with the value and executes ud2 on a mismatch (the
# indirect jump skips the ud2 when they agree). Changing the expected value
# makes the snippet fail with SIGILL, which shows the comparison is live.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# RUN: %exegesis-memory -snippets-file=%s -repetition-mode=loop | FileCheck %s --check-prefix=OK
# RUN: sed -e 's/^movabsq $0x0123456789abcdef, %rcx/movabsq $0x0123456789abcdee, %rcx/' %s > %t.mismatch.s
# RUN: %exegesis-memory -snippets-file=%t.mismatch.s | FileCheck %s --check-prefix=MISMATCH
# A different value in the MEM-DEF fails the same way.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-DEF value 4096 0123456789abcdef/# LLVM-EXEGESIS-MEM-DEF value 4096 0123456789abcd00/' %s > %t.other-value.s
# RUN: %exegesis-memory -snippets-file=%t.other-value.s | FileCheck %s --check-prefix=MISMATCH

# OK: error: ''
# MISMATCH: error: 'snippet crashed while running: Illegal instruction'
# MISMATCH-NEXT: info: 'faulting address 0x{{[0-9a-f]+}}, at snippet instruction 7 ''ud2'''

# LLVM-EXEGESIS-MEM-DEF value 4096 0123456789abcdef
# LLVM-EXEGESIS-MEM-MAP value 1048576
movabsq $0x0123456789abcdef, %rcx
# The last quadword of the page: the value repeats over the whole size.
movq 1052664, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
