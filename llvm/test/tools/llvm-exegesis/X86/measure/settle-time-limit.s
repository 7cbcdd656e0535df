# With a time-based cycle counter, min aggregation takes run after run of
# -benchmark-repeat-count samples until two runs have settled and agree, for
# at most -settle-time-limit seconds; 0 takes one run. The info field says
# how the value was chosen. Other aggregation modes take one run.

# REQUIRES: exegesis-no-hardware-pmu, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0 \
# RUN:   -benchmark-repeat-count=6 | FileCheck %s --check-prefix=ONCE
# ONCE: measurements:
# ONCE-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# ONCE: info: '{{.*}}, min taken from runs of samples that settle (two thirds of a run within 0.3% of each other): one run (-settle-time-limit=0), the value is the median of its largest group, {{[1-6]}} of 6 samples'

# Runs of one sample settle at once; two of them confirm each other when they
# agree within 0.3%.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=1 \
# RUN:   | FileCheck %s --check-prefix=SINGLE
# SINGLE: info: '{{.*}}: {{run [0-9]+ settled and agrees with an earlier settled run|no two settled runs agreed}}

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -result-aggregation-mode=max \
# RUN:   | FileCheck %s --check-prefix=MAX
# MAX: info: '{{.*}} each sample from the minima of {{[1-5]}} rounds{{( \(sized again [12] times? from a run that contradicted the probe\))?}}'

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=-1 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NEGATIVE
# NEGATIVE: llvm-exegesis error: -settle-time-limit must be a number of seconds, 0 or more
# NEGATIVE-NOT: {{.}}

# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
