# A slow instruction (CPUID traps to the hypervisor in a VM: thousands of
# cycles) is measured within its time budget: the time-based counter sizes its
# counter windows and rounds by what a probe round costs, instead of running
# 10000-instruction functions 16 times per window for 150 rounds and into the
# subprocess timeout.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess \
# RUN:   -cycle-counter=time-based | FileCheck %s

# CHECK: - 'CPUID'
# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+]+}}
# CHECK: error: ''
# CHECK: info: '{{.*}}, 1 calls per counter window, each sample from the minima of {{[1-5]}} rounds

cpuid
