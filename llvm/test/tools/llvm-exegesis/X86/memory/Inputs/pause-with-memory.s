# Waits for a signal (pause(2)) forever, with a MEM-DEF mapped.
# LLVM-EXEGESIS-MEM-DEF value 4096 ff
# LLVM-EXEGESIS-MEM-MAP value 1048576
movl $34, %eax
syscall
