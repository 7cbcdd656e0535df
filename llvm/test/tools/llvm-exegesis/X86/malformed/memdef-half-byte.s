# A MEM-DEF value is made of whole bytes.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-DEF buffer 4096 abc', expected <VALUE> to contain a whole number of bytes ({{.*}}memdef-half-byte.s:[[@LINE+1]])
# LLVM-EXEGESIS-MEM-DEF buffer 4096 abc
movq (%rdi), %rax
