# Memory and address annotations are valid, but only the subprocess executor
# can map memory and code at chosen addresses.
# RUN: not %exegesis-x86-prepare -snippets-file=%s 2>&1 | %only-these-lines %s --check-prefix=DEFAULT
# RUN: not %exegesis-x86-prepare -execution-mode=inprocess -snippets-file=%s 2>&1 | %only-these-lines %s --check-prefix=DEFAULT
# DEFAULT: llvm-exegesis error: Memory and snippet address annotations are only supported in subprocess execution mode (LLVM-EXEGESIS-MEM-DEF, LLVM-EXEGESIS-MEM-MAP, LLVM-EXEGESIS-SNIPPET-ADDRESS in {{.*}}memory-annotations-inprocess.s)

# LLVM-EXEGESIS-MEM-DEF buffer 4096 2a
# LLVM-EXEGESIS-MEM-MAP buffer 65536
# LLVM-EXEGESIS-SNIPPET-ADDRESS 20000
movq 65536, %rax
