# Counting in the stack pointer would break the measured function.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-LOOP-REGISTER RSP', expected <REG> to be a 64-bit general-purpose register other than the stack pointer ({{.*}}loop-register-stack-pointer.s:[[@LINE+1]])
# LLVM-EXEGESIS-LOOP-REGISTER RSP
add %rax, %rax
