# Inverse throughput by default measures straight-line code and a loop
# sized to the micro-op cache, reports the smaller value and says in info
# which one it is and what both read. Both execution modes.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0 | FileCheck %s
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0 -execution-mode=subprocess | FileCheck %s

# CHECK: min_instructions: 10000
# CHECK: measurements:
# CHECK-NEXT: - { key: inverse_throughput, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}, validation_counters: {} }
# CHECK-NEXT: error: ''
# CHECK-NEXT: info: 'repetition: loop of 170 copies (2.0 KiB) {{[0-9.]+}}, straight-line ({{[0-9.]+}} KiB) {{[0-9.]+}}: {{loop|straight-line}} reported{{.*}}; time-based cycles {{.*}}'

# The loop is measured first: the straight-line form's sampling may then end
# as soon as it reads clearly above what the loop's reading cannot lose to.
# RUN: rm -f %t.jsonl
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0 -time-samples-file=%t.jsonl > /dev/null
# RUN: FileCheck %s --check-prefix=ORDER < %t.jsonl
# The loop's calls run as many instructions as LLVM's model says take about
# 100000 cycles (at most 32 times -min-instructions): with as few as asked,
# its N and 2N twins differed in what each call cost beyond its
# instructions (most likely whether the branch predictor had learnt the
# loop's exit). Straight-line code runs what was asked or, where that would
# not fit in the host's L1 instruction cache, less (straight-line-size.s).
# ORDER:      "format":"exegesis-time-samples"
# ORDER-NEXT: "instructions":{{[1-9][0-9][0-9][0-9][0-9][0-9]+}},{{.*}}"variant":"loop"
# ORDER-NEXT: "instructions":{{[0-9]+}},{{.*}}"variant":"duplicate"

# An explicit repetition mode measures only what it names.
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -repetition-mode=duplicate -settle-time-limit=0 | FileCheck %s --check-prefix=EXPLICIT
# EXPLICIT:     info:
# EXPLICIT-NOT: repetition (default

# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG RCX 1
# LLVM-EXEGESIS-DEFREG RDX 1
addq %rax, %rax
addq %rbx, %rbx
addq %rcx, %rcx
addq %rdx, %rdx
