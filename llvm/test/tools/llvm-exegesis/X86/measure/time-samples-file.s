# -time-samples-file writes every raw reading of each time-based measurement
# as JSON lines: a header naming the format, its version and the host, then
# one line per measurement with its trace. Replaying the trace (without
# running anything) decides exactly as the tool did, in both execution
# modes. The latency default loops (here 20 iterations of a 2 KiB body of
# 512 copies: 10240 instructions).

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -time-samples-file=%t.in.jsonl \
# RUN:   | FileCheck %s --check-prefix=YAML
# RUN: FileCheck %s --check-prefix=FILE < %t.in.jsonl
# RUN: %replay-traces %t.in.jsonl | FileCheck %s --check-prefix=REPLAY
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess \
# RUN:   -time-samples-file=%t.sub.jsonl > /dev/null
# RUN: %replay-traces %t.sub.jsonl | FileCheck %s --check-prefix=REPLAY
# YAML: - { key: latency, value:
# YAML: error: ''
# FILE: {"counter":"{{rdtsc|msr/tsc/|task-clock}}","format":"exegesis-time-samples","host":{{{.*}}"llvm_cpu":"{{[a-z0-9-]+}}"{{.*}}},"version":1}
# FILE-NEXT: {"benchmark":"IMUL64rr RAX RAX RAX","instructions":10240,"mode":"latency","recorded":{"cycles":{{[0-9.e+]+}},"verdict":"{{settled|unsettled}}"},"trace":{"batch_functions":[2],"cpu_checks":[{{.*}}],"differencing":true,"probe":{"calls":[{"batch":0,"cpu":{{[0-9]+}},"ticks":[{{.*}}]}],"chain_length":10000,"probe_groups":2500},"reference":{{{.*}}},"rules":{"aggregation":"min","dependency_chain":true,"empty_snippet":false,"repeat_count":30,"settle_agreeing_runs":2,"settle_time_limit":5,"settle_tolerance":{{0.00300*[0-9]*}}},"runs":[{{.*}}]},"variant":"loop"}
# FILE-NOT: {{.}}
# REPLAY: IMUL64rr RAX RAX RAX [loop]: {{[0-9.]+}} {{settled|unsettled}}{{.*}}; as recorded

# Each line is whole: a file cut after its last newline still reads.
# RUN: head -c -1 %t.in.jsonl > %t.cut.jsonl
# RUN: %replay-traces %t.cut.jsonl | FileCheck %s --check-prefix=REPLAY

# Bad input: a file that cannot be written, a run that takes no
# time-based measurement, a file that is not a trace.
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s \
# RUN:   -time-samples-file=%t.missing/x.jsonl 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
# UNWRITABLE: llvm-exegesis error: cannot write -time-samples-file '{{.*}}x.jsonl': No such file or directory
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -use-dummy-perf-counters \
# RUN:   -time-samples-file=%t.dummy.jsonl 2>&1 | FileCheck %s --check-prefix=DUMMY
# DUMMY: llvm-exegesis error: -time-samples-file records time-based measurements, and this run takes none (no time-based cycle counter)
# RUN: echo '{"format":"something-else"}' > %t.bad.jsonl
# RUN: not %replay-traces %t.bad.jsonl 2>&1 | FileCheck %s --check-prefix=NOT-A-TRACE
# NOT-A-TRACE: replay-traces: {{.*}}bad.jsonl:1: not a time samples file (no format 'exegesis-time-samples')

# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
