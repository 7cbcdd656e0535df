# A setup that passes a value through the stack ends with an lfence, so that
# its stores and loads have finished when the measured code starts: in
# duplicate mode right before the first copy, in loop mode after the counter
# is set and before the aligned loop. A setup of immediates only (no store)
# gets none, and neither does a snippet without register definitions.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=2 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=2 \
# RUN:   -repetition-mode=loop -loop-body-size=1 \
# RUN:   -dump-object-to-disk=%t.loop.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.loop.o | FileCheck %s --check-prefix=LOOP
# RUN: grep -v 'DEFREG XMM' %s > %t.gpr.s
# RUN: %exegesis-x86-assemble -snippets-file=%t.gpr.s -min-instructions=2 \
# RUN:   -dump-object-to-disk=%t.gpr.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.gpr.o | FileCheck %s --check-prefix=GPR

# CHECK:      <foo>:
# CHECK:      vmovdqu (%rsp), %xmm0
# CHECK-NEXT: leaq 0x10(%rsp), %rsp
# CHECK-NEXT: movabsq $0x3, %rcx
# CHECK-NEXT: lfence
# CHECK-NEXT: vsqrtsd %xmm0, %xmm0, %xmm0
# CHECK-NEXT: vsqrtsd %xmm0, %xmm0, %xmm0
# CHECK-NEXT: retq

# LOOP:      <foo>:
# LOOP:      vmovdqu (%rsp), %xmm0
# LOOP:      movabsq $0x2, %r8
# LOOP-NEXT: lfence
# LOOP-NOT:  lfence
# LOOP:      vsqrtsd %xmm0, %xmm0, %xmm0
# LOOP-NEXT: addq $-0x1, %r8

# GPR:      <foo>:
# GPR-NEXT: vzeroupper
# GPR-NEXT: movabsq $0x3, %rcx
# GPR-NEXT: vsqrtsd %xmm0, %xmm0, %xmm0
# GPR-NOT:  lfence

# LLVM-EXEGESIS-DEFREG XMM0 3ff00000000000003ff0000000000000
# LLVM-EXEGESIS-DEFREG RCX 3
vsqrtsd %xmm0, %xmm0, %xmm0
