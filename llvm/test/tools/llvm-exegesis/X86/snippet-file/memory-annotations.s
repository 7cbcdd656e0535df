# MEM-DEF, MEM-MAP and SNIPPET-ADDRESS are accepted in subprocess mode.
# RUN: %exegesis-x86-prepare -execution-mode=subprocess -snippets-file=%s | FileCheck %s

# CHECK:      instructions:
# CHECK-NEXT:   - 'MOV64rm RAX %noreg i_0x1 %noreg i_0x10000 %noreg'
# CHECK-NEXT:   - 'MOV64rm RBX %noreg i_0x1 %noreg i_0x30000 %noreg'
# CHECK:      error: actual measurements skipped.

# LLVM-EXEGESIS-MEM-DEF buffer 4096 2a
# LLVM-EXEGESIS-MEM-DEF wide 8192 0123456789abcdef
# LLVM-EXEGESIS-MEM-MAP buffer 65536
# LLVM-EXEGESIS-MEM-MAP wide 196608
# LLVM-EXEGESIS-MEM-MAP buffer 262144
# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000
movq 65536, %rax
movq 196608, %rbx
