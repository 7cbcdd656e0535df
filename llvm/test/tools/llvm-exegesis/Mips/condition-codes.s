# The FP condition codes live in one control register, FCCR ($25, bits 7..0
# for $fcc7..$fcc0): all the values asked for are written at once with CTC1
# through $at, before the GPRs. A generated MOVT reads $fcc0, which starts
# cleared (CTC1 from $zero).
# RUN: %exegesis-mipsel -mcpu=generic -mode=latency -snippets-file=%s \
# RUN:   -min-instructions=1 -dump-object-to-disk=%t.o > /dev/null
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s
# RUN: %exegesis-mipsel -mcpu=generic -mode=latency -opcode-name=MOVT_I \
# RUN:   -dump-object-to-disk=%t.gen.o | FileCheck %s --check-prefix=GEN
# RUN: llvm-objdump -d --no-show-raw-insn %t.gen.o | FileCheck %s --check-prefix=GEN-ASM

# CHECK:      <foo>:
# CHECK-NEXT: ori $1, $zero, 0xa
# CHECK-NEXT: ctc1 $1, $25
# CHECK-NEXT: ori $3, $zero, 0x5
# CHECK-NEXT: movt $2, $3, $fcc1
# CHECK-NEXT: jr $ra

# GEN:      - 'MOVT_I [[D:[A-Z0-9]+]] {{[A-Z0-9]+}} FCC0 [[D]]'
# GEN:      - 'FCC0=0x0'
# GEN-ASM:  ctc1 $zero, $25

# LLVM-EXEGESIS-DEFREG FCC1 1
# LLVM-EXEGESIS-DEFREG FCC3 1
# LLVM-EXEGESIS-DEFREG V1 5
movt $2, $3, $fcc1
