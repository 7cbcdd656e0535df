//===-- ChildAddressSpace.cpp -----------------------------------*- C++ -*-===//

#include "Execution/ChildAddressSpace.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <optional>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

// glibc (2.35 and later) registers an rseq area for every thread and says
// where through these; weak, so that an older libc simply has none.
extern "C" {
extern const ptrdiff_t __rseq_offset __attribute__((weak));
extern const unsigned int __rseq_size __attribute__((weak));
}

namespace llvm {
namespace exegesis {

static Error addressError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

static std::string hex(uint64_t Value) {
  std::string Text;
  raw_string_ostream(Text) << format_hex(Value, 0);
  return Text;
}

static std::string describeMapsPath(StringRef Path) {
  if (Path.empty())
    return "anonymous memory of the tool";
  if (Path == "[stack]")
    return "the main thread's stack";
  if (Path == "[heap]")
    return "the tool's heap";
  if (Path == "[vdso]")
    return "the vDSO";
  if (Path.starts_with("[vvar"))
    return "the vDSO's data (" + Path.str() + ")";
  if (Path == "[vsyscall]")
    return "the vsyscall page";
  if (Path.starts_with("["))
    return "the tool's mapping " + Path.str();
  return "the tool's mapping of " + Path.str();
}

Expected<std::vector<AddressRange>> parseProcessMaps(StringRef Text) {
  std::vector<AddressRange> Ranges;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (auto [Index, Line] : enumerate(Lines)) {
    // start-end perms offset dev inode [path]
    StringRef Rest = Line.trim();
    StringRef Range;
    std::tie(Range, Rest) = getToken(Rest);
    auto [BeginText, EndText] = Range.split('-');
    uint64_t Begin, End;
    if (BeginText.getAsInteger(16, Begin) || EndText.getAsInteger(16, End) ||
        End < Begin)
      return addressError("cannot parse line " + Twine(Index + 1) +
                          " of the process's memory map: '" + Line + "'");
    // Skip permissions, offset, device and inode; the rest is the path,
    // which may contain spaces.
    for (int Field = 0; Field < 4; ++Field)
      Rest = getToken(Rest).second;
    Ranges.push_back({static_cast<uintptr_t>(Begin),
                      static_cast<uintptr_t>(End),
                      describeMapsPath(Rest.trim())});
  }
  return Ranges;
}

/// The calling thread's thread pointer, where glibc's TCB starts.
static uintptr_t getThreadPointer() {
  uintptr_t Pointer = 0;
#if defined(__x86_64__)
  asm("movq %%fs:0, %0" : "=r"(Pointer));
#elif defined(__aarch64__)
  asm("mrs %0, tpidr_el0" : "=r"(Pointer));
#endif
  return Pointer;
}

static uintptr_t getUserAddressSpaceEnd() {
#if defined(__x86_64__)
  // 47-bit user space (TASK_SIZE); 5-level paging only hands out more to
  // those who ask, which we do not.
  return (uintptr_t(1) << 47) - 4096;
#elif defined(__aarch64__)
  return uintptr_t(1) << 48;
#else
  return UINTPTR_MAX;
#endif
}

Expected<AddressSpaceConstraints> getCurrentAddressSpaceConstraints() {
  AddressSpaceConstraints Constraints;
  Constraints.EndAddress = getUserAddressSpaceEnd();
  Constraints.MinAddress = static_cast<uintptr_t>(sysconf(_SC_PAGESIZE));
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> MinAddr =
          MemoryBuffer::getFileAsStream("/proc/sys/vm/mmap_min_addr")) {
    uint64_t Value;
    if (!(*MinAddr)->getBuffer().trim().getAsInteger(10, Value) &&
        Value > Constraints.MinAddress)
      Constraints.MinAddress = static_cast<uintptr_t>(Value);
  }

