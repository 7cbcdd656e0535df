# Without a hardware PMU, upstream's hardware validation counters cannot be
# opened: a clear tool error, in both execution modes.

# REQUIRES: exegesis-no-hardware-pmu, x86_64-linux

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -validation-counter=instructions-retired 2>&1 | FileCheck %s
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -validation-counter=l1d-cache-load-misses 2>&1 | FileCheck %s --check-prefix=CACHE

# CHECK: llvm-exegesis error: validation counters: cannot open perf event 'instructions-retired': No such file or directory (the kernel exposes no hardware PMU for this event; common in virtual machines)
# CACHE: llvm-exegesis error: validation counters: cannot open perf event 'l1d-cache-load-misses':

addq %rax, %rax
