# Writes $s0, $ra (callee-saved) and $s5 (set up): all three are saved.
# LLVM-EXEGESIS-DEFREG S0 7fff
# LLVM-EXEGESIS-DEFREG S5 1
addu $16, $16, $21
addu $31, $16, $21
