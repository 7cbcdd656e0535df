# Inverse throughput without -repetition-mode assembles straight-line code
# and a loop whose body is as many copies of the snippet as fit in 2 KiB of
# code (here 682 copies of a 3-byte add); the assembled_snippet holds both
# excerpts, as for -repetition-mode=min. An explicit -repetition-mode or
# latency mode keeps upstream's single function; -loop-body-size sizes the
# loop as upstream does.
# RUN: rm -f %t.o %t.1.o
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=DEFAULT
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=STRAIGHT
# RUN: llvm-objdump -d --no-show-raw-insn %t.1.o | FileCheck %s --check-prefix=LOOP

# DEFAULT: Check generated assembly with: {{.*}} -d {{.*}}default-repetition.s.tmp.o
# DEFAULT: Check generated assembly with: {{.*}} -d {{.*}}default-repetition.s.tmp.1.o
# DEFAULT: min_instructions: 10000
# DEFAULT: assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C348B9000000000000000049B802000000000000006666666666662E0F1F8400000000006666666666662E0F1F84000000000066666666662E0F1F8400000000004801C94801C94983C0FF75F4C3

# STRAIGHT-COUNT-10000: addq %rcx, %rcx
# STRAIGHT-NEXT:        retq

# LOOP:               movabsq $0xf, %r8
# LOOP-COUNT-682:     addq %rcx, %rcx
# LOOP-NEXT:          addq $-0x1, %r8
# LOOP-NEXT:          jne
# LOOP-NEXT:          retq

# RUN: rm -f %t.o %t.1.o
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -loop-body-size=5 -dump-object-to-disk=%t.o \
# RUN:   > /dev/null 2>&1
# RUN: llvm-objdump -d --no-show-raw-insn %t.1.o | FileCheck %s --check-prefix=SIZED
# SIZED:         movabsq $0x7d0, %r8
# SIZED-COUNT-5: addq %rcx, %rcx
# SIZED-NEXT:    addq $-0x1, %r8

# RUN: rm -f %t.o %t.1.o
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -repetition-mode=duplicate -dump-object-to-disk=%t.o \
# RUN:   2>&1 | FileCheck %s --check-prefix=ONE
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=latency -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%s -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ONE
# ONE:     Check generated assembly with: {{.*}} -d {{.*}}default-repetition.s.tmp.o
# ONE-NOT: Check generated assembly
# ONE:     assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C3{{$}}

# A snippet that writes the loop counter cannot loop: the default measures
# it straight-line and says so (an explicit loop is an error, as before).
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%S/Inputs/writes-r8.s 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NOLOOP
# NOLOOP:     info: 'repetition: straight-line code only, no loop (the snippet writes R8, which overlaps the loop counter R8; choose another with LLVM-EXEGESIS-LOOP-REGISTER)'
# NOLOOP:     assembled_snippet: 49B8000000000000000049FFC049FFC049FFC049FFC0C3{{$}}
# RUN: not llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -snippets-file=%S/Inputs/writes-r8.s -repetition-mode=loop 2>&1 \
# RUN:   | FileCheck %s --check-prefix=LOOPERR
# LOOPERR: error: the snippet writes R8

# A snippet that carries the flags from one copy to the next (ADC through
# its carry) cannot loop either: the loop's counter update writes EFLAGS and
# would break the chain once per iteration (ADC64rr read 0.985 instead of
# 1.0 on Zen 3). One that only reads them (CMOV) loops.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-linux-gnu -mcpu=znver3 \
# RUN:   -mode=inverse_throughput -benchmark-phase=assemble-measured-code \
# RUN:   -opcode-name=ADC64rr,SBB32ri8,CMOV64rr 2>&1 \
# RUN:   | FileCheck %s --check-prefix=FLAGS
# FLAGS:     - 'ADC64rr
# FLAGS:     info: '{{.*}}repetition: straight-line code only, no loop (the loop''s counter update writes EFLAGS, which the snippet carries from one copy to the next)'
# FLAGS:     - 'SBB32ri8
# FLAGS:     info: '{{.*}}repetition: straight-line code only, no loop (the loop''s counter update writes EFLAGS, which the snippet carries from one copy to the next)'
# FLAGS:     - 'CMOV64rr
# FLAGS-NOT: straight-line code only

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
