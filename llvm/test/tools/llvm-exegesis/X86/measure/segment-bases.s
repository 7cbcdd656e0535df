# A snippet that sets the FS and GS bases is measured like any other: the
# generated function gives the subprocess its own bases back before it
# returns. A time-based measurement runs the sampler's own code in the
# subprocess between calls of the function (allocating its readings), which
# finds its thread-local storage at the FS base: with the snippet's base
# left in place it would crash. Here the bases point at unmapped memory the
# snippet never touches.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mode=latency -execution-mode=subprocess -snippets-file=%s | FileCheck %s
# RUN: llvm-exegesis -mode=latency -execution-mode=subprocess -repetition-mode=duplicate -snippets-file=%s | FileCheck %s
# A triple that names no OS is measured on this Linux host all the same.
# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -execution-mode=subprocess -snippets-file=%s | FileCheck %s
# CHECK:      register_initial_values:
# CHECK-NEXT:   - 'FS=0x100000'
# CHECK-NEXT:   - 'GS=0x7FFFFFFFE000'
# CHECK-NEXT:   - 'RAX=0x1'
# CHECK:      measurements:
# CHECK-NEXT:   - { key: latency, value: {{[0-9.]+}}, per_snippet_value:
# CHECK:      error: ''

# In process the tool would have to change its own FS base, where its own
# thread-local storage is: refused before anything runs, as memory
# annotations are.
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=INPROCESS
# RUN: not llvm-exegesis -mode=latency -execution-mode=inprocess -benchmark-phase=prepare-snippet -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=INPROCESS
# INPROCESS: llvm-exegesis error: Segment base annotations are only supported in subprocess execution mode (LLVM-EXEGESIS-DEFREG FS, LLVM-EXEGESIS-DEFREG GS in {{.*}}segment-bases.s: the tool's own FS base holds its thread-local storage)

# LLVM-EXEGESIS-DEFREG FS 100000
# LLVM-EXEGESIS-DEFREG GS 7fffffffe000
# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rax
