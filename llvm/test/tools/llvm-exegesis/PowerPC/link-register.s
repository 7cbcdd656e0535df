# A snippet that writes the link register through mtspr (here `mtlr`, which
# LLVM's descriptor does not mark as writing LR) gets the return address
# saved in the LR save word of the caller's frame and put back before blr.
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%s \
# RUN:   -repetition-mode=duplicate -min-instructions=2 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# CHECK:      <foo>:
# CHECK-NEXT: mflr 0
# CHECK-NEXT: std 0, 16(1)
# CHECK-NEXT: li 4, 64
# CHECK-NEXT: mtlr 4
# CHECK-NEXT: mflr 5
# CHECK-NEXT: ld 0, 16(1)
# CHECK-NEXT: mtlr 0
# CHECK-NEXT: blr

# LLVM-EXEGESIS-DEFREG X4 40
mtlr 4
mflr 5
