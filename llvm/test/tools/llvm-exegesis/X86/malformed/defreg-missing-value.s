# A DEFREG without its value.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG RAX', expected two parameters <REG> <HEX_VALUE> ({{.*}}defreg-missing-value.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG RAX
add %rax, %rax
