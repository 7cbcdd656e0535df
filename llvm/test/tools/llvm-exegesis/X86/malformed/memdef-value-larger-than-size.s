# The value must fit in the memory it fills.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-DEF buffer 2 aabbcc', expected <VALUE> (3 bytes) to fit in <SIZE> (2 bytes) ({{.*}}memdef-value-larger-than-size.s:[[@LINE+1]])
# LLVM-EXEGESIS-MEM-DEF buffer 2 aabbcc
movq (%rdi), %rax
