# A breakpoint trap is the benchmark's error in both execution modes.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s --check-prefix=SUB
# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=inprocess | FileCheck %s --check-prefix=IN

# SUB: error: 'snippet crashed while running: Trace/breakpoint trap'
# SUB-NEXT: info: 'faulting address 0x{{[0-9a-f]+}}, at snippet instruction 0 ''int3'''

# IN: error: 'snippet crashed while running: Trace/breakpoint trap'

int3
