# SNIPPET-ADDRESS is hexadecimal.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: invalid comment 'LLVM-EXEGESIS-SNIPPET-ADDRESS 2000z', expected <ADDRESS> to contain a valid integer in hexadecimal format ({{.*}}snippet-address-not-hex.s:[[@LINE+1]])
# LLVM-EXEGESIS-SNIPPET-ADDRESS 2000z
add %rax, %rax
