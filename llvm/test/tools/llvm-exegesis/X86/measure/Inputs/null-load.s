# LLVM-EXEGESIS-DEFREG RBX 0
movq (%rbx), %rax
