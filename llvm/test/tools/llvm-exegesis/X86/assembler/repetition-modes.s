# The modes built from duplicate and loop: min assembles both, the
# middle-half modes one function with N and one with 2N instructions. The
# assembled_snippet is the concatenation of their excerpts, byte for byte as
# upstream llvm-exegesis 22 but for the padding before a loop (to a 64-byte
# line here, 16 bytes there). Each function is written out: the first to the
# given path, the next beside it with a number.
# RUN: rm -f %t.o %t.1.o
# RUN: %exegesis-x86-assemble -snippets-file=%s -repetition-mode=min \
# RUN:   -min-instructions=10 -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=MIN
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=MIN-DUP
# RUN: llvm-objdump -d %t.1.o | FileCheck %s --check-prefix=MIN-LOOP
# RUN: %exegesis-x86-assemble -snippets-file=%s -repetition-mode=middle-half-loop \
# RUN:   -min-instructions=10 -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=HALF-LOOP
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=N
# RUN: llvm-objdump -d %t.1.o | FileCheck %s --check-prefix=TWO-N
# RUN: %exegesis-x86-assemble -snippets-file=%s \
# RUN:   -repetition-mode=middle-half-duplicate -min-instructions=10 \
# RUN:   | FileCheck %s --check-prefix=HALF-DUP

# MIN: Check generated assembly with: {{.*}} -d {{.*}}repetition-modes.s.tmp.o
# MIN: Check generated assembly with: {{.*}} -d {{.*}}repetition-modes.s.tmp.1.o
# MIN: assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C348B9000000000000000049B802000000000000006666666666662E0F1F8400000000006666666666662E0F1F84000000000066666666662E0F1F8400000000004801C94801C94983C0FF75F4C3
# MIN-DUP-COUNT-10: addq %rcx, %rcx
# MIN-DUP-NOT:      jne
# MIN-LOOP:         movabsq $0xa, %r8
# MIN-LOOP:         jne

# HALF-LOOP: assembled_snippet: 48B9000000000000000049B802000000000000006666666666662E0F1F8400000000006666666666662E0F1F84000000000066666666662E0F1F8400000000004801C94801C94983C0FF75F4C348B9000000000000000049B802000000000000006666666666662E0F1F8400000000006666666666662E0F1F84000000000066666666662E0F1F8400000000004801C94801C94983C0FF75F4C3
# N:     movabsq $0xa, %r8
# TWO-N: movabsq $0x14, %r8

# HALF-DUP: assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C348B900000000000000004801C94801C94801C94801C9C3

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
