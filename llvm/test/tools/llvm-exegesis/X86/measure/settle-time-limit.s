# With a time-based cycle counter, min aggregation takes run after run of at
# most -benchmark-repeat-count samples until -settle-agreeing-runs runs (2)
# have settled (two thirds of the samples within -settle-tolerance, 0.3%) and
# agree, for at most -settle-time-limit seconds; 0 takes one run. A run ends
# as soon as it has settled. The info field says how the value was chosen.
# Other aggregation modes take one run.

# REQUIRES: exegesis-no-hardware-pmu, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0 \
# RUN:   -benchmark-repeat-count=6 | FileCheck %s --check-prefix=ONCE
# ONCE: measurements:
# ONCE-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# A run whose samples gave no usable value (each calibration disturbed) is
# followed by another, and info counts it; a run that did not settle, or was
# taken while a neighbour kept the core busy, says so after the counts.
# ONCE: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): one run by request{{(, after [1-3] without a usable sample)?}} (value from {{[1-6]}} of {{[4-6]}} samples{{[^)]*}}){{(; warning: .*)?}}'

# Within 50% every sample agrees: the first run settles after 4 of its 6
# samples (two thirds) and stops there; with one agreeing run needed, that
# ends the measurement. A sample left out as taken while the core was shared
# makes it 4 of the 5 kept, two 3 of the 4, three 2 of the 3 (half of the
# 4 a run settles with, the least the rule accepts); a run checked only after a
# slow sample may count 5 agreeing (all seen under stress-ng); a
# neighbour busy for the first runs delays the settling run; one busy
# throughout (the probe reading more than 10% above its level on the other
# CPU) lets no run settle, and info says so. On a contended host a settled
# run can carry a warning too (most of its calibrations disturbed).
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=6 \
# RUN:   -settle-tolerance=50 -settle-agreeing-runs=1 \
# RUN:   | FileCheck %s --check-prefix=EARLY
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=6 \
# RUN:   -settle-tolerance=50 -settle-agreeing-runs=1 -execution-mode=subprocess \
# RUN:   | FileCheck %s --check-prefix=EARLY
# EARLY: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): {{settled in [0-9]+ runs? \([2-6] of [3-6] samples[^)]*\)(; warning: .*)?|not settled in [0-9]+ runs?(, which agree)? .*; warning: .*}}'

# Runs of one sample settle at once; two of them confirm each other when they
# agree within 0.3%.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=1 \
# RUN:   | FileCheck %s --check-prefix=SINGLE
# SINGLE: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): {{settled in [0-9]+ runs, 2 agree|not settled}}

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -result-aggregation-mode=max \
# RUN:   | FileCheck %s --check-prefix=MAX
# MAX: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{.*}}): one run aggregated ({{[0-9]+}} of {{[0-9]+}} samples)

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=-1 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NEGATIVE
# NEGATIVE: llvm-exegesis error: -settle-time-limit must be a number of seconds, 0 or more
# NEGATIVE-NOT: {{.}}

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-tolerance=0 2>&1 \
# RUN:   | FileCheck %s --check-prefix=TOLERANCE
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-tolerance=100 2>&1 \
# RUN:   | FileCheck %s --check-prefix=TOLERANCE
# TOLERANCE: llvm-exegesis error: -settle-tolerance must be a percentage above 0 and below 100
# TOLERANCE-NOT: {{.}}

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-agreeing-runs=0 2>&1 \
# RUN:   | FileCheck %s --check-prefix=AGREEING
# AGREEING: llvm-exegesis error: -settle-agreeing-runs must be at least 1
# AGREEING-NOT: {{.}}

# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
