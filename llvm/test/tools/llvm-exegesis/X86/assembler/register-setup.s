# Every kind of register gets exactly the DEFREG value: general-purpose
# registers by immediate; vector, flags, control and x87/MMX registers through
# the stack (moved with LEA, which leaves the flags alone). MXCSR and the x87
# control word are callee-saved: saved in the prologue, restored in the
# epilogue; the epilogue also leaves the x87 stack empty (emms) and the
# direction flag clear (cld), as the ABI wants. The function uses vector
# registers: it starts from clean upper halves (vzeroupper before the register
# setup; upstream emits none) and, since YMM2 gets a wide value, leaves them
# clean for its caller (vzeroupper before returning). Since values went
# through the stack, an lfence lets the setup finish before the snippet
# (upstream emits none).
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# Without AVX, the SSE forms; YMM registers need AVX.
# RUN: grep -v 'DEFREG YMM2' %s > %t.sse.s
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t.sse.s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.sse.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.sse.o | FileCheck %s --check-prefix=SSE
# RUN: not llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=NOAVX

# CHECK:      <foo>:
# CHECK-NEXT: pushq %rbx
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: vstmxcsr (%rsp)
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: fnstcw (%rsp)
# CHECK-NEXT: vzeroupper
# x87 first: 1.0 in extended precision.
# CHECK-NEXT: leaq -0x10(%rsp), %rsp
# CHECK-NEXT: movl $0x0, (%rsp)
# CHECK-NEXT: movl $0x80000000, 0x4(%rsp)
# CHECK-NEXT: movl $0x3fff, 0x8(%rsp)
# CHECK-NEXT: movl $0x0, 0xc(%rsp)
# CHECK-NEXT: fldt (%rsp)
# CHECK-NEXT: leaq 0x10(%rsp), %rsp
# CHECK-NEXT: movb $0x12, %al
# CHECK-NEXT: movw $0x1234, %bx
# CHECK-NEXT: movl $0x12345678, %ecx
# CHECK-NEXT: movabsq $0x123456789abcdef0, %rdx
# CHECK-NEXT: leaq -0x10(%rsp), %rsp
# CHECK-NEXT: movl $0xccddeeff, (%rsp)
# CHECK-NEXT: movl $0x8899aabb, 0x4(%rsp)
# CHECK-NEXT: movl $0x44556677, 0x8(%rsp)
# CHECK-NEXT: movl $0x112233, 0xc(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %xmm1
# CHECK-NEXT: leaq 0x10(%rsp), %rsp
# CHECK-NEXT: leaq -0x20(%rsp), %rsp
# YMM2 81: eight bits, sign-extended to the 256 of YMM2.
# CHECK-NEXT: movl $0xffffff81, (%rsp)
# CHECK-COUNT-7: movl $0xffffffff, 0x{{[0-9a-f]+}}(%rsp)
# CHECK-NEXT: vmovdqu (%rsp), %ymm2
# CHECK-NEXT: leaq 0x20(%rsp), %rsp
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: movl $0x246, (%rsp)
# CHECK-NEXT: movl $0x0, 0x4(%rsp)
# CHECK-NEXT: popfq
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: movl $0x1f80, (%rsp)
# CHECK-NEXT: movl $0x0, 0x4(%rsp)
# CHECK-NEXT: vldmxcsr (%rsp)
# CHECK-NEXT: leaq 0x8(%rsp), %rsp
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: movl $0x37f, (%rsp)
# CHECK-NEXT: movl $0x0, 0x4(%rsp)
# CHECK-NEXT: fldcw (%rsp)
# CHECK-NEXT: leaq 0x8(%rsp), %rsp
# CHECK-NEXT: leaq -0x8(%rsp), %rsp
# CHECK-NEXT: movl $0x23456789, (%rsp)
# CHECK-NEXT: movl $0x1, 0x4(%rsp)
# CHECK-NEXT: movq (%rsp), %mm0
# CHECK-NEXT: leaq 0x8(%rsp), %rsp
# CHECK-NEXT: lfence
# CHECK-NEXT: addq %rax, %rax
# CHECK-NEXT: fldcw (%rsp)
# CHECK-NEXT: leaq 0x8(%rsp), %rsp
# CHECK-NEXT: vldmxcsr (%rsp)
# CHECK-NEXT: leaq 0x8(%rsp), %rsp
# CHECK-NEXT: popq %rbx
# CHECK-NEXT: emms
# CHECK-NEXT: cld
# CHECK-NEXT: vzeroupper
# CHECK-NEXT: retq

# Without AVX there is no vzeroupper (and no wide state to clean).
# SSE-NOT: vzeroupper
# SSE:     stmxcsr (%rsp)
# SSE:     movdqu (%rsp), %xmm1
# SSE:     ldmxcsr (%rsp)
# SSE:     ldmxcsr (%rsp)

# NOAVX: llvm-exegesis error: cannot set register YMM2: needs AVX

# LLVM-EXEGESIS-DEFREG AL 12
# LLVM-EXEGESIS-DEFREG BX 1234
# LLVM-EXEGESIS-DEFREG ECX 12345678
# LLVM-EXEGESIS-DEFREG RDX 123456789abcdef0
# LLVM-EXEGESIS-DEFREG XMM1 00112233445566778899aabbccddeeff
# LLVM-EXEGESIS-DEFREG YMM2 81
# LLVM-EXEGESIS-DEFREG EFLAGS 246
# LLVM-EXEGESIS-DEFREG MXCSR 1f80
# LLVM-EXEGESIS-DEFREG FPCW 37f
# LLVM-EXEGESIS-DEFREG ST0 3fff8000000000000000
# LLVM-EXEGESIS-DEFREG MM0 123456789
addq %rax, %rax
