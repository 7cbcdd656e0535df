# Validation counters are read in the same group as the main counter.
# Software events work everywhere; hardware ones need a PMU, and without one
# the error names the counter and the reason.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -validation-counter=context-switches -validation-counter=page-faults | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=inprocess -validation-counter=context-switches | FileCheck %s --check-prefix=ONE

# CHECK: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: { context-switches: {{-?[0-9]+}}, page-faults: {{-?[0-9]+}} } }
# ONE: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: { context-switches: {{-?[0-9]+}} } }

# An unknown event is an error before anything runs.
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -validation-counter=nosuchpmu/event/ 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: llvm-exegesis error: invalid -validation-counter 'nosuchpmu/event/': perf event 'nosuchpmu/event/': no PMU named 'nosuchpmu'

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
