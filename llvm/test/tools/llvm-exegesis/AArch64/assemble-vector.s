# FP/SIMD registers and NZCV take their value through X16 (set before X16's
# own value); the low halves of V8-V15 and the link register are saved when
# the snippet writes them.
# RUN: %exegesis-aarch64-assemble -snippets-file=%s -min-instructions=3 \
# RUN:   -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# CHECK:      <foo>:
# CHECK-NEXT: str x30, [sp, #-0x10]!
# CHECK-NEXT: str d9, [sp, #-0x10]!
# CHECK-NEXT: mov x16, #0xeeff
# CHECK-NEXT: movk x16, #0xccdd, lsl #16
# CHECK-NEXT: movk x16, #0xaabb, lsl #32
# CHECK-NEXT: movk x16, #0x8899, lsl #48
# CHECK-NEXT: fmov d1, x16
# CHECK-NEXT: mov x16, #0x6677
# CHECK-NEXT: movk x16, #0x4455, lsl #16
# CHECK-NEXT: movk x16, #0x2233, lsl #32
# CHECK-NEXT: movk x16, #0x11, lsl #48
# CHECK-NEXT: mov v1.d[1], x16
# CHECK-NEXT: mov x16, #0x5
# CHECK-NEXT: fmov d2, x16
# CHECK-NEXT: mov w16, #0x7
# CHECK-NEXT: fmov s3, w16
# CHECK-NEXT: mov x16, #0x0
# CHECK-NEXT: movk x16, #0x6000, lsl #16
# CHECK-NEXT: msr NZCV, x16
# CHECK-NEXT: mov x16, #0x9
# CHECK-NEXT: fadd d9, d9, d1
# CHECK-NEXT: mov x30, x16
# CHECK:      ldr d9, [sp], #0x10
# CHECK-NEXT: ldr x30, [sp], #0x10
# CHECK-NEXT: ret

# LLVM-EXEGESIS-DEFREG Q1 00112233445566778899aabbccddeeff
# LLVM-EXEGESIS-DEFREG D2 5
# LLVM-EXEGESIS-DEFREG S3 7
# LLVM-EXEGESIS-DEFREG X16 9
# LLVM-EXEGESIS-DEFREG NZCV 60000000
fadd d9, d9, d1
mov x30, x16
