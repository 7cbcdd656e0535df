# A 64-bit register needs the 64-bit ISA.
# LLVM-EXEGESIS-DEFREG A0_64 1
addu $2, $4, $4
