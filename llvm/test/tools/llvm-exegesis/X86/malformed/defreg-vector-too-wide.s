# A 17-byte pattern is wider than XMM0.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-DEFREG XMM0 0102030405060708090a0b0c0d0e0f1011', expected <HEX_VALUE> to fit in the 128 bits of XMM0 ({{.*}}defreg-vector-too-wide.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG XMM0 0102030405060708090a0b0c0d0e0f1011
addps %xmm0, %xmm0
