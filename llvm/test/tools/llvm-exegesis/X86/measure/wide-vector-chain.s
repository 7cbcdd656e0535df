# With time-based cycles, a snippet that names 512-bit registers is
# calibrated against a chain of 512-bit FMAs instead of paddq: heavy 512-bit
# code may run at a clock of its own (on Emerald Rapids a step or two below
# scalar code), which the FMA chain shares and the add chain cannot see.
# Where the two chains disagree throughout, the value carries a warning
# that says so. Narrower snippets keep the paddq chain.

# REQUIRES: exegesis-no-hardware-pmu, exegesis-can-measure-latency, x86_64-linux, host-avx512f

# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%s -sampling-details -settle-time-limit=0 | FileCheck %s
# CHECK: info: 'repetition: {{.*}}; 512-bit vector calibration chain: {{[0-9.]+}} add cycles per op{{.*}}'

# RUN: sed -e 's/zmm/ymm/g; s/ZMM/YMM/g' %s > %t.ymm.s
# RUN: llvm-exegesis -mode=inverse_throughput -snippets-file=%t.ymm.s -sampling-details -settle-time-limit=0 | FileCheck %s --check-prefix=NARROW
# NARROW: info: 'repetition: {{.*}}; vector calibration chain: {{[0-9.]+}} add cycles per op{{.*}}'

# LLVM-EXEGESIS-DEFREG ZMM1 0
# LLVM-EXEGESIS-DEFREG ZMM2 0
vfmadd231ps %zmm1, %zmm2, %zmm3
