# A LIVEIN naming no register.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: unknown register 'RFOO' in 'LLVM-EXEGESIS-LIVEIN RFOO' ({{.*}}livein-unknown-register.s:[[@LINE+1]])
# LLVM-EXEGESIS-LIVEIN RFOO
add %rdi, %rdi
