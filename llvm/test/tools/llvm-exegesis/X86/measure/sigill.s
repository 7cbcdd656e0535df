# An illegal instruction is the benchmark's error in both execution modes;
# the subprocess also names the instruction at fault.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s --check-prefix=SUB
# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=inprocess | FileCheck %s --check-prefix=IN

# SUB: measurements: []
# SUB-NEXT: error: 'snippet crashed while running: Illegal instruction'
# SUB-NEXT: info: 'faulting address 0x{{[0-9a-f]+}}, at snippet instruction 1 ''ud2'''

# IN: measurements: []
# IN-NEXT: error: 'snippet crashed while running: Illegal instruction'

addq %rax, %rax
ud2
