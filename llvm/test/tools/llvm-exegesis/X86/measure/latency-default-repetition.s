# Latency without -repetition-mode, where cycles are time-based, measures a
# loop whose body is as many copies of the snippet as fit in 2 KiB of code
# (here 682 copies of a 3-byte add), and says so in info: straight-line code
# of N and 2N instructions differenced times fetch from beyond the micro-op
# cache and the L1i. Straight-line code, as upstream, with dummy counters,
# with an explicit -repetition-mode, and for a snippet whose chain runs
# through the flags the loop's counter update writes.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-measure-latency, x86_64-linux

# RUN: rm -f %t.o
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0 \
# RUN:   -dump-object-to-disk=%t.o 2>&1 | FileCheck %s --check-prefix=TIMED
# RUN: llvm-objdump -d --no-show-raw-insn %t.o | FileCheck %s --check-prefix=LOOP
# TIMED: Check generated assembly with: {{.*}} -d {{.*}}latency-default-repetition.s.tmp.o
# TIMED: - { key: latency, value: {{[0-9.e+]+}}, per_snippet_value:
# TIMED: info: 'repetition: loop of 682 copies (2.0 KiB); time-based cycles (
# TIMED: assembled_snippet: {{.*}}4801C04801C04983C0FF75{{.*}}C3{{$}}
# LOOP:           addq %rax, %rax
# LOOP-COUNT-681: addq %rax, %rax
# LOOP-NEXT:      addq $-0x1, %r8
# LOOP-NEXT:      jne
# LOOP-NEXT:      retq

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -use-dummy-perf-counters \
# RUN:   | FileCheck %s --check-prefix=STRAIGHT
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0 \
# RUN:   -repetition-mode=duplicate | FileCheck %s --check-prefix=STRAIGHT
# STRAIGHT-NOT: repetition:
# STRAIGHT:     assembled_snippet: 48B801000000000000004801C04801C04801C04801C0C3{{$}}

# RUN: echo 'adcq %%rax, %%rax' > %t.adc.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.adc.s -settle-time-limit=0 \
# RUN:   | FileCheck %s --check-prefix=FLAGS
# FLAGS: info: 'repetition: straight-line code only, no loop (the loop''s counter update writes EFLAGS, which the snippet carries from one copy to the next); time-based cycles (

# The 2N function runs exactly twice the iterations of the N function, so
# that their difference is as many instructions as the N function runs: a
# 409-copy body of 5-byte adds runs 25 iterations (10225 instructions) and
# its twin 50, where twice the 10000 asked for gave 49, whose difference
# (9816) read as a fixed part of 4% and put a warning on right values.
# RUN: echo 'addl $1000, %%eax' > %t.addl.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.addl.s -settle-time-limit=0 \
# RUN:   -time-samples-file=%t.addl.jsonl | FileCheck %s --check-prefix=WHOLE
# RUN: FileCheck %s --check-prefix=TWICE < %t.addl.jsonl
# WHOLE: info: 'repetition: loop of 409 copies (2.0 KiB); time-based cycles (
# TWICE: "instructions":10225,

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
