# Loop repetition: the counter (R8 by default) set to the number of
# iterations, the loop body aligned to a 64-byte line (upstream: 16 bytes)
# and holding the snippet -loop-body-size times, decrement and branch back,
# return. Upstream's layout and bytes for the same options but for the
# padding before the loop.
# RUN: %exegesis-x86-assemble -snippets-file=%s -repetition-mode=loop \
# RUN:   -min-instructions=100 -loop-body-size=7 -dump-object-to-disk=%t.o \
# RUN:   2>/dev/null | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d %t.o | FileCheck %s

# The excerpt: 4 snippets, 2 per iteration (as upstream).
# YAML: assembled_snippet: 48B9000000000000000049B802000000000000006666666666662E0F1F8400000000006666666666662E0F1F84000000000066666666662E0F1F8400000000004801C94801C94983C0FF75F4C3

# CHECK:      <foo>:
# CHECK-NEXT: movabsq $0x0, %rcx
# CHECK-NEXT: movabsq $0xf, %r8
# CHECK-COUNT-3: nop
# CHECK-NEXT: [[LOOP:[0-9a-f]*[048c]0]]: {{.*}} addq %rcx, %rcx
# CHECK-COUNT-6: addq %rcx, %rcx
# CHECK-NEXT: addq $-0x1, %r8
# CHECK-NEXT: jne 0x[[LOOP]] <foo+0x[[LOOP]]>
# CHECK-NEXT: retq
# CHECK-EMPTY:

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
