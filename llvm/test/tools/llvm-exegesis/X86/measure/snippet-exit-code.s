# A snippet that ends the benchmarking subprocess itself, with an exit code
# of its own, ends the run as in LLVM 22: one line on standard error in
# LLVM 22's words, the code after them, exit status 1 and no results
# document. (Exiting with 0 is a result: the measurement is incomplete.)

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess > %t.yaml 2> %t.err
# RUN: FileCheck %s --input-file=%t.err
# RUN: count 0 < %t.yaml
# CHECK: llvm-exegesis error: Child benchmarking process exited with non-zero exit code: Child process returned with unknown exit code (42){{$}}

# RUN: sed -e 's/^movl $42, %edi/movl $0, %edi/' %s > %t.zero.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.zero.s -execution-mode=subprocess | FileCheck %s --check-prefix=ZERO
# ZERO: error: 'The benchmarking subprocess exited before the measurement was complete (the snippet ended the process)'

# Blocks of machine code are a dataset, which goes on past such a block
# (and past a fault, a result) and says at the end, with exit status 1,
# that one ended the run: mov $60, %eax; mov $5, %edi; syscall.
# RUN: printf '4801c0\nb83c000000bf050000000f05\n488b042500c0ab00\n4801db\n' > %t.hex
# RUN: not llvm-exegesis -mode=latency -snippets-format=hex -snippets-file=%t.hex -execution-mode=subprocess > %t.hex.yaml 2> %t.hex.err
# RUN: FileCheck %s --check-prefix=DATASET-ERR --input-file=%t.hex.err
# RUN: FileCheck %s --check-prefix=DATASET --input-file=%t.hex.yaml
# DATASET-ERR: llvm-exegesis error: Child benchmarking process exited with non-zero exit code: Child process returned with unknown exit code (5) (benchmark 2 of 4: basic block from {{.*}}.hex:2: 12 bytes, 3 instructions)
# DATASET:      - 'ADD64rr RAX RAX RAX'
# DATASET:      error: ''
# DATASET:      - 'MOV64rm RAX
# DATASET:      error: The snippet encountered a segmentation fault at address ABC000
# DATASET:      - 'ADD64rr RBX RBX RBX'
# DATASET:      error: ''
# DATASET-NOT:  MOV32ri

# A single block is a run of one benchmark, as a snippet file is.
# RUN: printf 'b83c000000bf070000000f05\n' > %t.one.hex
# RUN: not llvm-exegesis -mode=latency -snippets-format=hex -snippets-file=%t.one.hex -execution-mode=subprocess 2>&1 | FileCheck %s --check-prefix=ONE
# ONE: llvm-exegesis error: Child benchmarking process exited with non-zero exit code: Child process returned with unknown exit code (7){{$}}

movl $60, %eax
movl $42, %edi
syscall
