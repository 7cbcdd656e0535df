# SNIPPET-ADDRESS alone also needs the subprocess executor.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}snippet-address-inprocess.s: memory annotations (LLVM-EXEGESIS-SNIPPET-ADDRESS) need -execution-mode=subprocess
# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000
add %rax, %rax
