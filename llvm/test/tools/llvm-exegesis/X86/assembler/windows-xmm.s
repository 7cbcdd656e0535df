# Win64 keeps the low halves of XMM6-XMM15 callee-saved: the ones the setup or
# the snippet writes (a YMM register counts for its XMM part) are stored in
# 16-byte slots that are 16-byte aligned (the call left RSP at 8 modulo 16, so
# an even number of pushes needs 8 more bytes), with movaps, or vmovaps with
# AVX. Registers only read (XMM7, XMM14) and XMM0-5 are not saved. The frame is
# upstream llvm-exegesis 22's, byte for byte.
# RUN: llvm-exegesis -mtriple=x86_64-windows-msvc -mcpu=x86-64 -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%s \
# RUN:   -min-instructions=2 -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=SSE
# RUN: llvm-exegesis -mtriple=x86_64-windows-gnu -mcpu=znver3 -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%s \
# RUN:   -min-instructions=2 -dump-object-to-disk=%t.avx.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.avx.o | FileCheck %s --check-prefix=AVX
# With a push (RBX), no padding; in loop mode the frame surrounds the loop.
# RUN: sed -e 's/^# EXTRA: //' %s > %t.odd.s
# RUN: llvm-exegesis -mtriple=x86_64-windows-gnu -mcpu=znver3 -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%t.odd.s \
# RUN:   -repetition-mode=loop -min-instructions=8 \
# RUN:   -dump-object-to-disk=%t.odd.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.odd.o | FileCheck %s --check-prefix=ODD
# System V saves no vector register.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=2 \
# RUN:   -dump-object-to-disk=%t.sysv.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.sysv.o | FileCheck %s --check-prefix=SYSV

# SSE:      <foo>:
# SSE-NEXT: subq $0x38, %rsp
# SSE-NEXT: movaps %xmm9, 0x20(%rsp)
# SSE-NEXT: movaps %xmm8, 0x10(%rsp)
# SSE-NEXT: movaps %xmm6, (%rsp)
# SSE-NOT:  movaps {{.*}}%rsp
# SSE:      paddd %xmm7, %xmm6
# SSE:      movaps (%rsp), %xmm6
# SSE-NEXT: movaps 0x10(%rsp), %xmm8
# SSE-NEXT: movaps 0x20(%rsp), %xmm9
# SSE-NEXT: addq $0x38, %rsp
# SSE-NEXT: retq

# AVX:      <foo>:
# AVX-NEXT: subq $0x38, %rsp
# AVX-NEXT: vmovaps %xmm9, 0x20(%rsp)
# AVX-NEXT: vmovaps %xmm8, 0x10(%rsp)
# AVX-NEXT: vmovaps %xmm6, (%rsp)
# AVX:      vmovaps (%rsp), %xmm6
# AVX-NEXT: vmovaps 0x10(%rsp), %xmm8
# AVX-NEXT: vmovaps 0x20(%rsp), %xmm9
# AVX-NEXT: addq $0x38, %rsp

# ODD:      <foo>:
# ODD-NEXT: pushq %rbx
# ODD-NEXT: subq $0x40, %rsp
# ODD-NEXT: vmovaps %xmm15, 0x30(%rsp)
# ODD-NEXT: vmovaps %xmm9, 0x20(%rsp)
# ODD-NEXT: vmovaps %xmm8, 0x10(%rsp)
# ODD-NEXT: vmovaps %xmm6, (%rsp)
# ODD:      jne
# ODD-NEXT: vmovaps (%rsp), %xmm6
# ODD-NEXT: vmovaps 0x10(%rsp), %xmm8
# ODD-NEXT: vmovaps 0x20(%rsp), %xmm9
# ODD-NEXT: vmovaps 0x30(%rsp), %xmm15
# ODD-NEXT: addq $0x40, %rsp
# ODD-NEXT: popq %rbx
# ODD-NEXT: vzeroupper
# ODD-NEXT: retq

# SYSV:      <foo>:
# SYSV-NOT:  movaps
# SYSV:      retq

# LLVM-EXEGESIS-DEFREG XMM6 1
# LLVM-EXEGESIS-DEFREG XMM8 1
# LLVM-EXEGESIS-DEFREG XMM2 1
paddd %xmm7, %xmm6
paddd %xmm8, %xmm8
pxor %xmm9, %xmm9
paddd %xmm2, %xmm2
# EXTRA: addq %rbx, %rbx
# EXTRA: vaddps %ymm15, %ymm14, %ymm15
