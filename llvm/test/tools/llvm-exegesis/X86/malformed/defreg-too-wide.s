# A value that needs 65 bits does not fit RAX.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG RAX 10000000000000000', expected <HEX_VALUE> to fit in the 64 bits of RAX ({{.*}}defreg-too-wide.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG RAX 10000000000000000
add %rax, %rax
