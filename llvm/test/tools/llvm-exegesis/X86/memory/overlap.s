# Fixed mappings are checked before any subprocess starts: a mapping that
# would collide with the snippet's code or with what the subprocess inherits
# from the tool is an error naming both sides, not a crash.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# Over the code placed at SNIPPET-ADDRESS.
# RUN: not %exegesis-memory -snippets-file=%s 2>&1 | FileCheck %s --check-prefix=CODE
# CODE: llvm-exegesis error: LLVM-EXEGESIS-MEM-MAP 'value' at 0x20000000-0x20001000 overlaps the snippet's code (LLVM-EXEGESIS-SNIPPET-ADDRESS, {{[0-9]+}} bytes) at 0x20000000-0x{{[0-9a-f]+}}

# Over the tool's own executable: without address-space randomization a PIE
# is loaded at 0x555555554000.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP value 536870912/# LLVM-EXEGESIS-MEM-MAP value 93824992231424/' -e '/SNIPPET-ADDRESS/d' %s > %t.tool.s
# RUN: not setarch -R %exegesis-memory -snippets-file=%t.tool.s 2>&1 | FileCheck %s --check-prefix=TOOL
# TOOL: llvm-exegesis error: LLVM-EXEGESIS-MEM-MAP 'value' at 0x555555554000-0x555555555000 overlaps the tool's mapping of {{.*}}llvm-exegesis at 0x555555554000-0x{{[0-9a-f]+}}, which the benchmarking subprocess inherits from the tool; choose another address

# Over the main thread's stack, and just below it where the stack grows.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP value 536870912/# LLVM-EXEGESIS-MEM-MAP value 140737488343040/' -e '/SNIPPET-ADDRESS/d' %s > %t.stack.s
# RUN: not setarch -R %exegesis-memory -snippets-file=%t.stack.s 2>&1 | FileCheck %s --check-prefix=STACK
# STACK: llvm-exegesis error: LLVM-EXEGESIS-MEM-MAP 'value' at 0x7fffffffd000-0x7fffffffe000 overlaps the main thread's stack at 0x{{[0-9a-f]+}}-0x7ffffffff000
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP value 536870912/# LLVM-EXEGESIS-MEM-MAP value 140737487355904/' -e '/SNIPPET-ADDRESS/d' %s > %t.growth.s
# RUN: not setarch -R %exegesis-memory -snippets-file=%t.growth.s 2>&1 | FileCheck %s --check-prefix=GROWTH
# GROWTH: llvm-exegesis error: LLVM-EXEGESIS-MEM-MAP 'value' at 0x7ffffff0c000-0x7ffffff0d000 overlaps the room the main thread's stack may grow into (RLIMIT_STACK and guard gap) at 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, which the benchmarking subprocess inherits from the tool; choose another address

# Past the end of the user address space.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP value 536870912/# LLVM-EXEGESIS-MEM-MAP value 140737488351232/' -e '/SNIPPET-ADDRESS/d' %s > %t.high.s
# RUN: not %exegesis-memory -snippets-file=%t.high.s 2>&1 | FileCheck %s --check-prefix=HIGH
# HIGH: llvm-exegesis error: LLVM-EXEGESIS-MEM-MAP 'value' at 0x7ffffffff000 (4096 bytes) extends past the end of the user address space (0x7ffffffff000)

# Away from all of them, the same snippet runs.
# RUN: sed -e 's/^# LLVM-EXEGESIS-MEM-MAP value 536870912/# LLVM-EXEGESIS-MEM-MAP value 805306368/' %s > %t.fine.s
# RUN: %exegesis-memory -snippets-file=%t.fine.s | FileCheck %s --check-prefix=FINE
# FINE: error: ''

# LLVM-EXEGESIS-MEM-DEF value 4096 00
# LLVM-EXEGESIS-MEM-MAP value 536870912
# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000000
movq 536870912, %rax
