# A snippet that never returns (here: it waits for a signal with pause(2)) is
# killed after -subprocess-timeout seconds; in process, it is interrupted
# after as long.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=subprocess -subprocess-timeout=0.5 | FileCheck %s
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -subprocess-timeout=0 2>&1 | FileCheck %s --check-prefix=BAD

# CHECK: measurements: []
# CHECK-NEXT: error: The benchmarking subprocess timed out after 0.5 s

# BAD: -subprocess-timeout must be a positive number of seconds

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=inprocess -subprocess-timeout=0.5 | FileCheck %s --check-prefix=INPROCESS
# INPROCESS: measurements: []
# INPROCESS-NEXT: error: 'snippet timed out while running: interrupted after 0.5 s'

movl $34, %eax
syscall
