# Callee-saved registers that the register setup or the snippet writes are
# pushed in the prologue and popped in the epilogue, in upstream's order
# (upstream llvm-exegesis 22 gives the same bytes for this snippet).
# Registers that are only read (R13 in the second run) are not saved.
# RUN: %exegesis-x86-assemble -snippets-file=%s -min-instructions=3 \
# RUN:   -dump-object-to-disk=%t.o 2>/dev/null | FileCheck %s --check-prefix=YAML
# RUN: llvm-objdump -d %t.o | FileCheck %s
# RUN: grep -v 'DEFREG R13' %s > %t.read-only.s
# RUN: %exegesis-x86-assemble -snippets-file=%t.read-only.s -min-instructions=3 \
# RUN:   -dump-object-to-disk=%t.read-only.o > /dev/null 2>&1
# RUN: llvm-objdump -d %t.read-only.o | FileCheck %s --check-prefix=READ

# YAML: assembled_snippet: 41574156415541545349BF010000000000000048BB010000000000000049BD010000000000000049BE010000000000000049BC010000000000000048B801000000000000004801C34D01EE4D89FC4801C34D01EE4D89FC4801C34D01EE4D89FC4801C34D01EE4D89FC5B415C415D415E415FC3

# CHECK:      <foo>:
# CHECK-NEXT: pushq %r15
# CHECK-NEXT: pushq %r14
# CHECK-NEXT: pushq %r13
# CHECK-NEXT: pushq %r12
# CHECK-NEXT: pushq %rbx
# CHECK-NEXT: movabsq $0x1, %r15
# CHECK-NEXT: movabsq $0x1, %rbx
# CHECK:      addq %rax, %rbx
# CHECK-NEXT: addq %r13, %r14
# CHECK-NEXT: movq %r15, %r12
# CHECK-NEXT: popq %rbx
# CHECK-NEXT: popq %r12
# CHECK-NEXT: popq %r13
# CHECK-NEXT: popq %r14
# CHECK-NEXT: popq %r15
# CHECK-NEXT: retq

# READ:      <foo>:
# READ-NEXT: pushq %r15
# READ-NEXT: pushq %r14
# READ-NEXT: pushq %r12
# READ-NEXT: pushq %rbx
# READ:      popq %rbx
# READ-NEXT: popq %r12
# READ-NEXT: popq %r14
# READ-NEXT: popq %r15
# READ-NEXT: retq

# LLVM-EXEGESIS-DEFREG R15 1
# LLVM-EXEGESIS-DEFREG RBX 1
# LLVM-EXEGESIS-DEFREG R13 1
# LLVM-EXEGESIS-DEFREG R14 1
# LLVM-EXEGESIS-DEFREG R12 1
# LLVM-EXEGESIS-DEFREG RAX 1
addq %rax, %rbx
addq %r13, %r14
movq %r15, %r12
