//===-- MemoryDefinitions.h - MEM-DEF values as shared memory ---*- C++ -*-===//
//
// The LLVM-EXEGESIS-MEM-DEF values of one benchmark, each held in a POSIX
// shared-memory object that the parent fills before forking and that every
// LLVM-EXEGESIS-MEM-MAP of that value maps in the benchmarking subprocess.
// Sharing (rather than copying the bytes per mapping) is what makes several
// mappings of one value alias each other, as they do upstream.
//
// Nothing may be left behind in /dev/shm: each object's name is unlinked
// right after it is created, before it is sized or filled, so that only the
// file descriptor (inherited by the child through fork) keeps it alive. A
// crash, timeout or kill of the child, or of the tool after that point,
// cannot leak it; the few instructions between creating and unlinking are
// covered by LLVM's remove-file-on-signal machinery (SIGINT, SIGTERM, crash).
//
//===----------------------------------------------------------------------===//

#ifndef LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_MEMORYDEFINITIONS_H
#define LLVM_TOOLS_LLVM_EXEGESIS_EXECUTION_MEMORYDEFINITIONS_H

#include "Core/BenchmarkCode.h"
#include "Execution/FunctionExecutor.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <string>
#include <vector>

namespace llvm {
namespace exegesis {

/// Writes \p Value's bytes into \p Destination (little-endian byte order of
/// the value, repeated; a partial copy at the end when the size is not a
/// multiple of the value's width).
void fillMemoryValue(const MemoryValue &Value,
                     MutableArrayRef<char> Destination);

class SharedMemoryDefinitions {
public:
  /// Creates and fills one shared-memory object per value of \p Values.
  static Expected<SharedMemoryDefinitions>
  create(const std::map<std::string, MemoryValue> &Values);

  SharedMemoryDefinitions(SharedMemoryDefinitions &&Other);
  SharedMemoryDefinitions &operator=(SharedMemoryDefinitions &&Other);
  SharedMemoryDefinitions(const SharedMemoryDefinitions &) = delete;
  SharedMemoryDefinitions &operator=(const SharedMemoryDefinitions &) = delete;
  /// Closes the file descriptors, which frees the objects once no process
  /// maps them any more.
  ~SharedMemoryDefinitions();

  /// The regions the subprocess maps for \p Mappings: each maps its value's
  /// object, shared (a mapping with a length goes round the object's pages
  /// as often as it takes). Fails on a mapping of an undefined value, and on
  /// a length or offset that is not whole pages within the value.
  Expected<std::vector<FixedMemoryRegion>>
  getRegions(ArrayRef<MemoryMapping> Mappings) const;

  /// The file descriptor holding \p Name's value, -1 when undefined.
  int getFileDescriptor(StringRef Name) const;

  /// Every object this process creates is named with this prefix followed
  /// by a sequence number ("/exegesis-<pid>-"); /dev/shm shows the name
  /// without the leading slash.
  static std::string getObjectNamePrefix();

private:
  SharedMemoryDefinitions() = default;
  void closeAll();

  struct Definition {
    int Fd = -1;
    /// The value's size in bytes (the object is rounded up to pages).
    size_t Size = 0;
  };
  StringMap<Definition> Definitions;
};

} // namespace exegesis
} // namespace llvm

#endif
