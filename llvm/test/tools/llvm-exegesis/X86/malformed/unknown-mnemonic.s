# The assembler's message as the assembler prints it: file, line and column,
# the line, a caret under the mnemonic; then the tool's own error.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK:      {{.*}}unknown-mnemonic.s:[[@LINE+4]]:3: error: invalid instruction mnemonic 'addd'
# CHECK-NEXT: addd %rax, %rax
# CHECK-NEXT: ^~~~
# CHECK-NEXT: llvm-exegesis error: cannot parse asm file
  addd %rax, %rax
