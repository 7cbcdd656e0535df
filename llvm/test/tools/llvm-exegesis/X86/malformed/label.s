# Labels would put symbols into the measured code.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}label.s:[[@LINE+1]]: label 'again' is not allowed: a snippet file holds only instructions and LLVM-EXEGESIS annotations
again:
add %rax, %rax
