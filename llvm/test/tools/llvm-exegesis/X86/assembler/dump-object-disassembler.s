# The disassembler -dump-object-to-disk suggests is the llvm-objdump of the
# LLVM the tool is built against (its name ends in objdump, as upstream's
# suggestion and the scripts that read it expect), which knows every
# instruction the tool assembles: the command as printed decodes an APX
# instruction that older objdumps cannot.
# RUN: %exegesis-x86-assemble -snippets-file=%s -dump-object-to-disk=%t.o \
# RUN:   2>%t.err >/dev/null
# RUN: FileCheck %s -DTOOLS=$(dirname %upstream-llvm-exegesis) -DOBJECT=%t.o < %t.err
# RUN: sed -n 's/^Check generated assembly with: //p' %t.err > %t.command
# RUN: sh %t.command | FileCheck %s --check-prefix=DISASSEMBLED

# CHECK: Check generated assembly with: [[TOOLS]]/llvm-objdump -d [[OBJECT]]
# DISASSEMBLED:     addq %rax, %rbx, %rcx
# DISASSEMBLED-NOT: (bad)

# LLVM-EXEGESIS-DEFREG RAX 1
# LLVM-EXEGESIS-DEFREG RBX 2
addq %rax, %rbx, %rcx
