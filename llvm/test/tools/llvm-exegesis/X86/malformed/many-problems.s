# Every problem of a file is reported; the instructions between them are
# fine. The assembler's errors come first, as the assembler prints them, then
# the tool's error line, then the other problems one line each, in line order.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK:      {{.*}}many-problems.s:[[@LINE+10]]:1: error: invalid instruction mnemonic 'bogus'
# CHECK-NEXT: bogus %rax
# CHECK-NEXT: ^~~~~
# CHECK-NEXT: llvm-exegesis error: cannot parse asm file
# CHECK-NEXT: invalid comment 'LLVM-EXEGESIS-DEFREG RAX', expected two parameters <REG> <HEX_VALUE> ({{.*}}many-problems.s:[[@LINE+4]])
# CHECK-NEXT: unknown register 'NOPE' in 'LLVM-EXEGESIS-LIVEIN NOPE' ({{.*}}many-problems.s:[[@LINE+4]])
# CHECK-NEXT: {{.*}}many-problems.s:[[@LINE+5]]: data directive is not allowed: a snippet file holds only instructions and LLVM-EXEGESIS annotations
# CHECK-NEXT: invalid comment 'LLVM-EXEGESIS-MEM-MAP buffer 12345', expected <ADDRESS> to be a multiple of the platform page size. ({{.*}}many-problems.s:[[@LINE+5]])
# LLVM-EXEGESIS-DEFREG RAX
# LLVM-EXEGESIS-LIVEIN NOPE
bogus %rax
.byte 1, 2, 3
# LLVM-EXEGESIS-MEM-MAP buffer 12345
add %rax, %rax