  if (&__rseq_size && &__rseq_offset && __rseq_size != 0) {
    uintptr_t Rseq = getThreadPointer() + __rseq_offset;
    // The kernel's struct rseq is 32 bytes even where glibc reports less.
    Constraints.Reserved.push_back(
        {Rseq, Rseq + std::max<uintptr_t>(__rseq_size, 32),
         "glibc's rseq area of the tool's thread (the kernel writes it)"});
  }

  ErrorOr<std::unique_ptr<MemoryBuffer>> Maps =
      MemoryBuffer::getFileAsStream("/proc/self/maps");
  if (!Maps)
    return addressError("cannot read /proc/self/maps to check the "
                        "subprocess's fixed mappings: " +
                        Maps.getError().message());
  Expected<std::vector<AddressRange>> Ranges =
      parseProcessMaps((*Maps)->getBuffer());
  if (!Ranges)
    return Ranges.takeError();
  for (const AddressRange &Range : *Ranges) {
    if (Range.Description != describeMapsPath("[stack]"))
      continue;
    // The stack grows down on demand, as far as RLIMIT_STACK allows and
    // never closer than the kernel's guard gap to another mapping.
    constexpr uintptr_t GuardGap = 256 * 4096;
    constexpr uintptr_t DefaultLimit = 8 << 20;
    rlimit Limit;
    uintptr_t Room = DefaultLimit;
    if (getrlimit(RLIMIT_STACK, &Limit) == 0 && Limit.rlim_cur != RLIM_INFINITY)
      Room = static_cast<uintptr_t>(Limit.rlim_cur);
    uintptr_t Low =
        Range.End > Room + GuardGap ? Range.End - Room - GuardGap : 0;
    if (Low < Range.Begin)
      Constraints.Reserved.push_back(
          {Low, Range.Begin,
           "the room the main thread's stack may grow into (RLIMIT_STACK "
           "and guard gap)"});
  }
  append_range(Constraints.Reserved, std::move(*Ranges));
  return Constraints;
}

namespace {
/// A range the layout asks for, with its name for messages.
struct RequestedRange {
  uintptr_t Begin;
  uintptr_t End;
  std::string Name;
};
} // namespace

const AddressRange *
findReservedOverlap(const AddressSpaceConstraints &Constraints, uintptr_t Begin,
                    uintptr_t End) {
  for (const AddressRange &Reserved : Constraints.Reserved)
    if (Begin < Reserved.End && Reserved.Begin < End)
      return &Reserved;
  return nullptr;
}

static std::string describeRange(uintptr_t Begin, uintptr_t End) {
  return hex(Begin) + "-" + hex(End);
}

Error checkFixedLayout(const FixedLayout &Layout, uint64_t CodeSize,
                       const AddressSpaceConstraints &Constraints,
                       size_t PageSize) {
  std::vector<RequestedRange> Requested;
  auto Add = [&](uintptr_t Address, uint64_t Size,
                 const std::string &Name) -> Error {
    if (Address % PageSize != 0)
      return addressError(Name + " at " + hex(Address) +
                          " is not aligned to the page size (" +
                          Twine(PageSize) + ")");
    uint64_t Rounded = alignTo(std::max<uint64_t>(Size, 1), PageSize);
    if (Address < Constraints.MinAddress)
      return addressError(Name + " at " + hex(Address) +
                          " lies below the lowest address a process may map "
                          "(vm.mmap_min_addr = " +
                          hex(Constraints.MinAddress) + ")");
    if (Rounded > Constraints.EndAddress ||
        Address > Constraints.EndAddress - Rounded)
      return addressError(Name + " at " + hex(Address) + " (" + Twine(Rounded) +
                          " bytes) extends past the end of the user address "
                          "space (" +
                          hex(Constraints.EndAddress) + ")");
    Requested.push_back(
        {Address, Address + static_cast<uintptr_t>(Rounded), Name});
    return Error::success();
  };
  if (Layout.FirstFunctionAddress)
    if (Error E = Add(Layout.FirstFunctionAddress, CodeSize,
                      "the snippet's code (LLVM-EXEGESIS-SNIPPET-ADDRESS, " +
                          std::to_string(CodeSize) + " bytes)"))
      return E;
  for (const FixedMemoryRegion &Region : Layout.Memory)
    if (Error E = Add(Region.Address, Region.getSize(),
                      Region.Name.empty() ? std::string("a fixed mapping")
                                          : Region.Name))
      return E;

  // Sorted by address, a range that overlaps an earlier one overlaps the
  // one reaching furthest so far; -auto-map-memory asks for thousands of
  // ranges. The later in the layout is named first, as the one that
  // collides.
  std::vector<size_t> Order(Requested.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return Requested[A].Begin < Requested[B].Begin;
  });
  std::optional<size_t> Furthest;
  for (size_t Index : Order) {
    const RequestedRange &High = Requested[Index];
    if (Furthest && High.Begin < Requested[*Furthest].End) {
      const RequestedRange &Low = Requested[*Furthest];
      bool HighIsLater = Index > *Furthest;
      const RequestedRange &Later = HighIsLater ? High : Low;
      const RequestedRange &Earlier = HighIsLater ? Low : High;
      return addressError(Later.Name + " at " +
                          describeRange(Later.Begin, Later.End) + " overlaps " +
                          Earlier.Name + " at " +
                          describeRange(Earlier.Begin, Earlier.End));
    }
    if (!Furthest || High.End > Requested[*Furthest].End)
      Furthest = Index;
  }

