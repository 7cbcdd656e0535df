# Time-based straight-line twins are differenced, and the difference is the
# snippet's cost only while both run from the L1 instruction cache. An
# explicit -repetition-mode=duplicate lays out what -min-instructions asks:
# at 10000 instructions these 10-byte copies take 97.7 and 195.3 KiB, more
# than any x86 L1i, and read 0.78 cycles an instruction against 0.32 that
# fitting twins read (Emerald Rapids). `info` warns, and says how many
# instructions fit; fitting twins get no such warning.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -repetition-mode=duplicate -settle-time-limit=0 | FileCheck %s
# CHECK: info: 'time-based cycles ({{.*}}; warning: the straight-line N and 2N functions take 97.7 and 195.3 KiB, more than the {{[0-9.]+}} KiB L1 instruction cache, the value may be off (-min-instructions={{[0-9]+}} or fewer keeps them within it)'

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -repetition-mode=duplicate -min-instructions=1000 -settle-time-limit=0 | FileCheck %s --check-prefix=FITS
# FITS: info: 'time-based cycles
# FITS-NOT: L1 instruction cache

movabsq $0x123456789a, %rax
movabsq $0x123456789a, %rbx
movabsq $0x123456789a, %rcx
movabsq $0x123456789a, %rdx
