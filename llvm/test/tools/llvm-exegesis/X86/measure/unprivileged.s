# An ordinary user (here nobody, at the default kernel.perf_event_paranoid of
# 2) measures in both execution modes with default options: the TSC read with
# rdtsc needs no privilege, and of the perf time counters it may open the one
# that counts user time only (task-clock with the kernel excluded; the TSC
# through the msr PMU needs a lower paranoid level).

# REQUIRES: exegesis-can-drop-privileges, perf-event-paranoid-user-only, exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# A clean value is the chain's one cycle per add, within 4%. A neighbour on
# the host may leave the tool no value it can stand behind: that value may
# lie anywhere, and says so with a warning in `info` (seen on the 2-vCPU
# Zen 5 guest in a busy stretch: 1.214 and 0.959, each "not settled").
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency > %t.inprocess.yaml
# RUN: FileCheck %s < %t.inprocess.yaml
# RUN: grep -q "warning:" %t.inprocess.yaml || FileCheck %s --check-prefix=CLEAN < %t.inprocess.yaml
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -execution-mode=subprocess > %t.subprocess.yaml
# RUN: FileCheck %s < %t.subprocess.yaml
# RUN: grep -q "warning:" %t.subprocess.yaml || FileCheck %s --check-prefix=CLEAN < %t.subprocess.yaml
# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.]+}}, per_snippet_value:
# CHECK: error: ''
# CHECK-NEXT: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{rdtsc|task-clock}}, 
# CLEAN: - { key: latency, value: {{0\.9[6-9][0-9]*|1\.0[0-4][0-9]*|1}}, per_snippet_value:

# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -time-counter=task-clock > %t.clock.yaml
# RUN: FileCheck %s --check-prefix=CLOCK < %t.clock.yaml
# RUN: grep -q "warning:" %t.clock.yaml || FileCheck %s --check-prefix=CLEAN < %t.clock.yaml
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -time-counter=task-clock -execution-mode=subprocess > %t.clock-subprocess.yaml
# RUN: FileCheck %s --check-prefix=CLOCK < %t.clock-subprocess.yaml
# RUN: grep -q "warning:" %t.clock-subprocess.yaml || FileCheck %s --check-prefix=CLEAN < %t.clock-subprocess.yaml
# CLOCK: - { key: latency, value: {{[0-9.]+}}, per_snippet_value:
# CLOCK: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles (task-clock, 

# A counter the user may not open names what would allow it.
# RUN: not sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -validation-counter=msr/tsc/ 2>&1 | FileCheck %s --check-prefix=DENIED
# DENIED: llvm-exegesis error: validation counters: cannot open perf event 'msr/tsc/': Permission denied (kernel.perf_event_paranoid is {{[0-9]+}}; this event counts kernel time too, which needs 1 or less ('sysctl kernel.perf_event_paranoid=1') or CAP_PERFMON)

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
