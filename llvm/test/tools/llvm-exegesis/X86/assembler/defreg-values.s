# What DEFREG puts into a register, as upstream: the digits are an integer of
# 4 bits each, sign-extended into vector registers (XMM1 ff is all ones, XMM3
# 2a is 0x...002A), zero-extended into general-purpose ones (RAX ff is 0xFF).
# Upstream assembles this file into the same stores and loads.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: %upstream-llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.upstream.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.upstream.o | FileCheck %s

# CHECK:      movl $0x2a, (%rsp)
# CHECK-NEXT: movl $0x0, 0x4(%rsp)
# CHECK-NEXT: movl $0x0, 0x8(%rsp)
# CHECK-NEXT: movl $0x0, 0xc(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %xmm3
# CHECK:      movl $0xffffffff, (%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x4(%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x8(%rsp)
# CHECK-NEXT: movl $0xffffffff, 0xc(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %xmm1
# CHECK:      movl $0xfffffabc, (%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x4(%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x8(%rsp)
# CHECK-NEXT: movl $0xffffffff, 0xc(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %xmm2
# CHECK:      movl $0x3f800000, (%rsp)
# CHECK-COUNT-7: movl $0x0, 0x{{[0-9a-f]+}}(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %ymm0
# CHECK:      movl $0xff, (%rsp)
# CHECK-NEXT: movl $0x0, 0x4(%rsp)
# CHECK-NEXT: movl $0x0, 0x8(%rsp)
# CHECK-NEXT: movl $0x0, 0xc(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %xmm4
# CHECK:      movabsq $0xff, %rax
# CHECK-NEXT: movl $0xff, %ecx
# CHECK-NEXT: movw $0xff, %dx
# CHECK-NEXT: movb $-0x1, %bl
# CHECK:      movl $0xfffffff8, (%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x4(%rsp)
# CHECK-NEXT: movq (%rsp), %mm0

# LLVM-EXEGESIS-DEFREG XMM3 2a
# LLVM-EXEGESIS-DEFREG XMM1 ff
# LLVM-EXEGESIS-DEFREG XMM2 abc
# LLVM-EXEGESIS-DEFREG YMM0 3f800000
# LLVM-EXEGESIS-DEFREG XMM4 0ff
# LLVM-EXEGESIS-DEFREG RAX ff
# LLVM-EXEGESIS-DEFREG ECX ff
# LLVM-EXEGESIS-DEFREG DX ff
# LLVM-EXEGESIS-DEFREG BL ff
# LLVM-EXEGESIS-DEFREG MM0 8
nop
