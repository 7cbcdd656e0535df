# The inverse_throughput default's straight-line form, timed, lays out no
# more copies than fit in three eighths of the host's L1 instruction cache,
# so that its N and 2N functions, whose difference is the value, both run
# from it: at 10000 instructions these 10-byte copies would take 98 KiB and
# 195 KiB, larger than any x86 L1i, and the two functions could run from
# different levels. The loop and an explicit -repetition-mode=duplicate lay
# out what -min-instructions asks.

# REQUIRES: exegesis-can-measure-latency, x86_64-linux

# RUN: rm -f %t.jsonl %t.explicit.jsonl
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -settle-time-limit=0 -time-samples-file=%t.jsonl | FileCheck %s
# CHECK: info: 'repetition: loop of {{[0-9]+}} copies (2.0 KiB) {{[0-9.]+}}, straight-line ({{[0-9]|[1-9][0-9]}}.{{[0-9]}} KiB) {{.*}}'
# RUN: FileCheck %s --check-prefix=TRACE < %t.jsonl
# TRACE:      "variant":"loop"
# TRACE-NEXT: "instructions":{{[1-9][0-9]?[0-9]?[0-9]?}},{{.*}}"variant":"duplicate"

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -repetition-mode=duplicate -settle-time-limit=0 -time-samples-file=%t.explicit.jsonl > /dev/null
# RUN: FileCheck %s --check-prefix=EXPLICIT < %t.explicit.jsonl
# EXPLICIT: "instructions":10000,{{.*}}"variant":"duplicate"

movabsq $0x123456789a, %rax
movabsq $0x123456789a, %rbx
movabsq $0x123456789a, %rcx
movabsq $0x123456789a, %rdx
