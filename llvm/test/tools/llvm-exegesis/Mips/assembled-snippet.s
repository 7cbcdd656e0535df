# The assembled_snippet field holds the same bytes as upstream's for the
# same snippet and CPU: `ori` from $zero for each zero, the four copies of
# the add, and `jr $ra`, in each byte order and for both ABIs.
# RUN: llvm-exegesis -mtriple=mips-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=BE
# RUN: llvm-exegesis -mtriple=mips64-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=BE64
# RUN: llvm-exegesis -mtriple=mipsel-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=LE
# RUN: llvm-exegesis -mtriple=mips64el-linux-gnu -mcpu=generic -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=LE64
# Release 6 returns with JALR $zero, $ra.
# RUN: llvm-exegesis -mtriple=mipsel-linux-gnu -mcpu=mips32r6 -mode=latency -repetition-mode=duplicate \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s | FileCheck %s --check-prefix=R6

# BE:        cpu_name: generic
# BE-NEXT:   llvm_triple: mips-unknown-linux-gnu
# BE:        assembled_snippet: 340400003405000000A4102000A4102000A4102000A4102003E00008{{$}}
# BE64:      llvm_triple: mips64-unknown-linux-gnu
# BE64:      assembled_snippet: 340400003405000000A4102000A4102000A4102000A4102003E00008{{$}}
# LE:        llvm_triple: mipsel-unknown-linux-gnu
# LE:        assembled_snippet: 00000434000005342010A4002010A4002010A4002010A4000800E003{{$}}
# LE64:      llvm_triple: mips64el-unknown-linux-gnu
# LE64:      assembled_snippet: 00000434000005342010A4002010A4002010A4002010A4000800E003{{$}}
# R6:        assembled_snippet: 00000434000005342010A4002010A4002010A4002010A4000900E003{{$}}

# LLVM-EXEGESIS-DEFREG A0 0
# LLVM-EXEGESIS-DEFREG A1 0
add $2, $5, $4
