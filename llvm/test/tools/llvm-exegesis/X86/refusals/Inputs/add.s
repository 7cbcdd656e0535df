# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
