# Vector registers hold VLEN bits, VLEN from the subtarget's Zvl*b
# extensions: 128 with +v, 512 on sifive-x280. A value is sign-extended to
# VLEN, stored below the stack pointer and loaded with VLE8.V after a
# VSETVLI that makes VL the whole register; zero is VMV.V.I. A value wider
# than VLEN is refused when the snippet file is read, and so is vector code
# for a subtarget without V.
# RUN: %exegesis-rv64 -mcpu=generic -mattr=+v -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=1 -dump-object-to-disk=%t.o | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d -M numeric --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-rv64 -mcpu=sifive-x280 -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=1 -dump-object-to-disk=%t.x280.o > /dev/null
# RUN: llvm-objdump -d -M numeric --no-show-raw-insn %t.x280.o | FileCheck %s --check-prefix=X280
# RUN: not %exegesis-rv64 -mcpu=generic -mode=latency -snippets-file=%s 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NOV
# RUN: not %exegesis-rv64 -mcpu=generic -mattr=+v -mode=latency -snippets-file=%S/Inputs/v1-too-wide.s 2>&1 \
# RUN:   | FileCheck %s --check-prefix=WIDE

# YAML:      register_initial_values:
# YAML-NEXT:   - 'V1=0xFF'
# YAML-NEXT:   - 'V2=0x0'

# CHECK:      <foo>:
# CHECK-NEXT: vsetvli x30, x0, e8, m1, ta, ma
# CHECK-NEXT: addi x2, x2, -0x10
# CHECK-NEXT: li x30, -0x1
# CHECK-NEXT: sd x30, 0x0(x2)
# CHECK-NEXT: li x30, -0x1
# CHECK-NEXT: sd x30, 0x8(x2)
# CHECK-NEXT: vle8.v v1, (x2)
# CHECK-NEXT: addi x2, x2, 0x10
# CHECK-NEXT: vsetvli x30, x0, e8, m1, ta, ma
# CHECK-NEXT: vmv.v.i v2, 0x0
# CHECK-NEXT: vadd.vv v3, v1, v2
# CHECK-NEXT: ret

# X280:      addi x2, x2, -0x40
# X280-COUNT-8: sd x30, 0x{{[0-9a-f]+}}(x2)
# X280-NEXT: vle8.v v1, (x2)
# X280-NEXT: addi x2, x2, 0x40

# NOV: vector-register-setup.s:{{[0-9]+}}:{{[0-9]+}}: error: instruction requires the following: 'V'
# WIDE: expected <HEX_VALUE> to fit in the 128 bits of V1

# LLVM-EXEGESIS-DEFREG V1 ff
# LLVM-EXEGESIS-DEFREG V2 0
vadd.vv v3, v1, v2
