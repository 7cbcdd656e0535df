# MEM-MAP with a length (ours) maps that many bytes made of the value's pages
# in turn, from the offset on: here five pages of a two-page value starting
# at its second page, so that the pages at 1 MiB, +8 KiB and +16 KiB are the
# value's second page and those at +4 KiB and +12 KiB its first. A store
# through one virtual page is read back through another backed by the same
# page of the value, and through the value's own mapping at 2 MiB.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: %exegesis-memory -snippets-file=%s | FileCheck %s --check-prefix=OK
# Pages at +4 KiB and +16 KiB are different pages of the value.
# RUN: sed -e 's/^movq 1064960, %rax$/movq 1052672, %rax/' %s > %t.other.s
# RUN: %exegesis-memory -snippets-file=%t.other.s | FileCheck %s --check-prefix=SIGILL
# Without the offset the store lands on the value's first page, which its
# mapping at 2 MiB + 4 KiB is not.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP two 1048576 20480 4096$/# LLVM-EXEGESIS-MEM-MAP two 1048576 20480/' %s > %t.nooffset.s
# RUN: %exegesis-memory -snippets-file=%t.nooffset.s | FileCheck %s --check-prefix=SIGILL
# Beyond the length nothing is mapped.
# RUN: sed -e 's/^movq 1064960, %rax$/movq 1069056, %rax/' %s > %t.beyond.s
# RUN: %exegesis-memory -snippets-file=%t.beyond.s | FileCheck %s --check-prefix=SEGV

# OK: error: ''
# SIGILL: error: 'snippet crashed while running: Illegal instruction'
# SEGV: error: The snippet encountered a segmentation fault at address {{[0-9A-F]+}}

# LLVM-EXEGESIS-MEM-DEF two 8192 00
# LLVM-EXEGESIS-MEM-MAP two 1048576 20480 4096
# LLVM-EXEGESIS-MEM-MAP two 2097152
movabsq $0x1122334455667788, %rcx
movq %rcx, 1048576
movq 1064960, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
movq 2101248, %rax
leaq 18(%rip), %rdx
leaq 9(%rip), %rsi
cmpq %rax, %rcx
cmovneq %rsi, %rdx
jmpq *%rdx
ud2
