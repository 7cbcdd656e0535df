# The bytes of a two-register snippet are the same for Linux (ELF) and
# Windows (COFF, GNU and MSVC environments): both follow AAPCS64, with X0 and
# X1 caller-saved, so the function is the set-up, the four copies and RET,
# byte for byte what upstream llvm-exegesis 22 prints for this input.
# RUN: llvm-exegesis -mtriple=aarch64-linux-gnu -mcpu=generic -mode=latency \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s \
# RUN:   -repetition-mode=duplicate | FileCheck %s --check-prefixes=BYTES,LINUX
# RUN: llvm-exegesis -mtriple=aarch64-windows-gnu -mcpu=generic -mode=latency \
# RUN:   -benchmark-phase=prepare-and-assemble-snippet -snippets-file=%s \
# RUN:   -repetition-mode=duplicate | FileCheck %s --check-prefixes=BYTES,MINGW
# RUN: llvm-exegesis -mtriple=aarch64-windows-msvc -mcpu=generic -mode=latency \
# RUN:   -benchmark-phase=assemble-measured-code -snippets-file=%s \
# RUN:   -min-instructions=4 -dump-object-to-disk=%t.obj \
# RUN:   | FileCheck %s --check-prefixes=BYTES,MSVC
# RUN: llvm-objdump -d %t.obj | FileCheck %s --check-prefix=COFF

# LINUX:  llvm_triple: aarch64-unknown-linux-gnu
# MINGW:  llvm_triple: aarch64-unknown-windows-gnu
# MSVC:   llvm_triple: aarch64-unknown-windows-msvc
# BYTES:  assembled_snippet: 000080D2010080D20000018B0000018B0000018B0000018BC0035FD6{{$}}

# COFF:      file format coff-arm64
# COFF:      <foo>:
# COFF-NEXT: d2800000 mov x0, #0x0
# COFF-NEXT: d2800001 mov x1, #0x0
# COFF-COUNT-4: 8b010000 add x0, x0, x1
# COFF-NEXT: d65f03c0 ret

# LLVM-EXEGESIS-DEFREG X0 0
# LLVM-EXEGESIS-DEFREG X1 0
add x0, x0, x1
