# Both ways of handing the counter to the benchmarking subprocess work:
# pidfd_getfd (Linux 5.6 and later) and SCM_RIGHTS over a socket pair.

# REQUIRES: exegesis-can-execute-in-subprocess, x86_64-linux

# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -counter-handoff=scm-rights | FileCheck %s
# RUN: llvm-exegesis -mode=latency -snippets-file=%s -execution-mode=subprocess -counter-handoff=pidfd-getfd | FileCheck %s

# CHECK: measurements:
# CHECK-NEXT: - { key: latency, value: {{[0-9.e+-]+}}, per_snippet_value: {{[0-9.e+-]+}}
# CHECK-NEXT: error: ''

# LLVM-EXEGESIS-DEFREG RAX 1
imulq %rax, %rax
