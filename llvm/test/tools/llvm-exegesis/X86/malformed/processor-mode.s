# Instructions after .code32 would be decoded differently in the 64-bit mode
# the snippet runs in.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}processor-mode.s:[[@LINE+2]]: instruction in another processor mode (.code16/.code32) is not allowed: a snippet file holds only instructions and LLVM-EXEGESIS annotations
.code32
addl %eax, %eax
