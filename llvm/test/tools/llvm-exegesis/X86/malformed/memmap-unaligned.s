# MEM-MAP addresses are decimal and page aligned (12288 is, 0x3000 and 12289
# are not).
# RUN: not %exegesis-x86-prepare -execution-mode=subprocess -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-MAP buffer 12289', expected <ADDRESS> to be a multiple of the platform page size. ({{.*}}memmap-unaligned.s:[[@LINE+4]])
# CHECK-NEXT: invalid comment 'LLVM-EXEGESIS-MEM-MAP buffer 0x3000', expected <ADDRESS> to be a decimal number, found '0x3000' ({{.*}}memmap-unaligned.s:[[@LINE+4]])
# LLVM-EXEGESIS-MEM-DEF buffer 4096 00
# LLVM-EXEGESIS-MEM-MAP buffer 12288
# LLVM-EXEGESIS-MEM-MAP buffer 12289
# LLVM-EXEGESIS-MEM-MAP buffer 0x3000
movq 12288, %rax
