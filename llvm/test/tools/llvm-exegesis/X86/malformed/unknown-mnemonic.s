# The assembler's message, as one line with file and line.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}unknown-mnemonic.s:[[@LINE+1]]: invalid instruction mnemonic 'addd'
addd %rax, %rax
