# Operands must not refer to symbols the snippet cannot define.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: {{.*}}symbol-operand.s:[[@LINE+1]]: instruction 'call abort' refers to a symbol or label: a snippet's operands must be registers, constants or memory through registers
call abort
