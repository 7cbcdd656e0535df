# A misspelt annotation is an error, not a comment.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s
# CHECK: llvm-exegesis error: unknown annotation 'LLVM-EXEGESIS-DEFREGS', expected one of LLVM-EXEGESIS-DEFREG, LLVM-EXEGESIS-LIVEIN, LLVM-EXEGESIS-MEM-DEF, LLVM-EXEGESIS-MEM-MAP, LLVM-EXEGESIS-SNIPPET-ADDRESS, LLVM-EXEGESIS-LOOP-REGISTER ({{.*}}unknown-annotation.s:[[@LINE+1]])
# LLVM-EXEGESIS-DEFREGS RAX 1
add %rax, %rax
