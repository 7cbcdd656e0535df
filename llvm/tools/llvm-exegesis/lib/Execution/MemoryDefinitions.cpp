//===-- MemoryDefinitions.cpp -----------------------------------*- C++ -*-===//

#include "Execution/MemoryDefinitions.h"
#include "Support/SystemRefusal.h"
#include "llvm/Support/Signals.h"
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace llvm {
namespace exegesis {

void fillMemoryValue(const MemoryValue &Value,
                     MutableArrayRef<char> Destination) {
  unsigned Bits = Value.Value.getBitWidth();
  SmallVector<char, 16> Pattern;
  for (unsigned Bit = 0; Bit < Bits; Bit += 8)
    Pattern.push_back(static_cast<char>(
        Value.Value.extractBitsAsZExtValue(std::min(8u, Bits - Bit), Bit)));
  if (Pattern.empty())
    Pattern.push_back(0);
  // Double the filled prefix each time: a gigabyte takes 30 copies, not a
  // billion byte stores.
  size_t Filled = std::min(Pattern.size(), Destination.size());
  std::memcpy(Destination.data(), Pattern.data(), Filled);
  while (Filled < Destination.size()) {
    size_t Chunk = std::min(Filled, Destination.size() - Filled);
    std::memcpy(Destination.data() + Filled, Destination.data(), Chunk);
    Filled += Chunk;
  }
}

/// What is wrong with /dev/shm when shared memory cannot be had, and what
/// would mend it; errors that do not point at it get the general notes.
static std::string describeShmFailure(int Errno) {
  std::string Text = std::strerror(Errno);
  const char *Note = nullptr;
  switch (Errno) {
  case ENOENT:
    Note = "/dev/shm, where shared memory lives, is missing: mount a tmpfs "
           "there, e.g. 'mount -t tmpfs tmpfs /dev/shm'";
    break;
  case ENOSPC:
    Note = "/dev/shm is full or smaller than the memory definitions: free "
           "space there ('df /dev/shm') or remount it larger, e.g. 'mount -o "
           "remount,size=1G /dev/shm'";
    break;
  case EROFS:
    Note = "/dev/shm is mounted read-only: remount it read-write";
    break;
  case EACCES:
    Note = "this user may not create files in /dev/shm, which should be a "
           "tmpfs of mode 1777";
    break;
  default:
    return describeSystemError(Errno);
  }
  return Text + " (" + Note + ")";
}

static Error shmError(const Twine &What, StringRef ValueName, int Errno) {
  return createStringError(inconvertibleErrorCode(),
                           "cannot create shared memory for "
                           "LLVM-EXEGESIS-MEM-DEF '" +
                               ValueName + "': " + What + ": " +
                               describeShmFailure(Errno));
}

std::string SharedMemoryDefinitions::getObjectNamePrefix() {
  return "/exegesis-" + std::to_string(getpid()) + "-";
}

/// Creates a shared-memory object and unlinks its name at once: the
/// returned descriptor is the only reference to it.
static Expected<int> createAnonymousSharedObject(StringRef ValueName) {
  static std::atomic<unsigned> Sequence{0};
  for (unsigned Attempt = 0; Attempt < 16; ++Attempt) {
    std::string Name = SharedMemoryDefinitions::getObjectNamePrefix() +
                       std::to_string(Sequence++);
    // glibc keeps shared-memory objects in /dev/shm: should a signal stop
    // the tool between creating and unlinking, that file goes.
    std::string Path = "/dev/shm" + Name;
    sys::RemoveFileOnSignal(Path);
    int Fd = shm_open(Name.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC,
                      S_IRUSR | S_IWUSR);
    int OpenErrno = errno;
    if (Fd >= 0)
      shm_unlink(Name.c_str());
    sys::DontRemoveFileOnSignal(Path);
    if (Fd >= 0)
      return Fd;
    // A leftover of an earlier process with our pid: try the next number.
    if (OpenErrno != EEXIST)
      return shmError("shm_open", ValueName, OpenErrno);
  }
  return shmError("shm_open", ValueName, EEXIST);
}

Expected<SharedMemoryDefinitions> SharedMemoryDefinitions::create(
    const std::map<std::string, MemoryValue> &Values) {
  SharedMemoryDefinitions Result;
  size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  for (const auto &[Name, Value] : Values) {
    Expected<int> Fd = createAnonymousSharedObject(Name);
    if (!Fd)
      return Fd.takeError();
    Definition &Def = Result.Definitions[Name];
    Def.Fd = *Fd;
    Def.Size = Value.SizeBytes;
    size_t ObjectSize = alignTo(Value.SizeBytes, PageSize);
    if (ftruncate(Def.Fd, static_cast<off_t>(ObjectSize)) != 0)
      return shmError("ftruncate to " + Twine(ObjectSize) + " bytes", Name,
                      errno);
    // A tmpfs allocates on first touch: without reserving the pages now, a
    // full /dev/shm would kill the tool with SIGBUS while filling them.
    if (int Errno = posix_fallocate(Def.Fd, 0, static_cast<off_t>(ObjectSize)))
      return shmError("reserving " + Twine(ObjectSize) + " bytes", Name, Errno);
    void *Bytes = mmap(nullptr, ObjectSize, PROT_READ | PROT_WRITE, MAP_SHARED,
                       Def.Fd, 0);
    if (Bytes == MAP_FAILED)
      return shmError("mmap", Name, errno);
    fillMemoryValue(Value, MutableArrayRef<char>(static_cast<char *>(Bytes),
                                                 Value.SizeBytes));
    munmap(Bytes, ObjectSize);
  }
  return Result;
}

SharedMemoryDefinitions::SharedMemoryDefinitions(
    SharedMemoryDefinitions &&Other)
    : Definitions(std::move(Other.Definitions)) {
  Other.Definitions.clear();
}

SharedMemoryDefinitions &
SharedMemoryDefinitions::operator=(SharedMemoryDefinitions &&Other) {
  if (this != &Other) {
    closeAll();
    Definitions = std::move(Other.Definitions);
    Other.Definitions.clear();
  }
  return *this;
}

SharedMemoryDefinitions::~SharedMemoryDefinitions() { closeAll(); }

void SharedMemoryDefinitions::closeAll() {
  for (auto &Entry : Definitions)
    if (Entry.second.Fd >= 0)
      close(Entry.second.Fd);
  Definitions.clear();
}

int SharedMemoryDefinitions::getFileDescriptor(StringRef Name) const {
  auto It = Definitions.find(Name);
  return It == Definitions.end() ? -1 : It->second.Fd;
}

Expected<std::vector<FixedMemoryRegion>>
SharedMemoryDefinitions::getRegions(ArrayRef<MemoryMapping> Mappings) const {
  std::vector<FixedMemoryRegion> Regions;
  for (const MemoryMapping &Mapping : Mappings) {
    auto It = Definitions.find(Mapping.MemoryValueName);
    if (It == Definitions.end())
      return createStringError(inconvertibleErrorCode(),
                               "LLVM-EXEGESIS-MEM-MAP of undefined value '" +
                                   Mapping.MemoryValueName + "'");
    size_t PageSize = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    size_t ObjectSize = alignTo(std::max<size_t>(It->second.Size, 1), PageSize);
    if (Mapping.Length % PageSize != 0 || Mapping.Offset % PageSize != 0 ||
        Mapping.Offset >= ObjectSize || (!Mapping.Length && Mapping.Offset))
      return createStringError(
          inconvertibleErrorCode(),
          "LLVM-EXEGESIS-MEM-MAP of '" + Mapping.MemoryValueName +
              "' with length " + Twine(Mapping.Length) + " and offset " +
              Twine(Mapping.Offset) +
              ": both must be whole pages, and the offset within the value");
    FixedMemoryRegion Region;
    Region.Address = Mapping.Address;
    Region.SharedFd = It->second.Fd;
    Region.SharedSize = It->second.Size;
    Region.SharedLength = Mapping.Length;
    Region.SharedOffset = Mapping.Offset;
    Region.Name = "LLVM-EXEGESIS-MEM-MAP '" + Mapping.MemoryValueName + "'";
    Regions.push_back(std::move(Region));
  }
  return Regions;
}

} // namespace exegesis
} // namespace llvm
