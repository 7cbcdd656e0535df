# Crashes, with a MEM-DEF mapped.
# LLVM-EXEGESIS-MEM-DEF value 4096 ff
# LLVM-EXEGESIS-MEM-MAP value 1048576
movq 1048576, %rax
ud2
