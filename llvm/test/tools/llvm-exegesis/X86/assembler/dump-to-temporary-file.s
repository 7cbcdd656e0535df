# -dump-object-to-disk without a path writes a temporary file and says where,
# in upstream's words.
# RUN: %exegesis-x86-assemble -snippets-file=%s -dump-object-to-disk \
# RUN:   2>&1 >/dev/null | FileCheck %s
# RUN: %exegesis-x86-assemble -snippets-file=%s -dump-object-to-disk 2>&1 \
# RUN:   >/dev/null | sed -e 's/.* -d //' > %t.path
# RUN: llvm-objdump -d $(cat %t.path) | FileCheck %s --check-prefix=OBJECT
# RUN: rm -f $(cat %t.path)
# A path that cannot be written is an error.
# RUN: not %exegesis-x86-assemble -snippets-file=%s \
# RUN:   -dump-object-to-disk=%t.missing-dir/x.o 2>&1 \
# RUN:   | FileCheck %s --check-prefix=UNWRITABLE

# CHECK: Check generated assembly with: {{.*}}objdump{{.*}} -d {{.*}}snippet-{{.*}}.o
# OBJECT: <foo>:
# UNWRITABLE: llvm-exegesis error: cannot write '{{.*}}missing-dir/x.o': No such file or directory

# LLVM-EXEGESIS-DEFREG RCX 0
addq %rcx, %rcx
