# Loop repetition: the counter X19 (callee-saved, so saved too) counts the
# iterations down with SUBS and B.NE branches back to the aligned loop body.
# The 10000-instruction object of the default options disassembles cleanly.
# RUN: %exegesis-aarch64-assemble -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=2 -dump-object-to-disk=%t.o \
# RUN:   > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-aarch64-assemble -snippets-file=%s -dump-object-to-disk=%t.big.o \
# RUN:   > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.big.o | FileCheck %s --check-prefix=BIG

# CHECK:      <foo>:
# CHECK-NEXT: stp x20, x19, [sp, #-0x10]!
# CHECK-NEXT: mov x20, #0x1
# CHECK-NEXT: mov x19, #0x32
# CHECK:      [[LOOP:[0-9a-f]*0]]: add x0, x0, x20
# CHECK-NEXT: add x0, x0, x20
# CHECK-NEXT: subs x19, x19, #0x1
# CHECK-NEXT: b.ne 0x[[LOOP]] <foo+0x[[LOOP]]>
# CHECK-NEXT: ldp x20, x19, [sp], #0x10
# CHECK-NEXT: ret

# BIG-COUNT-10000: add x0, x0, x20
# BIG-NEXT:        ldr x20, [sp], #0x10
# BIG-NEXT:        ret
# BIG-NOT:         {{.}}

# LLVM-EXEGESIS-DEFREG X20 1
add x0, x0, x20
