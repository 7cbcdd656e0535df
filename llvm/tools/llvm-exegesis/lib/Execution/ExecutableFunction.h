//===-- ExecutableFunction.h - Machine code made callable -------*- C++ -*-===//
//
// An ExecutableFunction is machine code copied into memory of its own and
// made read+execute, so that it can be called as `void F(char *Scratch)`.
// It comes from the ELF object the assembler produces (the .text section
// holding the function symbol) or from raw code bytes (the calibration
// chain, tests). The mapping is private: a forked child sees the same code
// at the same address. On hosts that have one, the mapping also holds the
// loop that times calls of the function (TimeBased/TimedCalls.h).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_EXECUTABLEFUNCTION_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_EXECUTABLEFUNCTION_H

#include "Counters/TimedCalls.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstddef>
#include <cstdint>

namespace llvm {
namespace exegesis {

class ExecutableFunction {
public:
  using FunctionType = void (*)(char *);

  /// Loads the function named \p SymbolName from the relocatable ELF object
  /// \p Object. Fails when the symbol is missing or the code would need
  /// relocations.
  static Expected<ExecutableFunction> fromObject(StringRef Object,
                                                 StringRef SymbolName);
  /// Makes \p Code (complete, position-independent machine code) callable.
  static Expected<ExecutableFunction> fromCode(StringRef Code);
  /// A copy of a function of another process at the same address: \p Mapped
  /// is that function's getMapping() there. It replaces whatever this
  /// process has at those addresses, which the caller knows to be stale (a
  /// fork server's child: what it inherited there, the tool has unmapped).
  /// \p TimedCallsOffset is the function's getTimedCallsOffset() there.
  static Expected<ExecutableFunction>
  copyAt(uintptr_t MappingAddress, StringRef Mapped, size_t EntryOffset,
         size_t CodeSize, size_t TimedCallsOffset);

  ExecutableFunction(ExecutableFunction &&Other);
  ExecutableFunction &operator=(ExecutableFunction &&Other);
  ExecutableFunction(const ExecutableFunction &) = delete;
  ExecutableFunction &operator=(const ExecutableFunction &) = delete;
  ~ExecutableFunction();

  /// The entry point.
  FunctionType getFunction() const {
    return reinterpret_cast<FunctionType>(getAddress());
  }
  uintptr_t getAddress() const {
    return reinterpret_cast<uintptr_t>(Mapping) + EntryOffset;
  }
  /// The function's bytes, from the entry point on.
  StringRef getCode() const {
    return StringRef(static_cast<const char *>(Mapping) + EntryOffset,
                     CodeSize);
  }
  /// Whether \p Address lies within the function's code.
  bool contains(uintptr_t Address) const {
    return Address >= getAddress() && Address < getAddress() + CodeSize;
  }

  void operator()(char *Scratch) const { getFunction()(Scratch); }

  /// The loop beside the code that times \p Calls calls of the function,
  /// null where the host has none.
  TimedCallsFunction getTimedCalls() const {
    return TimedCallsOffset
               ? reinterpret_cast<TimedCallsFunction>(
                     reinterpret_cast<uintptr_t>(Mapping) + TimedCallsOffset)
               : nullptr;
  }
  /// Where that loop lies in the mapping; 0 for nowhere.
  size_t getTimedCallsOffset() const { return TimedCallsOffset; }

  /// The whole mapping (whole pages, the code at getEntryOffset()), for
  /// copyAt().
  StringRef getMapping() const {
    return StringRef(static_cast<const char *>(Mapping), MappingSize);
  }
  size_t getEntryOffset() const { return EntryOffset; }

private:
  ExecutableFunction() = default;
  /// \p Bytes made callable in new pages; at \p Address (replacing what is
  /// there) and exactly as large as \p Bytes (whole pages) when \p Address
  /// is not null; then \p TimedCallsOffset says where the copied bytes
  /// hold the timed-calls loop (0: nowhere), which new pages get anew.
  static Expected<ExecutableFunction> map(StringRef Bytes, size_t EntryOffset,
                                          size_t CodeSize,
                                          void *Address = nullptr,
                                          size_t TimedCallsOffset = 0);
  void unmap();

  void *Mapping = nullptr;
  size_t MappingSize = 0;
  size_t EntryOffset = 0;
  size_t CodeSize = 0;
  size_t TimedCallsOffset = 0;
};

} // namespace exegesis
} // namespace llvm

#endif
