# An ambiguous AT&T instruction.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}missing-size-suffix.s:[[@LINE+1]]: ambiguous instructions require an explicit suffix (could be 'addb', 'addw', 'addl', or 'addq')
add $1, (%rdi)
