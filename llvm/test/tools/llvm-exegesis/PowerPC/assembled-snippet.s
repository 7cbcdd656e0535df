# The assembled_snippet excerpt of a snippet file: two `li` for the initial
# values, four copies of the add, `blr`, then the 12 zero bytes that end a
# 64-bit PowerPC function (the zero word and the traceback table's mandatory
# fields), byte for byte what upstream llvm-exegesis 22 prints for it.
# RUN: llvm-exegesis -mtriple=powerpc64le-linux-gnu -mcpu=pwr8 -mode=latency \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -repetition-mode=duplicate \
# RUN:   -snippets-file=%s | FileCheck %s
# Big-endian powerpc64: the same instructions, each word byte-swapped.
# RUN: llvm-exegesis -mtriple=powerpc64-linux-gnu -mcpu=pwr8 -mode=latency \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -repetition-mode=duplicate \
# RUN:   -snippets-file=%s | FileCheck %s --check-prefix=BE

# CHECK:      instructions:
# CHECK-NEXT:   - 'ADD4 R3 R4 R3'
# CHECK:      register_initial_values:
# CHECK-NEXT:   - 'R3=0x0'
# CHECK-NEXT:   - 'R4=0x0'
# CHECK:      cpu_name: pwr8
# CHECK-NEXT: llvm_triple: powerpc64le-unknown-linux-gnu
# CHECK:      error: actual measurements skipped.
# CHECK:      assembled_snippet: 0000603800008038141A647C141A647C141A647C141A647C2000804E000000000000000000000000{{$}}

# BE:         llvm_triple: powerpc64-unknown-linux-gnu
# BE:         assembled_snippet: 38600000388000007C641A147C641A147C641A147C641A144E800020000000000000000000000000{{$}}

# LLVM-EXEGESIS-DEFREG R3 0
# LLVM-EXEGESIS-DEFREG R4 0
add 3, 4, 3
