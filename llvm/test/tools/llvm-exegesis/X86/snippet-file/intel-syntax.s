# AT&T is the default; .intel_syntax noprefix switches the lines after it,
# .att_syntax switches back. Both spellings give the same instructions.
# RUN: %exegesis-x86-prepare -snippets-file=%s | FileCheck %s

# CHECK:      instructions:
# CHECK-NEXT:   - 'ADD64rr RAX RAX RBX'
# CHECK-NEXT:   - 'ADD64rm RAX RAX RDI i_0x1 %noreg i_0x8 %noreg'
# CHECK-NEXT:   - 'VADDPSrr XMM1 XMM2 XMM3'
# CHECK-NEXT:   - 'ADD64rr RAX RAX RBX'
# CHECK-NEXT:   - 'ADD64rm RAX RAX RDI i_0x1 %noreg i_0x8 %noreg'
# CHECK-NEXT:   - 'VADDPSrr XMM1 XMM2 XMM3'
# CHECK-NEXT: config:

.intel_syntax noprefix
add rax, rbx
add rax, qword ptr [rdi + 8]
vaddps xmm1, xmm2, xmm3
.att_syntax
add %rbx, %rax
add 8(%rdi), %rax
vaddps %xmm3, %xmm2, %xmm1
