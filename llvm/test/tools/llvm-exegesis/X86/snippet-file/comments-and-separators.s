# Annotations may follow an instruction or sit in block comments; several
# statements may share a line; comments that merely mention an annotation or
# spell it in lower case are ordinary comments.
# RUN: %exegesis-x86-prepare -snippets-file=%s | FileCheck %s

# CHECK:      instructions:
# CHECK-NEXT:   - 'ADD64rr RBX RBX RBX'
# CHECK-NEXT:   - 'IMUL64rr RBX RBX RBX'
# CHECK-NEXT:   - 'MOV32ri EAX i_0x10'
# CHECK-NEXT: config:
# CHECK-NEXT: register_initial_values:
# CHECK-NEXT:   - 'RBX=0x5'
# CHECK-NEXT:   - 'RCX=0x7'
# CHECK-NEXT: cpu_name:

/* LLVM-EXEGESIS-DEFREG RBX 5 */ add %rbx, %rbx ; imul %rbx, %rbx # LLVM-EXEGESIS-DEFREG RCX 7
    movl $(1 << 4), %eax     # constant expressions are folded
# see LLVM-EXEGESIS-DEFREG RDX 1
# llvm-exegesis-defreg RDX 1
