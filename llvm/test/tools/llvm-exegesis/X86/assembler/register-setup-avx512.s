# AVX-512 registers: ZMM and the upper XMM/YMM registers load with EVEX
# moves, mask registers with kmovq (AVX512BW) or, with AVX512F alone, kmovw
# for values that fit 16 bits. A CPU without the feature gets a clear error.
# The function starts and ends with clean upper halves (vzeroupper): it sets
# ZMM3, whose upper half legacy SSE would have to preserve.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=skylake-avx512 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -min-instructions=1 -dump-object-to-disk=%t.o \
# RUN:   > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: grep -v 'DEFREG [XY]MM' %s > %t.knl-wide-mask.s
# RUN: not llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=knl \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t.knl-wide-mask.s 2>&1 | FileCheck %s --check-prefix=KNL-WIDE
# RUN: grep -v 'DEFREG K1' %t.knl-wide-mask.s > %t.knl.s
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=knl \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t.knl.s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.knl.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.knl.o | FileCheck %s --check-prefix=KNL
# RUN: not llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=NO512

# CHECK:      <foo>:
# CHECK-NEXT: vzeroupper
# CHECK-NEXT: leaq -0x40(%rsp), %rsp
# ZMM3 55: a positive eight-bit value, zeros above it.
# CHECK-NEXT: movl $0x55, (%rsp)
# CHECK-COUNT-15: movl $0x0, 0x{{[0-9a-f]+}}(%rsp)
# CHECK-NEXT: vmovdqu32 (%rsp), %zmm3
# CHECK-NEXT: leaq 0x40(%rsp), %rsp
# CHECK:      vmovdqu32 (%rsp), %xmm17
# CHECK:      vmovdqu32 (%rsp), %ymm30
# CHECK:      movl $0x1, (%rsp)
# CHECK-NEXT: movl $0xffffffff, 0x4(%rsp)
# CHECK-NEXT: kmovq (%rsp), %k1
# CHECK:      kmovq (%rsp), %k2
# CHECK:      addq %rax, %rax
# CHECK-NEXT: vzeroupper
# CHECK-NEXT: retq

# KNL:      vmovdqu32 (%rsp), %zmm3
# KNL:      kmovw (%rsp), %k2

# KNL-WIDE: llvm-exegesis error: cannot set register K1: a value wider than 16 bits needs AVX512BW

# NO512: llvm-exegesis error: cannot set register ZMM3: needs AVX512F

# LLVM-EXEGESIS-DEFREG ZMM3 55
# LLVM-EXEGESIS-DEFREG XMM17 1
# LLVM-EXEGESIS-DEFREG YMM30 1
# LLVM-EXEGESIS-DEFREG K1 ffffffff00000001
# LLVM-EXEGESIS-DEFREG K2 ff
addq %rax, %rax
