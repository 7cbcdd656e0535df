# An ambiguous AT&T instruction.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK:      {{.*}}missing-size-suffix.s:[[@LINE+4]]:1: error: ambiguous instructions require an explicit suffix (could be 'addb', 'addw', 'addl', or 'addq')
# CHECK-NEXT: add $1, (%rdi)
# CHECK-NEXT: ^
# CHECK-NEXT: llvm-exegesis error: cannot parse asm file
add $1, (%rdi)
