# A snippet that gives a YMM register a wide value and then runs legacy SSE
# pays the SSE/AVX transition; info says that this is part of what was
# measured. Without the wide value (or with VEX code) there is no note.

# REQUIRES: exegesis-can-execute-x86_64, x86_64-linux, host-avx

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -use-dummy-perf-counters | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -use-dummy-perf-counters -execution-mode=subprocess | FileCheck %s
# CHECK: info: 'the snippet''s register definitions set YMM1 (wide upper halves) and it runs legacy-SSE ADDSDrr_Int: the SSE/AVX transition penalty is part of what was measured'

# RUN: sed -e 's/DEFREG YMM1/DEFREG XMM1/' %s > %t.narrow.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.narrow.s -use-dummy-perf-counters | FileCheck %s --check-prefix=NONE
# NONE: info: ''

# The earlier phases keep upstream's results: no note.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-phase=prepare-and-assemble-snippet | FileCheck %s --check-prefix=NONE

# LLVM-EXEGESIS-DEFREG YMM1 1
# LLVM-EXEGESIS-DEFREG XMM2 1
addsd %xmm1, %xmm2
