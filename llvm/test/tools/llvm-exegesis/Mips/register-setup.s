# Register values on O32 (mipsel, FP32 mode): 16-bit values with one ORI
# from $zero (or ADDIU when negative), others with LUI and ORI; a double
# pair with MTC1 of each word through $at, a single with MTC1, FCR31 with
# CTC1, all set before $at's own value. $s0 and $f20 (half of D10), which
# the snippet writes, are saved in an 8-byte-aligned frame in upstream's
# order: the FPR pair at the top.
# RUN: %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=2 -dump-object-to-disk=%t.o | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# YAML:      register_initial_values:
# YAML-NEXT:   - 'S0=0x12345678'
# YAML-NEXT:   - 'A1=0xFFFF'
# YAML-NEXT:   - 'A2=0xFFFFFFF0'
# YAML-NEXT:   - 'AT=0x7'
# YAML-NEXT:   - 'D1=0x3FF0000000000000'
# YAML-NEXT:   - 'F4=0x3F800000'
# YAML-NEXT:   - 'FCR31=0x3'
# YAML:      llvm_triple: mipsel-unknown-linux-gnu

# CHECK:      <foo>:
# CHECK-NEXT: addiu $sp, $sp, -0x10
# CHECK-NEXT: sdc1 $f20, 0x8($sp)
# CHECK-NEXT: sw $16, 0x4($sp)
# CHECK-NEXT: mtc1 $zero, $f2
# CHECK-NEXT: lui $1, 0x3ff0
# CHECK-NEXT: mtc1 $1, $f3
# CHECK-NEXT: lui $1, 0x3f80
# CHECK-NEXT: mtc1 $1, $f4
# CHECK-NEXT: ori $1, $zero, 0x3
# CHECK-NEXT: ctc1 $1, $31
# CHECK-NEXT: lui $16, 0x1234
# CHECK-NEXT: ori $16, $16, 0x5678
# CHECK-NEXT: ori $5, $zero, 0xffff
# CHECK-NEXT: addiu $6, $zero, -0x10
# CHECK-NEXT: ori $1, $zero, 0x7
# CHECK-NEXT: add.d $f20, $f2, $f2
# CHECK-NEXT: addu $16, $16, $5
# CHECK-NEXT: lw $16, 0x4($sp)
# CHECK-NEXT: ldc1 $f20, 0x8($sp)
# CHECK-NEXT: addiu $sp, $sp, 0x10
# CHECK-NEXT: jr $ra
# CHECK-EMPTY:

# LLVM-EXEGESIS-DEFREG S0 12345678
# LLVM-EXEGESIS-DEFREG A1 ffff
# LLVM-EXEGESIS-DEFREG A2 fffffff0
# LLVM-EXEGESIS-DEFREG AT 7
# LLVM-EXEGESIS-DEFREG D1 3ff0000000000000
# LLVM-EXEGESIS-DEFREG F4 3f800000
# LLVM-EXEGESIS-DEFREG FCR31 3
add.d $f20, $f2, $f2
addu $16, $16, $5
