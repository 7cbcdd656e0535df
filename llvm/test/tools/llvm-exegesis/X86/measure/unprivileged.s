# An ordinary user (here nobody, at the default kernel.perf_event_paranoid of
# 2) measures in both execution modes with default options: the TSC read with
# rdtsc needs no privilege, and of the perf time counters it may open the one
# that counts user time only (task-clock with the kernel excluded; the TSC
# through the msr PMU needs a lower paranoid level).

# REQUIRES: exegesis-can-drop-privileges, perf-event-paranoid-user-only, exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency | FileCheck %s
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -execution-mode=subprocess | FileCheck %s
# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{0\.9[6-9][0-9]*|1\.0[0-4][0-9]*|1}}, per_snippet_value:
# CHECK: error: ''
# CHECK-NEXT: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles ({{rdtsc|task-clock}}, 

# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -time-counter=task-clock | FileCheck %s --check-prefix=CLOCK
# RUN: sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -time-counter=task-clock -execution-mode=subprocess | FileCheck %s --check-prefix=CLOCK
# CLOCK: - { key: latency, value: {{0\.9[6-9][0-9]*|1\.0[0-4][0-9]*|1}}, per_snippet_value:
# CLOCK: info: 'repetition: loop of {{[0-9]+}} copies ({{[0-9.]+ K?i?B}}); time-based cycles (task-clock, 

# A counter the user may not open names what would allow it.
# RUN: not sh %S/Inputs/run-unprivileged.sh %exegesis_tool %s -mode=latency -validation-counter=msr/tsc/ 2>&1 | FileCheck %s --check-prefix=DENIED
# DENIED: llvm-exegesis error: validation counters: cannot open perf event 'msr/tsc/': Permission denied (kernel.perf_event_paranoid is {{[0-9]+}}; this event counts kernel time too, which needs 1 or less ('sysctl kernel.perf_event_paranoid=1') or CAP_PERFMON)

# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
