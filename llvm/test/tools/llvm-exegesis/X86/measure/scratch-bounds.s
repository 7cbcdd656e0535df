# The scratch buffer a snippet receives in RDI lies between guard regions.
# This snippet walks BTC's 16-bit bit offset forward until it wraps and
# then backward, up to 4 KiB before RDI, which is writable (its calls run
# 100000 instructions here, as the timed default loop's may). With the
# buffer on the tool's heap, those writes wrecked the
# allocator and the tool died (abort) in process. A write past the guard
# is the snippet's crash, in both modes, and the tool carries on.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=inprocess \
# RUN:   -min-instructions=100000 -settle-time-limit=0 | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess \
# RUN:   -min-instructions=100000 -settle-time-limit=0 | FileCheck %s
# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# CHECK: error: ''

# RUN: echo 'movq %%rax, -0x20000(%%rdi)' > %t.far.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.far.s -execution-mode=inprocess \
# RUN:   -settle-time-limit=0 | FileCheck %s --check-prefix=FAR-IN
# FAR-IN: error: 'snippet crashed while running: Segmentation fault'
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.far.s -execution-mode=subprocess \
# RUN:   -settle-time-limit=0 | FileCheck %s --check-prefix=FAR-SUB
# FAR-SUB: error: The snippet encountered a segmentation fault at address {{[0-9A-F]+}}

# LLVM-EXEGESIS-DEFREG RAX 0
btcw %ax, (%rdi)
adcw $1, %ax
