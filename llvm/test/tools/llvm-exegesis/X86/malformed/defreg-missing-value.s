# A DEFREG without its value.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}defreg-missing-value.s:[[@LINE+1]]: invalid comment 'LLVM-EXEGESIS-DEFREG RAX', expected two parameters <REG> <HEX_VALUE>
# LLVM-EXEGESIS-DEFREG RAX
add %rax, %rax
