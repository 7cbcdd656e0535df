# Data would be executed as code.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}data-directive.s:[[@LINE+1]]: data directive is not allowed: a snippet file holds only instructions and LLVM-EXEGESIS annotations
.quad 42
add %rax, %rax
