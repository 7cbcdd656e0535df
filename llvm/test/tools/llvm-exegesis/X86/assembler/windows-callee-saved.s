# A Windows triple gives a COFF object whose function follows the Win64 ABI:
# RSI and RDI are callee-saved besides RBX, RBP and R12-R15. Upstream
# llvm-exegesis 22 gives the same bytes for this snippet, for -gnu and -msvc.
# RUN: llvm-exegesis -mtriple=x86_64-windows-gnu -mcpu=znver3 -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%s \
# RUN:   -min-instructions=12 -dump-object-to-disk=%t.o 2>/dev/null \
# RUN:   | FileCheck %s --check-prefixes=YAML,GNU
# RUN: llvm-objdump -d -t %t.o | FileCheck %s
# RUN: llvm-exegesis -mtriple=x86_64-windows-msvc -mcpu=znver3 -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%s \
# RUN:   2>/dev/null | FileCheck %s --check-prefixes=YAML,MSVC
# System V leaves RSI and RDI to the caller.
# RUN: %exegesis-x86-assemble -snippets-file=%s 2>/dev/null \
# RUN:   | FileCheck %s --check-prefix=SYSV

# GNU:  llvm_triple: x86_64-unknown-windows-gnu
# MSVC: llvm_triple: x86_64-unknown-windows-msvc
# YAML: assembled_snippet: 41545657555348BE010000000000000048BF010000000000000048BB010000000000000049BC010000000000000048BD01000000000000004801F74901DC4801ED4801F74901DC4801ED4801F74901DC4801ED4801F74901DC4801ED5B5D5F5E415CC3
# SYSV: assembled_snippet: 4154555348BE{{[0-9A-F]*}}5B5D415CC3

# CHECK:      file format coff-x86-64
# CHECK:      (sec  1)(fl 0x00)(ty  20)(scl   2) (nx 0) 0x00000000 foo
# CHECK:      <foo>:
# CHECK-NEXT: pushq %r12
# CHECK-NEXT: pushq %rsi
# CHECK-NEXT: pushq %rdi
# CHECK-NEXT: pushq %rbp
# CHECK-NEXT: pushq %rbx
# CHECK-COUNT-4: addq %rbp, %rbp
# CHECK-NEXT: popq %rbx
# CHECK-NEXT: popq %rbp
# CHECK-NEXT: popq %rdi
# CHECK-NEXT: popq %rsi
# CHECK-NEXT: popq %r12
# CHECK-NEXT: retq

# LLVM-EXEGESIS-DEFREG RSI 1
# LLVM-EXEGESIS-DEFREG RDI 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG R12 1
# LLVM-EXEGESIS-DEFREG RBP 1
addq %rsi, %rdi
addq %rbx, %r12
addq %rbp, %rbp
