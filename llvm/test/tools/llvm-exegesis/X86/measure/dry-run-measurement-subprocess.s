# A dry run in subprocess mode prepares the memory annotations (the MEM-DEF
# value in shared memory, its mappings) and the executor, and runs nothing:
# the load from the mapped page would succeed, the one from address 0 would
# crash.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -benchmark-phase=dry-run-measurement | FileCheck %s
# CHECK:      measurements: []
# CHECK-NEXT: error: ''

# In process the annotations are refused, as when measuring.
# RUN: not llvm-exegesis -mode=latency -snippets-file=%s -benchmark-phase=dry-run-measurement 2>&1 | FileCheck %s --check-prefix=INPROCESS
# INPROCESS: llvm-exegesis error: Memory and snippet address annotations are only supported in subprocess execution mode (LLVM-EXEGESIS-MEM-DEF, LLVM-EXEGESIS-MEM-MAP in {{.*}}dry-run-measurement-subprocess.s)

# LLVM-EXEGESIS-MEM-DEF value 4096 2a
# LLVM-EXEGESIS-MEM-MAP value 65536
# LLVM-EXEGESIS-DEFREG RBX 0
movq 65536, %rax
movq (%rbx), %rax
