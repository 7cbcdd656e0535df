# Waits for a signal forever (pause(2)).
movl $34, %eax
syscall
