addi 1, 1, 16
