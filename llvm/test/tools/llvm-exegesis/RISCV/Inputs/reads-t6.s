add a1, a1, t6
