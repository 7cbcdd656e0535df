# A value that needs 9 bits does not fit AL.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG AL 1ff', expected <HEX_VALUE> to fit in the 8 bits of AL ({{.*}}defreg-narrow-register-too-wide.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG AL 1ff
addb %al, %al
