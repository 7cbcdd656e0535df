# The code is placed on a page boundary.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 10010, expected <ADDRESS> to be a multiple of the platform page size. ({{.*}}snippet-address-unaligned.s:[[@LINE+1]])
# LLVM-EXEGESIS-SNIPPET-ADDRESS 10010
add %rax, %rax
