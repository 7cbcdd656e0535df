# The N64 latency chain of a doubleword load.
# LLVM-EXEGESIS-LIVEIN A0_64
ld $2, 0($4)
daddu $4, $4, $2
