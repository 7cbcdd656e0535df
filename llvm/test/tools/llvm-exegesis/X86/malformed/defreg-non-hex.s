# A DEFREG value with a digit that is not hexadecimal.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG RCX 12g4', expected <HEX_VALUE> to contain a valid integer in hexadecimal format ({{.*}}defreg-non-hex.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG RCX 12g4
add %rcx, %rcx
