# MEM-DEF sizes are decimal byte counts.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-DEF buffer 4k 00', expected <SIZE> to be a decimal number, found '4k' ({{.*}}memdef-bad-size.s:[[@LINE+1]])
# LLVM-EXEGESIS-MEM-DEF buffer 4k 00
movq (%rdi), %rax
