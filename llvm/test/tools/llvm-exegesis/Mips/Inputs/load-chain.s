# The latency chain of a load: its value moves the scratch pointer.
# LLVM-EXEGESIS-LIVEIN A0
lw $2, 0($4)
addu $4, $4, $2
