//===-- ScratchMemory.cpp ---------------------------------------*- C++ -*-===//

#include "Execution/ScratchMemory.h"
#include <sys/mman.h>

namespace llvm {
namespace exegesis {

ScratchMemory::ScratchMemory(size_t Size) {
  size_t Writable = BytesBelow + Size;
  size_t Total = GuardBytes + Writable + GuardBytes;
  // Reserved inaccessible, then the middle opened: the guards cost no
  // memory.
  void *Reserved = mmap(nullptr, Total, PROT_NONE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Reserved != MAP_FAILED) {
    char *Middle = static_cast<char *>(Reserved) + GuardBytes;
    if (mprotect(Middle, Writable, PROT_READ | PROT_WRITE) == 0) {
      Mapping = Reserved;
      MappingSize = Total;
      Buffer = Middle + BytesBelow;
      return;
    }
    munmap(Reserved, Total);
  }
  Fallback.reset(new char[Size]());
  Buffer = Fallback.get();
}

ScratchMemory::~ScratchMemory() {
  if (Mapping)
    munmap(Mapping, MappingSize);
}

} // namespace exegesis
} // namespace llvm
