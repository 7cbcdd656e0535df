# With a time-based cycle counter, min aggregation samples run after run
# (-benchmark-repeat-count samples each) until one run settles, for at most
# -settle-time-limit seconds; 0 takes one run. The info field says how the
# value was chosen. Other aggregation modes take one run.

# REQUIRES: exegesis-no-hardware-pmu, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=0 \
# RUN:   -benchmark-repeat-count=6 | FileCheck %s --check-prefix=ONCE
# ONCE: measurements:
# ONCE-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# ONCE: info: '{{.*}}, min taken as the median of the largest group of samples within 0.3% of each other: {{[1-6]}} of 6 in {{run 1 \(settled\)|the best of 1 runs \(no run settled}}

# A run of one sample always settles.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=1 \
# RUN:   | FileCheck %s --check-prefix=SINGLE
# SINGLE: info: '{{.*}}: 1 of 1 in run 1 (settled)'

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -result-aggregation-mode=max \
# RUN:   | FileCheck %s --check-prefix=MAX
# MAX: info: '{{.*}} each sample from the minima of {{[1-5]}} rounds'

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -settle-time-limit=-1 2>&1 \
# RUN:   | FileCheck %s --check-prefix=NEGATIVE
# NEGATIVE: llvm-exegesis error: -settle-time-limit must be a number of seconds, 0 or more
# NEGATIVE-NOT: {{.}}

# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
