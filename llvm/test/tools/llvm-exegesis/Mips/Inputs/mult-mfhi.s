# A multiply into HI/LO read back by MFHI; both sources from ORI.
# LLVM-EXEGESIS-DEFREG V0 1234
# LLVM-EXEGESIS-DEFREG V1 ff
mult $2, $3
mfhi $2
