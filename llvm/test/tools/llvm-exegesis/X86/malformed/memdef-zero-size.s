# An empty memory value cannot be mapped.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-DEF buffer 0 00', expected <SIZE> to be at least 1 byte ({{.*}}memdef-zero-size.s:[[@LINE+1]])
# LLVM-EXEGESIS-MEM-DEF buffer 0 00
movq (%rdi), %rax
