# Division by zero is the benchmark's error in both execution modes.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s --check-prefix=SUB
# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=inprocess | FileCheck %s --check-prefix=IN

# SUB: error: 'snippet crashed while running: Floating point exception'
# SUB-NEXT: info: 'faulting address 0x{{[0-9a-f]+}}, at snippet instruction 0 ''divq %rcx'''

# IN: error: 'snippet crashed while running: Floating point exception'

# LLVM-EXEGESIS-DEFREG RCX 0
# LLVM-EXEGESIS-DEFREG RDX 0
divq %rcx
