# Register values on N64 (mips64el): a 64-bit value is its upper part
# built as a 32-bit value, then DSLL/DSLL32 and ORI for each lower 16-bit
# chunk (a chunk of zeros only lengthens the next shift); a 64-bit FPR takes
# its bits from $at with DMTC1, +0.0 from $zero; the HI/LO accumulator with
# MTLO/MTHI. $s1, written, is saved in a 16-byte frame.
# RUN: %exegesis-mips64el -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=1 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# CHECK:      <foo>:
# CHECK-NEXT: daddiu $sp, $sp, -0x10
# CHECK-NEXT: sd $17, 0x8($sp)
# CHECK-NEXT: lui $1, 0x4009
# CHECK-NEXT: ori $1, $1, 0x21fb
# CHECK-NEXT: dsll $1, $1, 0x10
# CHECK-NEXT: ori $1, $1, 0x5444
# CHECK-NEXT: dsll $1, $1, 0x10
# CHECK-NEXT: ori $1, $1, 0x2d18
# CHECK-NEXT: dmtc1 $1, $f5
# CHECK-NEXT: dmtc1 $zero, $f6
# CHECK-NEXT: ori $1, $zero, 0x2
# CHECK-NEXT: mtlo $1
# CHECK-NEXT: ori $1, $zero, 0x1
# CHECK-NEXT: mthi $1
# CHECK-NEXT: lui $17, 0x1234
# CHECK-NEXT: ori $17, $17, 0x5678
# CHECK-NEXT: dsll32 $17, $17, 0x0
# CHECK-NEXT: ori $6, $zero, 0xffff
# CHECK-NEXT: dsll32 $6, $6, 0x0
# CHECK-NEXT: ori $6, $6, 0x1
# CHECK-NEXT: daddu $17, $17, $6
# CHECK-NEXT: add.d $f7, $f5, $f6
# CHECK-NEXT: ld $17, 0x8($sp)
# CHECK-NEXT: daddiu $sp, $sp, 0x10
# CHECK-NEXT: jr $ra
# CHECK-EMPTY:

# LLVM-EXEGESIS-DEFREG S1_64 1234567800000000
# LLVM-EXEGESIS-DEFREG A2_64 ffff00000001
# LLVM-EXEGESIS-DEFREG D5_64 400921fb54442d18
# LLVM-EXEGESIS-DEFREG D6_64 0
# LLVM-EXEGESIS-DEFREG AC0_64 10000000000000002
daddu $17, $17, $6
add.d $f7, $f5, $f6
