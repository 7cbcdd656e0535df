# Register values: X registers with LUI/ADDI(W) and, on riscv64, SLLI/ADDI
# steps for 64-bit values; F registers through x30 with FMV.D.X / FMV.W.X,
# set before x30's own value. Callee-saved registers the snippet writes (s0,
# fs0) are saved in a 16-byte-aligned frame. The object carries the ISA in
# .riscv.attributes, so llvm-objdump decodes the D extension by itself.
# RUN: %exegesis-rv64 -mcpu=generic -mattr=+d -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=2 -dump-object-to-disk=%t.o | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d -M numeric --no-show-raw-insn %t.o | FileCheck %s
# RUN: llvm-readelf -A %t.o | FileCheck %s --check-prefix=ATTR

# YAML:      register_initial_values:
# YAML-NEXT:   - 'X8=0x123456789ABCDEF0'
# YAML-NEXT:   - 'X11=0x12345FFF'
# YAML-NEXT:   - 'X30=0x7'
# YAML-NEXT:   - 'F1_D=0x3FF0000000000000'
# YAML-NEXT:   - 'F2_F=0x3F800000'
# YAML:      llvm_triple: riscv64-unknown-linux-gnu

# CHECK:      <foo>:
# CHECK-NEXT: addi x2, x2, -0x10
# CHECK-NEXT: sd x8, 0x0(x2)
# CHECK-NEXT: fsd f8, 0x8(x2)
# CHECK-NEXT: li x30, 0x3ff
# CHECK-NEXT: slli x30, x30, 0x34
# CHECK-NEXT: fmv.d.x f1, x30
# CHECK-NEXT: lui x30, 0x3f800
# CHECK-NEXT: fmv.w.x f2, x30
# CHECK-NEXT: lui x8, 0x247
# CHECK-NEXT: addiw x8, x8, -0x753
# CHECK-NEXT: slli x8, x8, 0xe
# CHECK-NEXT: addi x8, x8, -0x3b3
# CHECK-NEXT: slli x8, x8, 0xc
# CHECK-NEXT: addi x8, x8, 0x5e7
# CHECK-NEXT: slli x8, x8, 0xd
# CHECK-NEXT: addi x8, x8, -0x110
# CHECK-NEXT: lui x11, 0x12346
# CHECK-NEXT: addiw x11, x11, -0x1
# CHECK-NEXT: li x30, 0x7
# CHECK-NEXT: fadd.d f8, f1, f1
# CHECK-NEXT: add x8, x8, x11
# CHECK-NEXT: ld x8, 0x0(x2)
# CHECK-NEXT: fld f8, 0x8(x2)
# CHECK-NEXT: addi x2, x2, 0x10
# CHECK-NEXT: ret

# ATTR: TagName: arch
# ATTR-NEXT: Value: rv64i2p1_f2p2_d2p2_zicsr2p0

# LLVM-EXEGESIS-DEFREG X8 123456789abcdef0
# LLVM-EXEGESIS-DEFREG X11 12345fff
# LLVM-EXEGESIS-DEFREG X30 7
# LLVM-EXEGESIS-DEFREG F1_D 3ff0000000000000
# LLVM-EXEGESIS-DEFREG F2_F 3f800000
fadd.d fs0, ft1, ft1
add s0, s0, a1
