# LIVEIN and LOOP-REGISTER are accepted in any execution mode; they do not
# appear in the results.
# RUN: %exegesis-x86-prepare -snippets-file=%s | FileCheck %s
# RUN: %exegesis-x86-prepare -execution-mode=subprocess -snippets-file=%s | FileCheck %s

# CHECK:      instructions:
# CHECK-NEXT:   - 'ADD64rm RAX RAX RDI i_0x1 %noreg i_0x0 %noreg'
# CHECK-NEXT: config:
# CHECK-NEXT: register_initial_values: []
# CHECK:      error: actual measurements skipped.

# LLVM-EXEGESIS-LIVEIN RDI
# LLVM-EXEGESIS-LOOP-REGISTER R11
addq (%rdi), %rax
