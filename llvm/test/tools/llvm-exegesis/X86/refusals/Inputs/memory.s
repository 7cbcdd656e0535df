# One MiB of memory mapped into the benchmarking subprocess: it lives in
# /dev/shm until the child maps it.
# LLVM-EXEGESIS-MEM-DEF value 1048576 0123456789abcdef
# LLVM-EXEGESIS-MEM-MAP value 1048576
movq 1048576, %rax
