# Loop repetition: $t9 counts the iterations down with ADDIU and BNEZ
# branches back to the 16-byte-aligned loop body, with a NOP in the branch's
# delay slot (upstream crashes on loop repetition for Mips); $s4, which the
# setup writes, is saved around it. On mips64 the counter is T9_64, counted
# with DADDIU. A snippet reading the counter is refused, and a body beyond
# the BNE's reach (32K instructions) is an error of one line.
# RUN: %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=2 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-mips64el -mcpu=generic -mode=latency -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=2 -dump-object-to-disk=%t64.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t64.o | FileCheck %s --check-prefix=MIPS64
# RUN: not %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%S/Inputs/reads-t9.s \
# RUN:   -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=COUNTER
# RUN: not %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -repetition-mode=loop -loop-body-size=40000 2>&1 | FileCheck %s --check-prefix=FAR

# CHECK:      <foo>:
# CHECK-NEXT: addiu $sp, $sp, -0x8
# CHECK-NEXT: sw $20, 0x4($sp)
# CHECK-NEXT: ori $20, $zero, 0x1
# CHECK-NEXT: ori $25, $zero, 0x32
# CHECK:      {{0*}}[[LOOP:[0-9a-f]*0]]: addu $5, $5, $20
# CHECK-NEXT: addu $5, $5, $20
# CHECK-NEXT: addiu $25, $25, -0x1
# CHECK-NEXT: bnez $25, 0x[[LOOP]] <foo+0x[[LOOP]]>
# CHECK-NEXT: nop
# CHECK-NEXT: lw $20, 0x4($sp)
# CHECK-NEXT: addiu $sp, $sp, 0x8
# CHECK-NEXT: jr $ra
# CHECK-EMPTY:

# MIPS64:      daddiu $sp, $sp, -0x10
# MIPS64-NEXT: sd $20, 0x8($sp)
# MIPS64:      ori $25, $zero, 0x32
# MIPS64:      daddiu $25, $25, -0x1
# MIPS64-NEXT: bnez $25,
# MIPS64-NEXT: nop
# MIPS64-NEXT: ld $20, 0x8($sp)

# COUNTER: error: the snippet reads T9, which overlaps the loop counter T9;
# FAR: llvm-exegesis error: {{.*}}out of range PC16 fixup

# LLVM-EXEGESIS-DEFREG S4 1
addu $5, $5, $20
