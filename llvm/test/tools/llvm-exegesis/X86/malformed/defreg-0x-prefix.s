# Values are plain hex digits, without a C-style prefix.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG RCX 0x10', expected <HEX_VALUE> in hexadecimal without a 0x prefix ({{.*}}defreg-0x-prefix.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG RCX 0x10
add %rcx, %rcx
