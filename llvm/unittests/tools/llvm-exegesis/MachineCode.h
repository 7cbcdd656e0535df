//===-- MachineCode.h - Hand-encoded x86-64 functions for tests -*- C++ -*-===//
//
// The executor tests run real machine code without depending on the
// assembler: these helpers spell small x86-64 functions as bytes.
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_MACHINECODE_H
#define LLVM_UNITTESTS_TOOLS_LLVM_EXEGESIS_MACHINECODE_H

#include <cstdint>
#include <initializer_list>
#include <string>

namespace llvm {
namespace exegesis {
namespace x86code {

inline std::string bytes(std::initializer_list<uint8_t> Bytes) {
  return std::string(Bytes.begin(), Bytes.end());
}
inline std::string repeat(const std::string &Piece, unsigned Times) {
  std::string Result;
  for (unsigned I = 0; I < Times; ++I)
    Result += Piece;
  return Result;
}
inline const std::string Ret = bytes({0xc3});
/// add %rax, %rax
inline const std::string AddRaxRax = bytes({0x48, 0x01, 0xc0});
/// ud2
inline const std::string Ud2 = bytes({0x0f, 0x0b});
/// int3
inline const std::string Int3 = bytes({0xcc});
/// movq $42, (%rdi): writes into the scratch memory
inline const std::string StoreToScratch =
    bytes({0x48, 0xc7, 0x07, 0x2a, 0x00, 0x00, 0x00});
/// movq 0, %rax: reads address zero
inline const std::string LoadFromNull =
    bytes({0x48, 0x8b, 0x04, 0x25, 0x00, 0x00, 0x00, 0x00});
/// movq 0x10000000, %rax
inline const std::string LoadFrom0x10000000 =
    bytes({0x48, 0x8b, 0x04, 0x25, 0x00, 0x00, 0x00, 0x10});
/// movq 0xabc000, %rax: an unmapped address with letters in its hex digits
inline const std::string LoadFrom0xABC000 =
    bytes({0x48, 0x8b, 0x04, 0x25, 0x00, 0xc0, 0xab, 0x00});
/// movabsq $0x8000000000000000, %rax; movq (%rax), %rax: a non-canonical
/// address, a general-protection fault
inline const std::string LoadFromNonCanonical =
    bytes({0x48, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x48, 0x8b, 0x00});
/// xorl %ecx, %ecx; divq %rcx
inline const std::string DivideByZero = bytes({0x31, 0xc9, 0x48, 0xf7, 0xf1});
/// jmp . (forever)
inline const std::string Hang = bytes({0xeb, 0xfe});
/// kill(getpid(), SIGKILL)
inline const std::string KillSelf =
    bytes({0xb8, 0x27, 0x00, 0x00, 0x00, // movl $39, %eax (getpid)
           0x0f, 0x05,                   // syscall
           0x89, 0xc7,                   // movl %eax, %edi
           0xbe, 0x09, 0x00, 0x00, 0x00, // movl $9, %esi
           0xb8, 0x3e, 0x00, 0x00, 0x00, // movl $62, %eax (kill)
           0x0f, 0x05});                 // syscall
/// exit(Code) through the raw system call.
inline std::string exitWith(uint8_t Code) {
  return bytes({0xb8, 0x3c, 0x00, 0x00, 0x00, // movl $60, %eax
                0xbf, Code, 0x00, 0x00, 0x00, // movl $Code, %edi
                0x0f, 0x05});                 // syscall
}

/// Counts its calls in the first word of the scratch memory and executes
/// ud2 on call number \p N (so a test can tell how often it ran).
inline std::string trapOnCall(uint8_t N) {
  return bytes({0x48, 0xff, 0x07,    // incq (%rdi)
                0x48, 0x83, 0x3f, N, // cmpq $N, (%rdi)
                0x75, 0x02,          // jne 1f
                0x0f, 0x0b,          // ud2
                0xc3});              // 1: ret
}

/// Makes \p N page faults a call, a count that nothing else running on the
/// machine adds to or takes from: drops the scratch page 4-8 KiB past the
/// scratch pointer and writes to it, N times. A page-faults counter tells
/// such a function's readings from others' by a count, not a time.
inline std::string pageFaults(uint8_t N) {
  return bytes(
      {0x4c, 0x8d, 0x87, 0xff, 0x1f, 0x00, 0x00, // leaq 8191(%rdi), %r8
       0x49, 0x81, 0xe0, 0x00, 0xf0, 0xff, 0xff, // andq $-4096, %r8
       0x49, 0x89, 0xf9,                         // movq %rdi, %r9
       0x41, 0xba, N,    0x00, 0x00, 0x00,       // movl $N, %r10d
       0x4c, 0x89, 0xc7,                         // 1: movq %r8, %rdi
       0xbe, 0x00, 0x10, 0x00, 0x00,             // movl $4096, %esi
       0xba, 0x04, 0x00, 0x00, 0x00,             // movl $MADV_DONTNEED, %edx
       0xb8, 0x1c, 0x00, 0x00, 0x00,             // movl $SYS_madvise, %eax
       0x0f, 0x05,                               // syscall
       0x41, 0xc6, 0x00, 0x01,                   // movb $1, (%r8): a fault
       0x41, 0xff, 0xca,                         // decl %r10d
       0x75, 0xe3,                               // jne 1b
       0x4c, 0x89, 0xcf});                       // movq %r9, %rdi
}

/// Traps unless its return address lies within 4 KiB after its entry
/// point, as when the timed-calls loop beside it calls it:
/// movq (%rsp), %rax; leaq -11(%rip), %rcx (the entry); subq %rcx, %rax;
/// cmpq $4096, %rax; ja 1f; ret; 1: ud2.
inline const std::string TrapUnlessCalledFromBeside =
    bytes({0x48, 0x8b, 0x04, 0x24, 0x48, 0x8d, 0x0d, 0xf5, 0xff,
           0xff, 0xff, 0x48, 0x29, 0xc8, 0x48, 0x3d, 0x00, 0x10,
           0x00, 0x00, 0x77, 0x01, 0xc3, 0x0f, 0x0b});

} // namespace x86code
} // namespace exegesis
} // namespace llvm

#endif
