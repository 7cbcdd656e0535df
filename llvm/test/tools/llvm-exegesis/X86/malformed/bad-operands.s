# An instruction the assembler cannot match.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK:      {{.*}}bad-operands.s:[[@LINE+4]]:12: error: invalid operand for instruction
# CHECK-NEXT: addq %rax, %eax
# CHECK-NEXT: ^~~~
# CHECK-NEXT: llvm-exegesis error: cannot parse asm file
addq %rax, %eax
