# The registers the ABI preserves and the snippet writes are saved where
# upstream's frame lowering puts them, so that the function's bytes are
# upstream's: on N64 (big-endian mips64 here), 8-byte slots from the top of
# a 16-byte-aligned frame in the order $ra, $fp, $s7..$s0, restored in
# reverse order before `jr $ra`.
# RUN: llvm-exegesis -mtriple=mips64-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=BYTES
# RUN: %exegesis-mips64 -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=4 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s

# BYTES: assembled_snippet: 67BDFFD0FFBF0028FFBE0020FFB70018FFB10010FFB0000834110000023180210231F82D0231F02D0231B82D023180210231F82D0231F02D0231B82D023180210231F82D0231F02D0231B82D023180210231F82D0231F02D0231B82DDFB00008DFB10010DFB70018DFBE0020DFBF002867BD003003E00008{{$}}

# CHECK:      <foo>:
# CHECK-NEXT: daddiu $sp, $sp, -0x30
# CHECK-NEXT: sd $ra, 0x28($sp)
# CHECK-NEXT: sd $fp, 0x20($sp)
# CHECK-NEXT: sd $23, 0x18($sp)
# CHECK-NEXT: sd $17, 0x10($sp)
# CHECK-NEXT: sd $16, 0x8($sp)
# CHECK-NEXT: ori $17, $zero, 0x0
# CHECK-NEXT: addu $16, $17, $17
# CHECK-NEXT: daddu $ra, $17, $17
# CHECK-NEXT: daddu $fp, $17, $17
# CHECK-NEXT: daddu $23, $17, $17
# CHECK-NEXT: ld $16, 0x8($sp)
# CHECK-NEXT: ld $17, 0x10($sp)
# CHECK-NEXT: ld $23, 0x18($sp)
# CHECK-NEXT: ld $fp, 0x20($sp)
# CHECK-NEXT: ld $ra, 0x28($sp)
# CHECK-NEXT: daddiu $sp, $sp, 0x30
# CHECK-NEXT: jr $ra
# CHECK-EMPTY:

# LLVM-EXEGESIS-DEFREG S1_64 0
addu $16, $17, $17
daddu $31, $17, $17
daddu $30, $17, $17
daddu $23, $17, $17
