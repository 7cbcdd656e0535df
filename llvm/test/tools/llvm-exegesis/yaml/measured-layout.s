# A measured result has upstream's measurement line: flow style, value in
# %g form (6 significant digits), per_snippet_value, and validation_counters
# (`{}` when none was asked for, as upstream writes it).
# REQUIRES: exegesis-can-measure-latency
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -benchmark-repeat-count=3 \
# RUN:   | FileCheck %s --match-full-lines --strict-whitespace
# CHECK:measurements:
# CHECK-NEXT:  - { key: latency, value: {{[0-9][0-9.e+-]*}}, per_snippet_value: {{[0-9][0-9.e+-]*}}, validation_counters: {} }
# CHECK-NEXT:error:           ''
# CHECK-NEXT:info:            {{.+}}
# CHECK-NEXT:assembled_snippet: {{[0-9A-F]+}}
# CHECK-NEXT:...

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
addq %rcx, %rcx
