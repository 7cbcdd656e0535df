# Duplicate repetition: register setup, the snippet copied until
# -min-instructions, return. The bytes are upstream llvm-exegesis 22's for the
# same snippet.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=4 \
# RUN:   -dump-object-to-disk=%t.o > %t.yaml 2> %t.err
# RUN: FileCheck %s --check-prefix=YAML < %t.yaml
# RUN: FileCheck %s --check-prefix=MSG < %t.err
# RUN: llvm-objdump -d %t.o | FileCheck %s
# Same object with the default 10000 instructions: 10000 adds.
# RUN: %exegesis-x86-assemble -snippets-file=%s -dump-object-to-disk=%t.big.o \
# RUN:   > /dev/null 2>&1
# RUN: llvm-objdump -d %t.big.o | grep -c 'addq	%rcx, %rcx' \
# RUN:   | FileCheck %s --check-prefix=COUNT

# YAML: error: actual measurements skipped.
# YAML: assembled_snippet: 48B900000000000000004801C94801C94801C94801C9C3
# MSG: Check generated assembly with: {{.*}}objdump{{.*}} -d {{.*}}duplicate.s.tmp.o

# CHECK:      <foo>:
# CHECK-NEXT: movabsq $0x0, %rcx
# CHECK-NEXT: addq %rcx, %rcx
# CHECK-NEXT: addq %rcx, %rcx
# CHECK-NEXT: addq %rcx, %rcx
# CHECK-NEXT: addq %rcx, %rcx
# CHECK-NEXT: retq
# CHECK-EMPTY:

# COUNT: {{^}}10000{{$}}

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