  for (const RequestedRange &R : Requested)
    if (const AddressRange *Reserved =
            findReservedOverlap(Constraints, R.Begin, R.End))
      return addressError(R.Name + " at " + describeRange(R.Begin, R.End) +
                          " overlaps " + Reserved->Description + " at " +
                          describeRange(Reserved->Begin, Reserved->End) +
                          ", which the benchmarking subprocess inherits "
                          "from the tool; choose another address");
  return Error::success();
}

/// mmap at exactly \p Address, refusing to replace anything there.
static bool mapExactly(void *Address, size_t Size, int Fd, size_t Offset) {
  bool Shared = Fd >= 0;
  void *Mapped = mmap(
      Address, Size, PROT_READ | PROT_WRITE,
      MAP_FIXED_NOREPLACE | (Shared ? MAP_SHARED : MAP_PRIVATE | MAP_ANONYMOUS),
      Shared ? Fd : -1, static_cast<off_t>(Shared ? Offset : 0));
  if (Mapped == MAP_FAILED)
    return false;
  // Kernels before 4.17 take MAP_FIXED_NOREPLACE for a mere hint.
  if (Mapped != Address) {
    munmap(Mapped, Size);
    return false;
  }
  return true;
}

bool mapFixedMemoryRegions(const FixedMemoryRegion *Regions, size_t Count,
                           size_t PageSize) {
  auto RoundUp = [&](size_t Size) {
    size_t Rounded = (Size + PageSize - 1) / PageSize * PageSize;
    return Rounded == 0 ? PageSize : Rounded;
  };
  for (size_t I = 0; I < Count; ++I) {
    const FixedMemoryRegion &Region = Regions[I];
    char *Address = reinterpret_cast<char *>(Region.Address);
    if (Region.SharedFd >= 0 && Region.SharedLength) {
      // The object's pages in turn, from SharedOffset, round and round.
      size_t ObjectSize = RoundUp(Region.SharedSize);
      size_t Offset = Region.SharedOffset % ObjectSize;
      for (size_t Done = 0; Done < Region.SharedLength;) {
        size_t Piece =
            std::min(Region.SharedLength - Done, ObjectSize - Offset);
        if (!mapExactly(Address + Done, Piece, Region.SharedFd, Offset))
          return false;
        Done += Piece;
        Offset = 0;
      }
      continue;
    }
    size_t Rounded = RoundUp(Region.getSize());
    if (!mapExactly(Address, Rounded, Region.SharedFd, 0))
      return false;
    if (Region.SharedFd < 0)
      std::memcpy(Address, Region.Contents.data(), Region.Contents.size());
  }
  return true;
}

} // namespace exegesis
} // namespace llvm
