# Register values: GPRs with li/lis/ori/oris and sldi (five instructions for
# any 64-bit value); an FPR, a VSX register and a CR field through r11 (and
# r12 for the lower half of a 128-bit value) with mtfprd, mtvsrdd and
# mtocrf, set before r11's own value; a CR bit with crset; the carry with
# mtxer. The callee-saved registers the snippet writes (r25, f14, v20, cr2)
# are saved where LLVM's code generator saves them; with v20 they no longer
# fit in the 288-byte protected zone and get a frame. A 32-bit register is
# the lower word of its X register.
# RUN: %exegesis-ppc64le -mcpu=pwr9 -mode=latency -snippets-file=%s \
# RUN:   -repetition-mode=duplicate -min-instructions=5 -dump-object-to-disk=%t.o \
# RUN:   | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# YAML:      register_initial_values:
# YAML-NEXT:   - 'X5=0x123456789ABCDEF0'
# YAML-NEXT:   - 'R6=0xFFFFFFFF'
# YAML-NEXT:   - 'X11=0x7'
# YAML-NEXT:   - 'F14=0x3FF0000000000000'
# YAML-NEXT:   - 'V20=0x123456789ABCDEF0011223344556677'
# YAML-NEXT:   - 'CR2=0x8'
# YAML-NEXT:   - 'CR5GT=0x1'
# YAML-NEXT:   - 'CARRY=0x1'
# YAML:      llvm_triple: powerpc64le-unknown-linux-gnu

# CHECK:      <foo>:
# CHECK-NEXT: mfocrf 12, 32
# CHECK-NEXT: stw 12, 8(1)
# CHECK-NEXT: stdu 1, -432(1)
# CHECK-NEXT: std 25, 232(1)
# CHECK-NEXT: stfd 14, 288(1)
# CHECK-NEXT: stxv 52, 32(1)
# CHECK-NEXT: lis 11, 16368
# CHECK-NEXT: sldi 11, 11, 32
# CHECK-NEXT: mtfprd 14, 11
# CHECK-NEXT: lis 11, 291
# CHECK-NEXT: ori 11, 11, 17767
# CHECK-NEXT: sldi 11, 11, 32
# CHECK-NEXT: oris 11, 11, 35243
# CHECK-NEXT: ori 11, 11, 52719
# CHECK-NEXT: lis 12, 17
# CHECK-NEXT: ori 12, 12, 8755
# CHECK-NEXT: sldi 12, 12, 32
# CHECK-NEXT: oris 12, 12, 17493
# CHECK-NEXT: ori 12, 12, 26231
# CHECK-NEXT: mtvsrdd 52, 11, 12
# CHECK-NEXT: lis 11, 128
# CHECK-NEXT: mtocrf 32, 11
# CHECK-NEXT: crset 21
# CHECK-NEXT: lis 11, 8192
# CHECK-NEXT: mtxer 11
# CHECK-NEXT: lis 5, 4660
# CHECK-NEXT: ori 5, 5, 22136
# CHECK-NEXT: sldi 5, 5, 32
# CHECK-NEXT: oris 5, 5, 39612
# CHECK-NEXT: ori 5, 5, 57072
# CHECK-NEXT: li 6, -1
# CHECK-NEXT: li 11, 7
# CHECK-NEXT: adde 25, 5, 6
# CHECK-NEXT: fadd 14, 14, 14
# CHECK-NEXT: vadduwm 20, 20, 20
# CHECK-NEXT: crand 8, 21, 10
# CHECK-NEXT: add 25, 25, 11
# CHECK-NEXT: lxv 52, 32(1)
# CHECK-NEXT: lfd 14, 288(1)
# CHECK-NEXT: ld 25, 232(1)
# CHECK-NEXT: addi 1, 1, 432
# CHECK-NEXT: lwz 12, 8(1)
# CHECK-NEXT: mtocrf 32, 12
# CHECK-NEXT: blr

# LLVM-EXEGESIS-DEFREG X5 123456789abcdef0
# LLVM-EXEGESIS-DEFREG R6 ffffffff
# LLVM-EXEGESIS-DEFREG X11 7
# LLVM-EXEGESIS-DEFREG F14 3ff0000000000000
# LLVM-EXEGESIS-DEFREG V20 0123456789abcdef0011223344556677
# LLVM-EXEGESIS-DEFREG CR2 8
# LLVM-EXEGESIS-DEFREG CR5GT 1
# LLVM-EXEGESIS-DEFREG CARRY 1
adde 25, 5, 6
fadd 14, 14, 14
vadduwm 20, 20, 20
crand 8, 21, 10
add 25, 25, 11
