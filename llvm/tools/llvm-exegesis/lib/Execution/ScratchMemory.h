//===-- ScratchMemory.h - The buffer a measured function gets ---*- C++ -*-===//
//
// A measured function receives a scratch buffer (RDI on x86-64) for the
// memory its snippet reads and writes. A snippet may reach past it: BTC's
// register bit offset addresses up to 4 KiB either side of its operand with
// a 16-bit offset, and a snippet that changes the offset as it runs
// (`btcw %ax, (%rdi)` then `adcw $1, %ax`) reaches further the more
// instructions a call runs. With the buffer on the heap, such writes went
// unseen in process until they wrecked the allocator and the tool died
// (abort) a measurement or two later. So the buffer lies between
// inaccessible guard regions: a write past either end faults, and the
// executor reports the snippet's crash like any other. Below the address
// the function receives lie 64 KiB more of writable memory, so that the
// 16-bit offsets of BT, BTC, BTR and BTS, which the opcode snippets walk
// both ways, stay inside (BTC16mr's latency snippet wraps its offset past
// 32767 bits after 50,000 instructions).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SCRATCHMEMORY_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_SCRATCHMEMORY_H

#include <cstddef>
#include <memory>

namespace llvm {
namespace exegesis {

class ScratchMemory {
public:
  /// Inaccessible bytes on either side of the buffer.
  static constexpr size_t GuardBytes = 1 << 20;
  /// Writable bytes below the address get() returns.
  static constexpr size_t BytesBelow = 64 << 10;

  /// A zeroed buffer of \p Size bytes (a whole number of pages) from get()
  /// on, BytesBelow before it, between guards; on the heap, unguarded and
  /// with nothing below, should the mapping fail.
  explicit ScratchMemory(size_t Size);
  ~ScratchMemory();
  ScratchMemory(const ScratchMemory &) = delete;
  ScratchMemory &operator=(const ScratchMemory &) = delete;

  char *get() const { return Buffer; }
  /// Whether writes past the buffer fault.
  bool isGuarded() const { return Mapping != nullptr; }

private:
  char *Buffer = nullptr;
  void *Mapping = nullptr;
  size_t MappingSize = 0;
  std::unique_ptr<char[]> Fallback;
};

} // namespace exegesis
} // namespace llvm

#endif
