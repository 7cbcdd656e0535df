# O32 in FP32 mode: the pairs D10-D15 ($f20-$f31) are callee-saved and take
# 8-byte slots at the top of the frame, above $ra and the $s registers
# (4-byte slots), as upstream lays them out. Unlike upstream, which leaves
# FPRs unset, D1 is given its value: +0.0 with MTC1 from $zero for each word.
# RUN: llvm-exegesis -mtriple=mipsel-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=BYTES
# RUN: %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=4 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# The frame and the rest are upstream's bytes; 0010804400188044 are the two
# MTC1 upstream does not emit.
# BYTES: assembled_snippet: E0FFBD271800BAF71000B4F70C00BFAF0800B1AF0400B0AF{{0010804400188044}}0000113421803102001522468016224621F8310221803102001522468016224621F8310221803102001522468016224621F8310221803102001522468016224621F831020400B08F0800B18F0C00BF8F1000B4D71800BAD72000BD270800E003{{$}}

# CHECK:      <foo>:
# CHECK-NEXT: addiu $sp, $sp, -0x20
# CHECK-NEXT: sdc1 $f26, 0x18($sp)
# CHECK-NEXT: sdc1 $f20, 0x10($sp)
# CHECK-NEXT: sw $ra, 0xc($sp)
# CHECK-NEXT: sw $17, 0x8($sp)
# CHECK-NEXT: sw $16, 0x4($sp)
# CHECK-NEXT: mtc1 $zero, $f2
# CHECK-NEXT: mtc1 $zero, $f3
# CHECK-NEXT: ori $17, $zero, 0x0
# CHECK:      lw $16, 0x4($sp)
# CHECK-NEXT: lw $17, 0x8($sp)
# CHECK-NEXT: lw $ra, 0xc($sp)
# CHECK-NEXT: ldc1 $f20, 0x10($sp)
# CHECK-NEXT: ldc1 $f26, 0x18($sp)
# CHECK-NEXT: addiu $sp, $sp, 0x20
# CHECK-NEXT: jr $ra

# LLVM-EXEGESIS-DEFREG S1 0
# LLVM-EXEGESIS-DEFREG D1 0
addu $16, $17, $17
add.d $f20, $f2, $f2
add.d $f26, $f2, $f2
addu $31, $17, $17
