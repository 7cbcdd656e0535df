# Loop repetition: the counter x31 (t6, upstream's choice) counts the
# iterations down with ADDI and BNEZ branches back to the 16-byte-aligned
# loop body; s4 (x20), callee-saved, is saved around it. A body of 10,000 instructions is beyond BNE's 4 KiB reach: the
# assembler turns the back-edge into BEQZ over a J.
# RUN: %exegesis-rv64 -mcpu=generic -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=2 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d -M numeric --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-rv64 -mcpu=generic -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -loop-body-size=10000 -dump-object-to-disk=%t.big.o > /dev/null
# RUN: llvm-objdump -d -M numeric --no-show-raw-insn %t.big.o | FileCheck %s --check-prefix=BIG
# A snippet that reads the counter is refused.
# RUN: not %exegesis-rv64 -mcpu=generic -mode=latency -snippets-file=%S/Inputs/reads-t6.s \
# RUN:   -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=COUNTER

# CHECK:      <foo>:
# CHECK-NEXT: addi x2, x2, -0x10
# CHECK-NEXT: sd x20, 0x0(x2)
# CHECK-NEXT: li x20, 0x1
# CHECK-NEXT: li x31, 0x32
# CHECK:      {{0*}}[[LOOP:[0-9a-f]*0]]: add x11, x11, x20
# CHECK-NEXT: add x11, x11, x20
# CHECK-NEXT: addi x31, x31, -0x1
# CHECK-NEXT: bnez x31, 0x[[LOOP]] <foo+0x[[LOOP]]>
# CHECK-NEXT: ld x20, 0x0(x2)
# CHECK-NEXT: addi x2, x2, 0x10
# CHECK-NEXT: ret

# BIG:           li x31, 0x1
# BIG-COUNT-10000: add x11, x11, x20
# BIG-NEXT:      addi x31, x31, -0x1
# BIG-NEXT:      beqz x31, [[OUT:0x[0-9a-f]+]]
# BIG-NEXT:      j 0x{{[0-9a-f]+}} <foo+0x{{[0-9a-f]+}}>
# BIG-NEXT:      ld x20, 0x0(x2)

# COUNTER: error: the snippet reads X31, which overlaps the loop counter X31

# LLVM-EXEGESIS-DEFREG X20 1
add a1, a1, s4
