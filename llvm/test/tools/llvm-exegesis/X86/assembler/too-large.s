# A function too large to build is refused with a message, not an
# out-of-memory crash; so is a size the middle-half modes cannot double.
# RUN: not %exegesis-x86-assemble -snippets-file=%s \
# RUN:   -min-instructions=4000000000 2>&1 | FileCheck %s --check-prefix=DUP
# RUN: not %exegesis-x86-assemble -snippets-file=%s \
# RUN:   -repetition-mode=middle-half-loop -min-instructions=4000000000 2>&1 \
# RUN:   | FileCheck %s --check-prefix=HALF
# A loop that runs that often is fine: its body is small.
# RUN: %exegesis-x86-assemble -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=4000000000 -dump-object-to-disk=%t.o 2>/dev/null \
# RUN:   | FileCheck %s --check-prefix=LOOP
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=COUNTER

# DUP: llvm-exegesis error: the measured function would hold 4000000000 instructions (12000000000 bytes), more than the 1073741824 bytes allowed; use a smaller -min-instructions or -loop-body-size
# HALF: llvm-exegesis error: -min-instructions=4000000000 is too large for the middle-half modes, which also run twice as many
# LOOP: error: actual measurements skipped.
# COUNTER: movabsq $0xee6b2800, %r8

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
