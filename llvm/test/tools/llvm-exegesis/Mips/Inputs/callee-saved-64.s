# N64: $s0, $s5, $ra and $fp in 8-byte slots.
# LLVM-EXEGESIS-DEFREG S0_64 7fff
# LLVM-EXEGESIS-DEFREG S5_64 1
daddu $16, $16, $21
daddu $31, $16, $21
daddu $30, $16, $21
