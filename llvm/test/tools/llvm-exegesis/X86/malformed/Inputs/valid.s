# A valid snippet, for the option tests.
# LLVM-EXEGESIS-DEFREG RAX 1
add %rax, %rax
