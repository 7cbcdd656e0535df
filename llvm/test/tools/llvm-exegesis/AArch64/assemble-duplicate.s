# X and W registers are set with MOVZ and a MOVK per further non-zero
# halfword; callee-saved X19-X28 that are written are saved around the
# function. Same bytes as upstream llvm-exegesis 22.
# RUN: %exegesis-aarch64-assemble -snippets-file=%s -min-instructions=3 \
# RUN:   -dump-object-to-disk=%t.o 2>/dev/null | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d %t.o | FileCheck %s

# YAML: llvm_triple: aarch64-unknown-linux-gnu
# YAML: error: actual measurements skipped.
# YAML: assembled_snippet: F40F1FF800DE9BD28057B3F200CFCAF28046E2F241028052340080D20000148B0000148B0000148B0000148BF40741F8C0035FD6

# CHECK:      file format elf64-littleaarch64
# CHECK:      <foo>:
# CHECK-NEXT: str x20, [sp, #-0x10]!
# CHECK-NEXT: mov x0, #0xdef0
# CHECK-NEXT: movk x0, #0x9abc, lsl #16
# CHECK-NEXT: movk x0, #0x5678, lsl #32
# CHECK-NEXT: movk x0, #0x1234, lsl #48
# CHECK-NEXT: mov w1, #0x12
# CHECK-NEXT: mov x20, #0x1
# CHECK-NEXT: add x0, x0, x20
# CHECK-NEXT: add x0, x0, x20
# CHECK-NEXT: add x0, x0, x20
# CHECK-NEXT: ldr x20, [sp], #0x10
# CHECK-NEXT: ret

# LLVM-EXEGESIS-DEFREG X0 123456789abcdef0
# LLVM-EXEGESIS-DEFREG W1 12
# LLVM-EXEGESIS-DEFREG X20 1
add x0, x0, x20
