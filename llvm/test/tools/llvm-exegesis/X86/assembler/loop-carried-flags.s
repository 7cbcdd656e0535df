# Whether a snippet carries a flag from one copy to the next, which the
# loop's counter update (an add that writes every arithmetic flag) would cut
# once per iteration, is decided flag by flag: LLVM has CLC read EFLAGS (it
# keeps the other flags) and INC write all of it (it keeps CF).
# RUN: split-file %s %t

# clc sets the carry that adc then reads: no flag passes from one copy to the
# next, and the inverse-throughput default keeps its loop.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/clc-adc.s 2>&1 | FileCheck %s --check-prefix=LOOP
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/stc-sbb.s 2>&1 | FileCheck %s --check-prefix=LOOP
# A carry produced by an add or cleared by xor is not carried either.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/xor-adc.s 2>&1 | FileCheck %s --check-prefix=LOOP
# The loop's excerpt ends with its counter update, addq $-1, %r8; jne.
# LOOP:      info: ''
# LOOP-NEXT: assembled_snippet: {{.*}}4983C0FF75{{.*}}

# inc keeps CF: adc reads the carry of the previous copy's adc. cmc flips
# the carry it reads. adc alone reads it too, and so does a cmov testing the
# carry after an inc (the add after it writes the carry the next copy's
# cmov reads). Those cannot loop.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/inc-adc.s 2>&1 | FileCheck %s --check-prefix=CARRIED
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/cmc-adc.s 2>&1 | FileCheck %s --check-prefix=CARRIED
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/adc.s 2>&1 | FileCheck %s --check-prefix=CARRIED
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/inc-cmovb.s 2>&1 | FileCheck %s --check-prefix=CARRIED
# CARRIED:     info: 'repetition: straight-line code only, no loop (the loop''s counter update writes EFLAGS, which the snippet carries from one copy to the next)'
# CARRIED-NOT: 4983C0FF75

# A cmov testing ZF, which inc sets, reads nothing of the previous copy.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%t/inc-cmove.s 2>&1 | FileCheck %s --check-prefix=LOOP

#--- clc-adc.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG R14 2
clc
adcq %r14, %rax
clc
adcq %r14, %rbx
#--- stc-sbb.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG R14 2
stc
sbbq %r14, %rax
#--- xor-adc.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG R14 2
xorl %ecx, %ecx
adcq %r14, %rax
#--- inc-adc.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RCX 1
# LLVM-EXEGESIS-DEFREG R14 2
incq %rcx
adcq %r14, %rax
#--- cmc-adc.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG R14 2
cmc
adcq %r14, %rax
#--- adc.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG R14 2
adcq %r14, %rax
#--- inc-cmovb.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG RCX 1
# LLVM-EXEGESIS-DEFREG RDX 1
# LLVM-EXEGESIS-DEFREG R14 2
incq %rcx
cmovbq %rdx, %rax
addq %r14, %rbx
#--- inc-cmove.s
# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG RCX 1
# LLVM-EXEGESIS-DEFREG RDX 1
# LLVM-EXEGESIS-DEFREG R14 2
incq %rcx
cmoveq %rdx, %rax
addq %r14, %rbx
