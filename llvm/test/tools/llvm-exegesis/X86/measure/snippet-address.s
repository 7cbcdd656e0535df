# The SNIPPET-ADDRESS annotation places the code at a fixed address in the
# benchmarking subprocess: this snippet reads its own first bytes there.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# With code at a fixed address N and 2N run in children of their own, whose
# samples seldom settle: half a second bounds the runs (it checks where the
# code ran, not its timing). Under heavy load the unsettled value of four
# loads can be refused as not credible (0.009 cycles per instruction once
# under stress-ng): the code still ran there without a fault.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -settle-time-limit=0.5 | FileCheck %s
# CHECK: measurements:{{( \[\])?$}}
# CHECK-NOT: signal
# CHECK: error: '{{(the time-based measurement is not credible: .*|no usable time-based sample: .*)?}}'

# Without the annotation nothing is mapped there.
# RUN: sed -e '/LLVM-EXEGESIS-SNIPPET-ADDRESS 20000/d' %s > %t.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.s -execution-mode=subprocess | FileCheck %s --check-prefix=UNMAPPED
# UNMAPPED: error: The snippet encountered a segmentation fault at address {{[0-9A-F]+}}
# UNMAPPED-NEXT: info: 'faulting address 0x20000, at snippet instruction 0 ''movq 0x20000, %rax'''

# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000
movq 0x20000, %rax
