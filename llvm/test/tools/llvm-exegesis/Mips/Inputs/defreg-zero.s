# LLVM-EXEGESIS-DEFREG ZERO 1
addu $2, $zero, $zero
