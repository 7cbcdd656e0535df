# L1 load-to-use latency by pointer chasing. The MEM-DEF value is its own
# address, repeated over a page mapped there (MEM-MAP), so every load of the
# chain reads the address the next load uses: each `movq (%rax), %rax` waits
# for the previous one, and the latency mode measures the load-to-use latency
# of an L1 hit (4-5 cycles on current x86-64). Memory annotations need the
# subprocess executor:
#   llvm-exegesis -mode=latency -execution-mode=subprocess \
#     -snippets-file=examples/l1-pointer-chase.s
# LLVM-EXEGESIS-MEM-DEF chase 4096 0000000010000000
# LLVM-EXEGESIS-MEM-MAP chase 268435456
# LLVM-EXEGESIS-DEFREG RAX 10000000
movq (%rax), %rax
