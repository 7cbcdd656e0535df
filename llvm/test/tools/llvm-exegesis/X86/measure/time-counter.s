# -time-counter names the time counter of time-based cycles; by default the
# first that works of rdtsc (the TSC read by the benchmark itself, around
# each counter window), msr/tsc/ and task-clock. Each measures an add chain
# at one cycle per add, in both execution modes, and `info` names it.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# A clean value is within 4% of one cycle; one the tool cannot stand behind
# (a busy neighbour on the host) may lie anywhere and carries a warning.
# RUN: %if invariant-tsc %{ llvm-exegesis -mode=latency -snippets-file=%s -time-counter=rdtsc > %t.rdtsc.yaml %}
# RUN: %if invariant-tsc %{ FileCheck %s -DCOUNTER=rdtsc < %t.rdtsc.yaml %}
# RUN: %if invariant-tsc %{ grep -q "warning:" %t.rdtsc.yaml || FileCheck %s --check-prefix=CLEAN < %t.rdtsc.yaml %}
# RUN: %if invariant-tsc %{ llvm-exegesis -mode=latency -snippets-file=%s -time-counter=rdtsc -execution-mode=subprocess > %t.rdtsc-subprocess.yaml %}
# RUN: %if invariant-tsc %{ FileCheck %s -DCOUNTER=rdtsc < %t.rdtsc-subprocess.yaml %}
# RUN: %if invariant-tsc %{ grep -q "warning:" %t.rdtsc-subprocess.yaml || FileCheck %s --check-prefix=CLEAN < %t.rdtsc-subprocess.yaml %}
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -time-counter=task-clock > %t.clock.yaml
# RUN: FileCheck %s -DCOUNTER=task-clock < %t.clock.yaml
# RUN: grep -q "warning:" %t.clock.yaml || FileCheck %s --check-prefix=CLEAN < %t.clock.yaml
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -time-counter=task-clock -execution-mode=subprocess > %t.clock-subprocess.yaml
# RUN: FileCheck %s -DCOUNTER=task-clock < %t.clock-subprocess.yaml
# RUN: grep -q "warning:" %t.clock-subprocess.yaml || FileCheck %s --check-prefix=CLEAN < %t.clock-subprocess.yaml
# CHECK: - { key: latency, value: {{[0-9.]+}}, per_snippet_value:
# CHECK: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ([[COUNTER]], 
# CLEAN: - { key: latency, value: {{0\.9[6-9][0-9]*|1\.0[0-4][0-9]*|1}}, per_snippet_value:

# With validation counters the main counter must lead a perf event group, so
# the default passes over rdtsc, and asking for it is an error naming why.
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -validation-counter=context-switches | FileCheck %s --check-prefix=VALIDATED
# VALIDATED: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{msr/tsc/|task-clock}}, 
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -validation-counter=context-switches -cycle-counter=time-based -time-counter=rdtsc 2>&1 | FileCheck %s --check-prefix=NOT-A-GROUP
# NOT-A-GROUP: llvm-exegesis error: no counter for cycles can be opened:
# NOT-A-GROUP-NEXT: rdtsc: validation counters need a perf event group, and the TSC read with rdtsc is none

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -time-counter=hpet 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: llvm-exegesis error: unknown -time-counter 'hpet' (rdtsc, msr/tsc/ or task-clock)

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
