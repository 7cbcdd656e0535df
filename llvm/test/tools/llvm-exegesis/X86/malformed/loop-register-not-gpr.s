# The loop counter must be a 64-bit general-purpose register.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-LOOP-REGISTER XMM3', expected <REG> to be a 64-bit general-purpose register other than the stack pointer ({{.*}}loop-register-not-gpr.s:[[@LINE+1]])
# LLVM-EXEGESIS-LOOP-REGISTER XMM3
add %rax, %rax
