# On mipsel this function's hex is digits around one E (…0800E003), which a
# YAML reader takes for a number: it is written quoted.
# LLVM-EXEGESIS-DEFREG V0 0
# LLVM-EXEGESIS-DEFREG V1 0
addu $2, $2, $3
