# Every repetition mode measures, in both execution modes.

# These check that a value comes out, not what it is: each measurement
# settles for at most half a second (on a loaded machine the default 5 s
# each made this test take up to 50 s).

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=duplicate | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=loop | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=min | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=middle-half-duplicate | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=middle-half-loop | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=duplicate -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=loop -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=min -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=middle-half-duplicate -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0.5 -repetition-mode=middle-half-loop -execution-mode=subprocess | FileCheck %s

# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: {} }
# CHECK-NEXT: error: ''

# Two instructions per snippet: per_snippet_value is per copy of both.
# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
addq %rax, %rax
