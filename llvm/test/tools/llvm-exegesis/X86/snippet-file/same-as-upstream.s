# Upstream llvm-exegesis reads this snippet into the same instructions and
# register values.
# RUN: %exegesis-x86-prepare -snippets-file=%s | FileCheck %s
# RUN: %upstream-llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver4 -mode=latency -benchmark-phase=prepare-snippet -snippets-file=%s | FileCheck %s

# CHECK:      instructions:
# CHECK-NEXT:   - 'ADD64rr RAX RAX RCX'
# CHECK-NEXT:   - 'IMUL64rm RCX RCX RDI i_0x4 RSI i_0x10 %noreg'
# CHECK-NEXT:   - 'VFMADD213PSYr YMM0 YMM0 YMM1 YMM2'
# CHECK-NEXT:   - 'SHL64ri RAX RAX i_0x3'
# CHECK-NEXT: config: ''
# CHECK-NEXT: register_initial_values:
# CHECK-NEXT:   - 'RAX=0x123456789ABCDEF'
# CHECK-NEXT:   - 'RCX=0x0'
# CHECK-NEXT:   - 'EFLAGS=0x2'

# LLVM-EXEGESIS-DEFREG RAX 0123456789abcdef
# LLVM-EXEGESIS-DEFREG RCX 0
# LLVM-EXEGESIS-DEFREG EFLAGS 2
add %rcx, %rax
imul 16(%rdi,%rsi,4), %rcx
vfmadd213ps %ymm2, %ymm1, %ymm0
shl $3, %rax
