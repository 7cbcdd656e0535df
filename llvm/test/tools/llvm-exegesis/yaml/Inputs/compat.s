# Operands and registers of every kind that the results key shows.
# LLVM-EXEGESIS-DEFREG RAX 12345
# LLVM-EXEGESIS-DEFREG RBX 0
# LLVM-EXEGESIS-DEFREG RCX ffffffffffffffff
# LLVM-EXEGESIS-DEFREG XMM1 12345678abcdef
# LLVM-EXEGESIS-DEFREG XMM2 0
# LLVM-EXEGESIS-DEFREG ZMM1 123456789
# LLVM-EXEGESIS-DEFREG ZMM3 0
# LLVM-EXEGESIS-DEFREG K1 ff
# LLVM-EXEGESIS-DEFREG K2 f0f0
# LLVM-EXEGESIS-DEFREG MM1 7
# LLVM-EXEGESIS-DEFREG MXCSR 1f80
# LLVM-EXEGESIS-DEFREG EFLAGS 0
addq $-1, %rcx
addl $7, %eax
movq 16(%rax,%rbx,4), %rdx
movq -8(%rsp), %rdx
movabsq $0x123456789abcdef0, %rax
addsd %xmm1, %xmm2
vaddps %zmm1, %zmm1, %zmm3 {%k1}
kandw %k1, %k2, %k3
paddb %mm1, %mm1
vcvtps2ph $4, %xmm1, %xmm3
fld1
fadd %st(1)
