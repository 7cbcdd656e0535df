# An instruction the assembler cannot match.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}bad-operands.s:[[@LINE+1]]: invalid operand for instruction
addq %rax, %eax
