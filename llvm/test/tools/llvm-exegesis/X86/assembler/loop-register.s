# The loop counter chosen with LLVM-EXEGESIS-LOOP-REGISTER: a callee-saved one
# is saved and restored around the function. A snippet that writes the
# counter is refused.
# RUN: %exegesis-x86-assemble -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=10 -dump-object-to-disk=%t.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.o | FileCheck %s
# RUN: sed -e 's/^addq %rcx, %rcx/addq %rcx, %r13/' %s > %t.writes-counter.s
# RUN: not %exegesis-x86-assemble -snippets-file=%t.writes-counter.s \
# RUN:   -repetition-mode=loop 2>&1 | FileCheck %s --check-prefix=CONFLICT
# Duplicating needs no counter: the same snippet is fine.
# RUN: %exegesis-x86-assemble -snippets-file=%t.writes-counter.s \
# RUN:   -repetition-mode=duplicate 2>/dev/null | FileCheck %s --check-prefix=DUP

# CHECK:      <foo>:
# CHECK-NEXT: pushq %r13
# CHECK-NEXT: movabsq $0x0, %rcx
# CHECK-NEXT: movabsq $0xa, %r13
# CHECK:      addq %rcx, %rcx
# CHECK-NEXT: addq $-0x1, %r13
# CHECK-NEXT: jne
# CHECK-NEXT: popq %r13
# CHECK-NEXT: retq

# CONFLICT: llvm-exegesis error: the snippet writes R13, which overlaps the loop counter R13; choose another with LLVM-EXEGESIS-LOOP-REGISTER
# DUP: error: actual measurements skipped.

# LLVM-EXEGESIS-DEFREG RCX 0
# LLVM-EXEGESIS-LOOP-REGISTER R13
addq %rcx, %rcx
