# -benchmark-repeat-count samples, combined by every -result-aggregation-mode.

# REQUIRES: exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=5 -result-aggregation-mode=min | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=5 -result-aggregation-mode=max | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=5 -result-aggregation-mode=mean | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=5 -result-aggregation-mode=min-variance | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=1 | FileCheck %s

# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: {} }
# CHECK-NEXT: error: ''

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
