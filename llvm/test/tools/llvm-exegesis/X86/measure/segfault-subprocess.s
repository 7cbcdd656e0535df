# A segmentation fault in the benchmarking subprocess is the benchmark's
# error, in LLVM 22's words: the address the snippet touched, as hex digits
# (upper case, no 0x). What we add goes after those words or into info:
# the instruction at fault.

# REQUIRES: exegesis-can-execute-in-subprocess, exegesis-can-measure-latency, x86_64-linux

# RUN: llvm-exegesis -mtriple=x86_64-unknown-unknown -mode=latency -snippets-file=%s -execution-mode=subprocess | FileCheck %s
# CHECK: measurements: []
# CHECK-NEXT: error: The snippet encountered a segmentation fault at address BEE8{{$}}
# CHECK-NEXT: info: 'faulting address 0xbee8, at snippet instruction 1 ''movl 8(%rcx), %edx'''

# A non-canonical address raises a general-protection fault, for which the
# kernel gives no address: the message says why it reads 0.
# RUN: sed -e 's/^# LLVM-EXEGESIS-DEFREG RCX bee0/# LLVM-EXEGESIS-DEFREG RCX 8000000000000000/' %s > %t.gp.s
# RUN: llvm-exegesis -mode=latency -snippets-file=%t.gp.s -execution-mode=subprocess | FileCheck %s --check-prefix=GP
# GP: error: 'The snippet encountered a segmentation fault at address 0 (a general-protection fault, for which the kernel reports no address)'
# GP-NEXT: info: 'faulting address 0x0, at snippet instruction 1 ''movl 8(%rcx), %edx'''

# LLVM-EXEGESIS-DEFREG RCX bee0
addq %rax, %rax
movl 8(%rcx), %edx
