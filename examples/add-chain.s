# A chain of dependent 64-bit adds: each add waits for the previous one, so
# the latency mode measures ADD64rr's latency (1 cycle on current x86-64).
# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
