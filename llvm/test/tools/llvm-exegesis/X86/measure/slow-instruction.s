# A slow instruction (CPUID traps to the hypervisor in a VM: thousands of
# cycles) is measured within its time budget: the time-based counter sizes its
# counter windows and rounds by what a probe round costs, instead of running
# 10000-instruction functions 16 times per window for 150 rounds and into the
# subprocess timeout. On a 2-CPU VM with both CPUs busy this took 30-40 s
# (CPUID's cost there varies with every exit to the hypervisor, so no run
# settles), and the timeout is raised so that such a machine cannot fail it.
# As no run settles, sampling goes on until -settle-time-limit, and a run
# of 30 samples of one round each takes about 3 s there: runs of 10 samples
# for one second check the sizing as well as the defaults do, in a third of
# the time (one run alone, -settle-time-limit=0, once read a negative
# latency there).

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# Under stress-ng with lit's other workers on 2 CPUs, every window of a run
# can be preempted, and the tool then refuses the value ("no usable
# time-based sample") rather than report one it cannot stand behind: that
# ending is checked for its reason, and the refused measurement's trace is
# written with it.

# RUN: rm -f %t.jsonl
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess \
# RUN:   -cycle-counter=time-based -subprocess-timeout=300 -settle-time-limit=1 \
# RUN:   -benchmark-repeat-count=10 -sampling-details -time-samples-file=%t.jsonl > %t.yaml
# RUN: if grep -q "^error: *''$" %t.yaml; then \
# RUN:   FileCheck %s --check-prefix=MEASURED < %t.yaml; \
# RUN: else FileCheck %s --check-prefix=REFUSED < %t.yaml && \
# RUN:   FileCheck %s --check-prefix=REFUSED-TRACE < %t.jsonl; fi

# MEASURED: - 'CPUID'
# MEASURED: measurements:
# MEASURED-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# MEASURED: error: ''
# MEASURED: info: '{{.*}}, 1 calls per counter window, each sample from the minima of {{[1-5]}} rounds

# REFUSED: - 'CPUID'
# REFUSED: measurements: []
# REFUSED-NEXT: error: 'no usable time-based sample: {{.*}}(the machine was too busy)'
# REFUSED-TRACE: "recorded":{"cycles":null,"error":"no usable time-based sample: {{.*}}","verdict":"{{[a-z]+}}"},"trace":{

cpuid
