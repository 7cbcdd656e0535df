# Without a hardware PMU, cycles come from a calibrated time counter by
# default, and the results say so, with how many samples the core-sharing
# probe left out (taken while a busy SMT sibling shared the core). Under
# load no run may settle: runs whose groups agree give the value without a
# warning, others say why; on a contended host a settled value can carry a
# warning too (most calibrations disturbed, or the cross-check off). Asking for hardware cycles or for the uops mode
# (which needs per-port counters) is a clear error.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -cycle-counter=time-based | FileCheck %s
# CHECK: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{rdtsc|msr/tsc/|task-clock}}, {{[0-9.]+}} ticks per cycle, N and 2N differenced): {{settled in [0-9]+ runs, 2 agree \([0-9]+ of [0-9]+ samples(; [0-9]+ of [0-9]+ left out as core-shared)?\)(; warning: .*)?|not settled in [0-9]+ runs?, which agree \(value from [0-9]+ of [0-9]+ samples.*\)|not settled in [0-9]+ runs?.*; warning: .*}}'
#
# -sampling-details gives the full account instead, down to the vector
# calibration chain that leaves out samples whose add chain was slowed
# (under stress-ng its median may lie off any whole number: no check then).
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -sampling-details | FileCheck %s --check-prefix=DETAILS
# DETAILS: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): verdict {{settled|unsettled}}; calibrated against chains of {{[0-9]+}} dependent adds, {{[0-9]+}} calls per counter window, each sample from the minima of {{[1-5]}} rounds{{.*}}; core-sharing probe: quiet level {{[0-9.]+}} cycles per group of four independent adds, {{[0-9]+}} samples left out as taken while the core was shared (more than 2% above or 1% below it{{(, or [0-9]+ of them with the vector chain apart from the add chain)?}}){{.*}}; vector calibration chain: {{[0-9.]+}} add cycles per op ({{a sample whose chain lies more than 1% from its whole number of cycles is left out as shared|not within 3% of a whole number of cycles: no sample is judged by it}}){{.*}}

# Other aggregation modes aggregate the samples themselves.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -result-aggregation-mode=mean | FileCheck %s --check-prefix=MEAN
# MEAN: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): one run aggregated ({{[0-9]+}} of {{[0-9]+}} samples){{(; warning: .*)?}}'

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -cycle-counter=hardware 2>&1 | FileCheck %s --check-prefix=HARDWARE
# Each event tried gets a line: where libpfm4 does not know the CPU's own
# cycle event (Debian 12's libpfm4 on Zen 5: CYCLES_NOT_IN_HALT), a line
# saying so comes before the generic event's.
# HARDWARE: llvm-exegesis error: no hardware cycle counter can be opened (use -cycle-counter=time-based):
# HARDWARE-NOT: error
# HARDWARE: cannot open perf event '{{.*}}': No such file or directory

# RUN: not llvm-exegesis -mode=uops -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=UOPS
# RUN: not llvm-exegesis -mode=uops -snippets-file=%s -mcpu=generic 2>&1 | FileCheck %s --check-prefix=UOPS-UNKNOWN-CPU
# UOPS: llvm-exegesis error: uops mode needs per-port micro-op counters
# UOPS-UNKNOWN-CPU: llvm-exegesis error: uops mode needs per-port micro-op counters, and none are known for CPU 'generic'

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
