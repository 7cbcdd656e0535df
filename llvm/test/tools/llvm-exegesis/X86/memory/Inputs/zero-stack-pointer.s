# LLVM-EXEGESIS-DEFREG RSP 0
addq %rax, %rax
