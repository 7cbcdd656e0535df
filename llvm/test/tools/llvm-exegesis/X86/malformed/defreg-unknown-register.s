# Register names are LLVM's, upper case.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: unknown register 'rax' in 'LLVM-EXEGESIS-DEFREG rax 1' ({{.*}}defreg-unknown-register.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREG rax 1
add %rax, %rax
