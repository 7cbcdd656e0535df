# FP/SIMD registers, NZCV and FPCR take their value through a temporary
# general-purpose register: X8 and X9 as upstream, or the next ones when the
# snippet reads X8 (here it does, so X9 and X10 are used and X8 keeps its
# value whatever the order). NZCV's flags are cleared in the value read back
# and set from the one asked for. The low halves of V8-V15 and the link
# register are saved when the snippet writes them.
# RUN: %exegesis-aarch64-assemble -snippets-file=%s -min-instructions=3 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# CHECK:      <foo>:
# CHECK-NEXT: str x30, [sp, #-0x10]!
# CHECK-NEXT: str d9, [sp, #-0x10]!
# CHECK-NEXT: mov x8, #0x9
# CHECK-NEXT: mov x9, #0xeeff
# CHECK-NEXT: movk x9, #0xccdd, lsl #16
# CHECK-NEXT: movk x9, #0xaabb, lsl #32
# CHECK-NEXT: movk x9, #0x8899, lsl #48
# CHECK-NEXT: fmov d1, x9
# CHECK-NEXT: mov x9, #0x6677
# CHECK-NEXT: movk x9, #0x4455, lsl #16
# CHECK-NEXT: movk x9, #0x2233, lsl #32
# CHECK-NEXT: movk x9, #0x11, lsl #48
# CHECK-NEXT: mov v1.d[1], x9
# CHECK-NEXT: mov x9, #0x5
# CHECK-NEXT: fmov d2, x9
# CHECK-NEXT: mov w9, #0x7
# CHECK-NEXT: fmov s3, w9
# CHECK-NEXT: mrs x9, NZCV
# CHECK-NEXT: mov x10, #0xf0000000
# CHECK-NEXT: bic x9, x9, x10
# CHECK-NEXT: mov x10, #0x60000000
# CHECK-NEXT: orr x9, x9, x10
# CHECK-NEXT: msr NZCV, x9
# CHECK-NEXT: mov x9, #0x400000
# CHECK-NEXT: msr FPCR, x9
# CHECK-NEXT: fadd d9, d9, d1
# CHECK-NEXT: mov x30, x8
# CHECK:      ldr d9, [sp], #0x10
# CHECK-NEXT: ldr x30, [sp], #0x10
# CHECK-NEXT: ret

# LLVM-EXEGESIS-DEFREG X8 9
# LLVM-EXEGESIS-DEFREG Q1 00112233445566778899aabbccddeeff
# LLVM-EXEGESIS-DEFREG D2 5
# LLVM-EXEGESIS-DEFREG S3 7
# LLVM-EXEGESIS-DEFREG NZCV 60000000
# LLVM-EXEGESIS-DEFREG FPCR 400000
fadd d9, d9, d1
mov x30, x8
