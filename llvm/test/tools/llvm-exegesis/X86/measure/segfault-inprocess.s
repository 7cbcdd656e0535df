# A crash in process mode is the benchmark's error, and the tool goes on to
# measure the next benchmark.

# REQUIRES: exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=inprocess | FileCheck %s

# CHECK: measurements: []
# CHECK-NEXT: error: 'snippet crashed while running: Segmentation fault'

# LLVM-EXEGESIS-DEFREG RBX 0
movq (%rbx), %rax
