# Two mappings may not share a page: 'wide' needs two pages from 65536.
# RUN: not %exegesis-x86-prepare -execution-mode=subprocess -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-MAP small 69632', the mapping of 'small' overlaps the mapping of 'wide' (line [[#@LINE+3]]) ({{.*}}memmap-overlap.s:[[@LINE+4]])
# LLVM-EXEGESIS-MEM-DEF wide 5000 ff
# LLVM-EXEGESIS-MEM-DEF small 8 ff
# LLVM-EXEGESIS-MEM-MAP wide 65536
# LLVM-EXEGESIS-MEM-MAP small 69632
movq 65536, %rax
