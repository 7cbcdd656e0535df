# The function starts with clean upper vector halves when it uses vector
# registers (vzeroupper before the register setup), so that a previous
# benchmark's or the tool's AVX state is not measured; it cleans up before
# returning when it wrote wide (YMM/ZMM) registers itself. A DEFREG of a
# YMM register is the snippet's choice: loaded after the entry vzeroupper.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# CHECK:      <foo>:
# CHECK-NEXT: vzeroupper
# CHECK-NEXT: leaq -0x20(%rsp), %rsp
# CHECK:      vmovdqu (%rsp), %ymm1
# CHECK-NEXT: leaq 0x20(%rsp), %rsp
# CHECK-NEXT: lfence
# CHECK-NEXT: vaddps %ymm1, %ymm1, %ymm2
# CHECK-NEXT: vzeroupper
# CHECK-NEXT: retq

# 128-bit code (legacy SSE or VEX) leaves no wide state: no vzeroupper at
# the end; a vector live-in keeps its upper half: none at the start.
# RUN: %exegesis-x86-assemble -snippets-file=%S/Inputs/sse.s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.sse.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.sse.o | FileCheck %s --check-prefix=SSE
# SSE:      <foo>:
# SSE-NEXT: vzeroupper
# SSE:      addsd %xmm1, %xmm2
# SSE-NEXT: retq
# RUN: %exegesis-x86-assemble -snippets-file=%S/Inputs/sse-livein.s \
# RUN:   -min-instructions=1 -dump-object-to-disk=%t.livein.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.livein.o | FileCheck %s --check-prefix=LIVEIN
# LIVEIN:     <foo>:
# LIVEIN-NOT: vzeroupper
# LIVEIN:     addsd %xmm1, %xmm2
# LIVEIN-NEXT: retq

# LLVM-EXEGESIS-DEFREG YMM1 1
vaddps %ymm1, %ymm1, %ymm2
