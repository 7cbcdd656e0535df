//===-- ExecutableFunction.cpp ----------------------------------*- C++ -*-===//

#include "Execution/ExecutableFunction.h"
#include "Counters/TimedCalls.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/MemoryBuffer.h"
#include <cerrno>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

static Error loadError(const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot load the assembled function: " + Why);
}

Expected<ExecutableFunction>
ExecutableFunction::map(StringRef Bytes, size_t EntryOffset, size_t CodeSize,
                        void *Address, size_t TimedCallsOffset) {
  if (Bytes.empty())
    return loadError("no code");
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  // A Mips function ends with `jr $ra` and nothing of its own in the
  // branch's delay slot, as upstream's do: the slot is the word after the
  // code, which the mapping always holds as zero, MIPS's nop.
  constexpr size_t DelaySlotBytes = 4;
  // A copy brings its loop with it; new code gets one after the delay slot.
  std::string Loop;
  if (!Address && hostHasTimedCalls()) {
    TimedCallsOffset = getTimedCallsOffsetAfter(Bytes.size() + DelaySlotBytes);
    Loop = encodeTimedCalls(TimedCallsOffset, EntryOffset);
  }
  size_t End = Loop.empty() ? Bytes.size() + DelaySlotBytes
                            : TimedCallsOffset + Loop.size();
  size_t Size =
      Address ? Bytes.size() : (End + PageSize - 1) / PageSize * PageSize;
  if (Size % PageSize != 0)
    return loadError("a copy must be made of whole pages");
  // Populated at once rather than by a fault per page as the copy touches
  // it: each fault is a trip through the hypervisor on a paravirtualised
  // guest, and these were 9% of a measured sweep's page faults.
  int Flags =
      MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE | (Address ? MAP_FIXED : 0);
  void *Mapping = mmap(Address, Size, PROT_READ | PROT_WRITE, Flags, -1, 0);
  if (Mapping == MAP_FAILED)
    return loadError(Twine("mmap: ") + std::strerror(errno));
  std::memcpy(Mapping, Bytes.data(), Bytes.size());
  std::memcpy(static_cast<char *>(Mapping) + TimedCallsOffset, Loop.data(),
              Loop.size());
  if (mprotect(Mapping, Size, PROT_READ | PROT_EXEC) != 0) {
    int Errno = errno;
    munmap(Mapping, Size);
    return loadError(Twine("mprotect: ") + std::strerror(Errno));
  }
  // Code written through the data side must be seen by instruction fetch;
  // x86 keeps them coherent, other targets need the cache flushed.
  __builtin___clear_cache(static_cast<char *>(Mapping),
                          static_cast<char *>(Mapping) + Size);
  ExecutableFunction Function;
  Function.Mapping = Mapping;
  Function.MappingSize = Size;
  Function.EntryOffset = EntryOffset;
  Function.CodeSize = CodeSize;
  Function.TimedCallsOffset = TimedCallsOffset;
  return Function;
}

Expected<ExecutableFunction> ExecutableFunction::fromCode(StringRef Code) {
  return map(Code, 0, Code.size());
}

Expected<ExecutableFunction>
ExecutableFunction::copyAt(uintptr_t MappingAddress, StringRef Mapped,
                           size_t EntryOffset, size_t CodeSize,
                           size_t TimedCallsOffset) {
  if (TimedCallsOffset >= Mapped.size())
    return loadError("the timed-calls loop lies outside the copy");
  return map(Mapped, EntryOffset, CodeSize,
             reinterpret_cast<void *>(MappingAddress), TimedCallsOffset);
}

Expected<ExecutableFunction>
ExecutableFunction::fromObject(StringRef Object, StringRef SymbolName) {
  Expected<std::unique_ptr<object::ObjectFile>> File =
      object::ObjectFile::createObjectFile(
          MemoryBufferRef(Object, "assembled function"));
  if (!File)
    return loadError(toString(File.takeError()));
  for (const object::SymbolRef &Symbol : (*File)->symbols()) {
    Expected<StringRef> Name = Symbol.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (*Name != SymbolName)
      continue;
    Expected<object::section_iterator> Section = Symbol.getSection();
    if (!Section)
      return loadError(toString(Section.takeError()));
    if (*Section == (*File)->section_end())
      return loadError("symbol '" + SymbolName + "' is not defined");
    for (const object::SectionRef &Other : (*File)->sections()) {
      Expected<object::section_iterator> Relocated =
          Other.getRelocatedSection();
      if (!Relocated)
        return loadError(toString(Relocated.takeError()));
      if (*Relocated == *Section && !Other.relocations().empty())
        return loadError("the code needs relocations, which are not "
                         "supported");
    }
    Expected<StringRef> Contents = (*Section)->getContents();
    if (!Contents)
      return loadError(toString(Contents.takeError()));
    Expected<uint64_t> Address = Symbol.getAddress();
    if (!Address)
      return loadError(toString(Address.takeError()));
    uint64_t Offset = *Address - (*Section)->getAddress();
    if (Offset >= Contents->size())
      return loadError("symbol '" + SymbolName + "' lies outside its section");
    uint64_t Size = isa<object::ELFObjectFileBase>(File->get())
                        ? object::ELFSymbolRef(Symbol).getSize()
                        : 0;
    if (Size == 0 || Offset + Size > Contents->size())
      Size = Contents->size() - Offset;
    return map(*Contents, Offset, Size);
  }
  return loadError("no symbol '" + SymbolName + "' in the object");
}

ExecutableFunction::ExecutableFunction(ExecutableFunction &&Other)
    : Mapping(Other.Mapping), MappingSize(Other.MappingSize),
      EntryOffset(Other.EntryOffset), CodeSize(Other.CodeSize),
      TimedCallsOffset(Other.TimedCallsOffset) {
  Other.Mapping = nullptr;
  Other.MappingSize = 0;
}

ExecutableFunction &ExecutableFunction::operator=(ExecutableFunction &&Other) {
  if (this != &Other) {
    unmap();
    Mapping = Other.Mapping;
    MappingSize = Other.MappingSize;
    EntryOffset = Other.EntryOffset;
    CodeSize = Other.CodeSize;
    TimedCallsOffset = Other.TimedCallsOffset;
    Other.Mapping = nullptr;
    Other.MappingSize = 0;
  }
  return *this;
}

ExecutableFunction::~ExecutableFunction() { unmap(); }

void ExecutableFunction::unmap() {
  if (Mapping)
    munmap(Mapping, MappingSize);
  Mapping = nullptr;
  MappingSize = 0;
}

} // namespace exegesis
} // namespace llvm
