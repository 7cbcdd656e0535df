# Without a hardware PMU, cycles come from a calibrated time counter by
# default, and the results say so, with how many samples the core-sharing
# probe left out (taken while a busy SMT sibling shared the core); asking for
# hardware cycles or for the uops mode (which needs per-port counters) is a
# clear error.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -cycle-counter=time-based | FileCheck %s
# CHECK: info: 'cycles estimated from time counter {{rdtsc|msr/tsc/|task-clock}} at {{[0-9.]+}} ticks per core cycle (calibrated against a chain of {{[0-9]+}} dependent adds), fixed costs cancelled by differencing runs of N and 2N instructions, {{[0-9]+}} calls per counter window, each sample from the minima of {{[1-5]}} rounds{{( \(sized again [12] times? from a run that contradicted the probe\))?}}, {{[0-9]+}} of {{[0-9]+}} samples left out as taken while the core was shared (the core-sharing probe read more than 2% above or 1% below its quiet {{[0-9.]+}} cycles per group of four independent adds; a run settles on two thirds of the samples it kept{{(; the core was shared throughout: [^)]*)?}}), min taken from runs of samples that settle (two thirds of 30 samples within 0.3% of each other): {{run [0-9]+ settled and agrees with an earlier settled run, the value is the mean of the medians of their groups|no two settled runs agreed in [0-9]+ runs? \([0-9]+ settled\) within -settle-time-limit \(the machine was busy, and the value may be off by a few percent\), the value is the median of the largest group, [0-9]+ of [0-9]+ samples of (one run|all its runs)}}'

# Other aggregation modes aggregate the samples themselves.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -result-aggregation-mode=mean | FileCheck %s --check-prefix=MEAN
# MEAN: info: 'cycles estimated from time counter {{.*}}, {{[0-9]+}} calls per counter window, each sample from the minima of {{[1-5]}} rounds{{( \(sized again [12] times? from a run that contradicted the probe\))?}}{{(, [0-9]+ of [0-9]+ samples left out as taken while the core was shared \([^)]*\))?}}'

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -cycle-counter=hardware 2>&1 | FileCheck %s --check-prefix=HARDWARE
# HARDWARE: llvm-exegesis error: no hardware cycle counter can be opened (use -cycle-counter=time-based):
# HARDWARE-NEXT: cannot open perf event '{{.*}}': No such file or directory

# RUN: not llvm-exegesis -mode=uops -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=UOPS
# RUN: not llvm-exegesis -mode=uops -snippets-file=%s -mcpu=generic 2>&1 | FileCheck %s --check-prefix=UOPS-UNKNOWN-CPU
# UOPS: llvm-exegesis error: uops mode needs per-port micro-op counters
# UOPS-UNKNOWN-CPU: llvm-exegesis error: uops mode needs per-port micro-op counters, and none are known for CPU 'generic'

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
