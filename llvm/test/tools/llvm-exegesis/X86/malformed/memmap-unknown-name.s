# MEM-MAP names a value defined before it.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-MEM-MAP missing 8192', expected <VALUE NAME> to contain the name of an already specified memory definition ({{.*}}memmap-unknown-name.s:[[@LINE+1]])
# LLVM-EXEGESIS-MEM-MAP missing 8192
movq 8192, %rax
