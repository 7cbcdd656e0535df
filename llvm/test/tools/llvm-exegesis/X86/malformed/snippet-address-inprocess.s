# SNIPPET-ADDRESS alone also needs the subprocess executor.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: Memory and snippet address annotations are only supported in subprocess execution mode (LLVM-EXEGESIS-SNIPPET-ADDRESS in {{.*}}snippet-address-inprocess.s)
# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000
add %rax, %rax
