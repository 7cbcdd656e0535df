# Values from the snippet file reach every register class: byte-mask values
# (each byte 00 or ff) with one MOVI, other bits through X8/W8 with FMOV
# (and INS for a Q register's high half), an SVE vector's 64-bit element
# with DUP (an immediate when it fits, X8 otherwise), a predicate all true
# with PTRUE and all false with PFALSE, FPCR and FPSR with MSR. Narrow values
# sign-extend, as upstream: `H4 80` is 0xff80.
# RUN: %exegesis-aarch64 -mode=latency -snippets-file=%s -min-instructions=1 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# CHECK:      <foo>:
# CHECK-NEXT: movi v1.2d, #0xff00ff00ff00ff00
# CHECK-NEXT: movi d2, #0xffffffff00000000
# CHECK-NEXT: mov x8, #0x4
# CHECK-NEXT: movk x8, #0x3ff0, lsl #48
# CHECK-NEXT: fmov d3, x8
# CHECK-NEXT: mov x8, #0x1
# CHECK-NEXT: fmov d4, x8
# CHECK-NEXT: mov x8, #0x2
# CHECK-NEXT: mov v4.d[1], x8
# CHECK-NEXT: mov w8, #0x3f800000
# CHECK-NEXT: fmov s5, w8
# CHECK-NEXT: mov w8, #0xff80
# CHECK-NEXT: fmov s6, w8
# CHECK-NEXT: mov w8, #0x7f
# CHECK-NEXT: fmov s7, w8
# CHECK-NEXT: mov z16.d, #0xffffffffffffffff
# CHECK-NEXT: mov z17.d, #0x300
# CHECK-NEXT: mov x8, #0x5678
# CHECK-NEXT: movk x8, #0x1234, lsl #16
# CHECK-NEXT: mov z18.d, x8
# CHECK-NEXT: ptrue p1.b
# CHECK-NEXT: pfalse p2.b
# CHECK-NEXT: mov x8, #0xc00000
# CHECK-NEXT: msr FPCR, x8
# CHECK-NEXT: mov x8, #0x0
# CHECK-NEXT: msr FPSR, x8
# CHECK-NEXT: fadd d0, d1, d2
# CHECK-NEXT: ret

# LLVM-EXEGESIS-DEFREG Q1 ff00ff00ff00ff00ff00ff00ff00ff00
# LLVM-EXEGESIS-DEFREG D2 ffffffff00000000
# LLVM-EXEGESIS-DEFREG D3 3ff0000000000004
# LLVM-EXEGESIS-DEFREG Q4 00000000000000020000000000000001
# LLVM-EXEGESIS-DEFREG S5 3f800000
# LLVM-EXEGESIS-DEFREG H6 80
# LLVM-EXEGESIS-DEFREG B7 7f
# LLVM-EXEGESIS-DEFREG Z16 ff
# LLVM-EXEGESIS-DEFREG Z17 300
# LLVM-EXEGESIS-DEFREG Z18 12345678
# LLVM-EXEGESIS-DEFREG P1 ffff
# LLVM-EXEGESIS-DEFREG P2 0
# LLVM-EXEGESIS-DEFREG FPCR c00000
# LLVM-EXEGESIS-DEFREG FPSR 0
fadd d0, d1, d2
