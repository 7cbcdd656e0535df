# The snippet of loop.s, reading the loop counter $t9.
addu $5, $5, $25
