# What each phase assembles. prepare-snippet: nothing (empty
# assembled_snippet, no object even when asked). prepare-and-assemble-snippet:
# the assembled_snippet excerpt only. assemble-measured-code: the excerpt and
# the measured function, which -dump-object-to-disk writes.
# RUN: rm -f %t.o
# RUN: %exegesis-x86-assemble -benchmark-phase=prepare-snippet -snippets-file=%s \
# RUN:   -dump-object-to-disk=%t.o 2>&1 | FileCheck %s --check-prefix=PREPARE
# RUN: not ls %t.o
# RUN: %exegesis-x86-assemble -benchmark-phase=prepare-and-assemble-snippet \
# RUN:   -snippets-file=%s -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=ASSEMBLE
# RUN: not ls %t.o
# RUN: %exegesis-x86-assemble -snippets-file=%s -dump-object-to-disk=%t.o 2>&1 \
# RUN:   | FileCheck %s --check-prefixes=ASSEMBLE,MEASURED
# RUN: llvm-objdump -d %t.o | FileCheck %s --check-prefix=OBJECT

# PREPARE-NOT: Check generated assembly
# PREPARE:     error: actual measurements skipped.
# PREPARE:     assembled_snippet: ''

# ASSEMBLE-NOT: Check generated assembly
# MEASURED:     Check generated assembly with: {{.*}} -d {{.*}}phases.s.tmp.o
# ASSEMBLE:     error: actual measurements skipped.
# ASSEMBLE:     assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C3

# OBJECT-COUNT-10000: addq %rcx, %rcx
# OBJECT-NEXT:        retq

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
