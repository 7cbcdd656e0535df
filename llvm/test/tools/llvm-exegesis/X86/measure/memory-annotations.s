# MEM-DEF / MEM-MAP values are mapped in the benchmarking subprocess; in
# process mode they are refused.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s
# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: {} }
# CHECK-NEXT: error: ''

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=inprocess 2>&1 | FileCheck %s --check-prefix=INPROC
# INPROC: llvm-exegesis error: {{.*}}subprocess

# LLVM-EXEGESIS-MEM-DEF test1 4096 2147483647
# LLVM-EXEGESIS-MEM-MAP test1 1048576
movq 1048576, %rax
