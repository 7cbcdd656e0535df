# Input of stdin.test: the error is on line 2.
# LLVM-EXEGESIS-DEFREG R99 1
add %rax, %rax
