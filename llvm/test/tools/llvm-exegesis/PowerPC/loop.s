# Loop repetition: the counter is CTR, set through r11 before the register
# setup (so that r11 still gets the snippet's value) and counted down by
# bdnz back to the 16-byte-aligned loop body; r20, callee-saved, is saved
# in the protected zone around it.
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=4 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# A LOOP-REGISTER annotation naming a GPR makes the loop addi, cmpldi and bne.
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%S/Inputs/loop-register-x12.s \
# RUN:   -repetition-mode=loop -min-instructions=100 -loop-body-size=2 -dump-object-to-disk=%t.gpr.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.gpr.o | FileCheck %s --check-prefix=GPR
# A body of 10,000 instructions (40 KB) is beyond the 32 KB a conditional
# branch reaches: the end branches over an unconditional `b` when done.
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%S/Inputs/loop-register-x12.s \
# RUN:   -repetition-mode=loop -loop-body-size=10000 -dump-object-to-disk=%t.far.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.far.o | FileCheck %s --check-prefix=FAR
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -loop-body-size=10000 -dump-object-to-disk=%t.farctr.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.farctr.o | FileCheck %s --check-prefix=FARCTR
# A snippet that reads the counter, or a counter that cannot count, is refused.
# RUN: not %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%S/Inputs/reads-ctr.s \
# RUN:   -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=COUNTER
# RUN: not %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%S/Inputs/loop-register-x0.s \
# RUN:   -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=X0

# CHECK:      <foo>:
# CHECK-NEXT: std 20, -96(1)
# CHECK-NEXT: li 11, 25
# CHECK-NEXT: mtctr 11
# CHECK-NEXT: li 20, 1
# CHECK-NEXT: li 11, 2
# CHECK:      {{0*}}[[LOOP:[0-9a-f]*0]]: add 4, 4, 20
# CHECK-NEXT: add 5, 5, 11
# CHECK-NEXT: add 4, 4, 20
# CHECK-NEXT: add 5, 5, 11
# CHECK-NEXT: bdnz 0x[[LOOP]] <foo+0x[[LOOP]]>
# CHECK-NEXT: ld 20, -96(1)
# CHECK-NEXT: blr

# GPR:      <foo>:
# GPR-NEXT: std 20, -96(1)
# GPR-NEXT: li 12, 50
# GPR-NEXT: li 20, 1
# GPR:      {{0*}}[[LOOP:[0-9a-f]*0]]: add 4, 4, 20
# GPR-NEXT: add 4, 4, 20
# GPR-NEXT: addi 12, 12, -1
# GPR-NEXT: cmpldi 12, 0
# GPR-NEXT: bf 2, 0x[[LOOP]] <foo+0x[[LOOP]]>
# GPR-NEXT: ld 20, -96(1)
# GPR-NEXT: blr

# FAR:           li 12, 1
# FAR-COUNT-10000: add 4, 4, 20
# FAR-NEXT:      addi 12, 12, -1
# FAR-NEXT:      cmpldi 12, 0
# FAR-NEXT:      bt 2, 0x[[OUT:[0-9a-f]+]]
# FAR-NEXT:      b 0x10 <foo+0x10>
# FAR-NEXT:      [[OUT]]: ld 20, -96(1)

# FARCTR:           mtctr 11
# FARCTR-COUNT-10000: add {{[45]}}, {{[45]}}, {{20|11}}
# FARCTR-NEXT:      bdz 0x[[OUT:[0-9a-f]+]]
# FARCTR-NEXT:      b 0x20 <foo+0x20>
# FARCTR-NEXT:      [[OUT]]: ld 20, -96(1)

# COUNTER: error: the snippet reads CTR8, which overlaps the loop counter CTR8
# X0: error: loop register X0 is neither CTR8 nor a writable X register other than X0

# LLVM-EXEGESIS-DEFREG X20 1
# LLVM-EXEGESIS-DEFREG X11 2
add 4, 4, 20
add 5, 5, 11
