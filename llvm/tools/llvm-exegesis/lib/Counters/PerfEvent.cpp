//===-- PerfEvent.cpp -------------------------------------------*- C++ -*-===//

#include "Counters/PerfEvent.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <cstdint>
#include <mutex>

#if HAVE_LIBPFM
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#endif

namespace llvm {
namespace exegesis {

static Error eventError(StringRef Name, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "perf event '" + Name + "': " + Why);
}

namespace {
struct GenericEvent {
  StringRef Name;
  uint32_t Type;
  uint64_t Config;
};
} // namespace

static constexpr uint64_t cacheEvent(uint64_t Cache, uint64_t Op) {
  return Cache | (Op << 8) | (uint64_t(PERF_COUNT_HW_CACHE_RESULT_MISS) << 16);
}

// The names perf(1) gives to its generic events; they need neither sysfs
// nor libpfm4.
static const GenericEvent GenericEvents[] = {
    {"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK},
    {"cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK},
    {"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    // Upstream llvm-exegesis's -validation-counter names.
    {"instructions-retired", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"l1d-cache-load-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_READ)},
    {"l1d-cache-store-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_L1D, PERF_COUNT_HW_CACHE_OP_WRITE)},
    {"l1i-cache-load-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_L1I, PERF_COUNT_HW_CACHE_OP_READ)},
    {"data-tlb-load-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_READ)},
    {"data-tlb-store-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_DTLB, PERF_COUNT_HW_CACHE_OP_WRITE)},
    {"instruction-tlb-load-misses", PERF_TYPE_HW_CACHE,
     cacheEvent(PERF_COUNT_HW_CACHE_ITLB, PERF_COUNT_HW_CACHE_OP_READ)},
};

/// Counting user mode only is what an unprivileged process may do at the
/// default kernel.perf_event_paranoid (2). For hardware events it also keeps
/// the kernel's part of starting and stopping the counter out of the counts.
static void countUserOnly(perf_event_attr &Attributes) {
  Attributes.exclude_kernel = 1;
  Attributes.exclude_hv = 1;
}

/// The software clocks count the task's time whatever the exclude bits say
/// (they are not sampled in user or kernel mode), so excluding the kernel
/// costs them nothing and lets an unprivileged user open them.
static bool isClockEvent(const perf_event_attr &Attributes) {
  return Attributes.type == PERF_TYPE_SOFTWARE &&
         (Attributes.config == PERF_COUNT_SW_TASK_CLOCK ||
          Attributes.config == PERF_COUNT_SW_CPU_CLOCK);
}

/// Whether \p Pmu (a sysfs PMU directory name) counts events of the CPU
/// cores, where user-only counting applies; uncore, power and msr PMUs
/// refuse the exclude bits.
static bool isCorePmu(StringRef Pmu) {
  return Pmu == "cpu" || Pmu.starts_with("cpu_") ||
         Pmu.starts_with("armv8_pmuv3") || Pmu.starts_with("armv7_");
}

static Expected<std::string> readSysfsFile(StringRef EventName,
                                           const Twine &Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileAsStream(Path);
  if (!Buffer)
    return eventError(EventName, "cannot read " + Path + ": " +
                                     Buffer.getError().message());
  return (*Buffer)->getBuffer().trim().str();
}

/// Writes \p Value into the bits of \p Attributes that a PMU format file
/// (e.g. "config:0-7,32-35") assigns to one term.
static Error applyFormat(StringRef EventName, StringRef Term, StringRef Format,
                         uint64_t Value, perf_event_attr &Attributes) {
  auto [Field, Ranges] = Format.split(':');
  __u64 *Target = nullptr;
  if (Field == "config")
    Target = &Attributes.config;
  else if (Field == "config1")
    Target = &Attributes.config1;
  else if (Field == "config2")
    Target = &Attributes.config2;
  else
    return eventError(EventName, "term '" + Term +
                                     "' has unsupported format '" + Format +
                                     "'");
  SmallVector<StringRef, 4> Pieces;
  Ranges.split(Pieces, ',');
  for (StringRef Piece : Pieces) {
    auto [LowText, HighText] = Piece.split('-');
    unsigned Low = 0, High = 0;
    if (LowText.getAsInteger(10, Low) ||
        (HighText.empty() ? (High = Low, false)
                          : HighText.getAsInteger(10, High)) ||
        High < Low || High > 63)
      return eventError(EventName, "term '" + Term +
                                       "' has malformed format '" + Format +
                                       "'");
    unsigned Width = High - Low + 1;
    uint64_t Mask = Width == 64 ? ~uint64_t(0) : ((uint64_t(1) << Width) - 1);
    *Target |= (Value & Mask) << Low;
    Value = Width == 64 ? 0 : Value >> Width;
  }
  if (Value != 0)
    return eventError(EventName, "value of term '" + Term +
                                     "' does not fit its format '" + Format +
                                     "'");
  return Error::success();
}

/// Applies "term=value,term,..." (a bare term means 1) with the PMU's format
/// files.
static Error applyTerms(StringRef EventName, StringRef PmuDir, StringRef Terms,
                        perf_event_attr &Attributes) {
  SmallVector<StringRef, 4> Items;
  Terms.split(Items, ',', -1, /*KeepEmpty=*/false);
  if (Items.empty())
    return eventError(EventName, "no event terms");
  for (StringRef Item : Items) {
    auto [Term, ValueText] = Item.trim().split('=');
    uint64_t Value = 1;
    if (!ValueText.empty() && ValueText.getAsInteger(0, Value))
      return eventError(EventName, "term '" + Item + "' has a malformed value");
    SmallString<128> FormatPath(PmuDir);
    sys::path::append(FormatPath, "format", Term);
    Expected<std::string> Format = readSysfsFile(EventName, FormatPath);
    if (!Format)
      return Format.takeError();
    if (Error E = applyFormat(EventName, Term, *Format, Value, Attributes))
      return E;
  }
  return Error::success();
}

/// "pmu/event/" or "pmu/term=value,.../".
static Error resolveSysfsEvent(StringRef Name, StringRef SysfsRoot,
                               perf_event_attr &Attributes) {
  StringRef Body = Name.drop_back(); // The trailing '/'.
  auto [Pmu, Event] = Body.split('/');
  if (Pmu.empty() || Event.empty() || Event.contains('/'))
    return eventError(Name, "expected the form 'pmu/event/'");
  SmallString<128> PmuDir(SysfsRoot);
  sys::path::append(PmuDir, Pmu);
  SmallString<128> TypePath(PmuDir);
  sys::path::append(TypePath, "type");
  Expected<std::string> TypeText = readSysfsFile(Name, TypePath);
  if (!TypeText)
    return eventError(Name, "no PMU named '" + Pmu + "' in " + SysfsRoot);
  uint32_t Type = 0;
  if (StringRef(*TypeText).getAsInteger(10, Type))
    return eventError(Name, "malformed PMU type '" + *TypeText + "'");
  Attributes.type = Type;
  if (Type == PERF_TYPE_RAW || isCorePmu(Pmu))
    countUserOnly(Attributes);
  if (Event.contains('='))
    return applyTerms(Name, PmuDir, Event, Attributes);
  SmallString<128> EventPath(PmuDir);
  sys::path::append(EventPath, "events", Event);
  Expected<std::string> Terms = readSysfsFile(Name, EventPath);
  if (!Terms) {
    consumeError(Terms.takeError());
    return eventError(Name, "PMU '" + Pmu + "' has no event '" + Event + "'");
  }
  return applyTerms(Name, PmuDir, *Terms, Attributes);
}

#if HAVE_LIBPFM
static Error resolveLibpfmEvent(StringRef Name, perf_event_attr &Attributes) {
  static std::once_flag Once;
  static int InitResult = PFM_SUCCESS;
  std::call_once(Once, [] { InitResult = pfm_initialize(); });
  if (InitResult != PFM_SUCCESS)
    return eventError(Name, Twine("libpfm4 failed to initialize: ") +
                                pfm_strerror(InitResult));
  pfm_perf_encode_arg_t Arg = {};
  Arg.attr = &Attributes;
  Arg.size = sizeof(Arg);
  std::string NameStr = Name.str();
  // User-level counting only: the kernel's part of starting and stopping the
  // counter is not the snippet's.
  int Result = pfm_get_os_event_encoding(NameStr.c_str(), PFM_PLM3,
                                         PFM_OS_PERF_EVENT, &Arg);
  if (Result != PFM_SUCCESS)
    return eventError(Name, Twine("unknown to libpfm4 (") +
                                pfm_strerror(Result) + ")");
  Attributes.size = sizeof(perf_event_attr);
  return Error::success();
}
#endif

Expected<PerfEvent> PerfEvent::create(StringRef Name) {
  return create(Name, DefaultSysfsEventSourceRoot);
}

Expected<PerfEvent> PerfEvent::create(StringRef Name, StringRef SysfsRoot) {
  PerfEvent Event;
  Event.Name = Name.str();
  perf_event_attr &Attributes = Event.Attributes;
  Attributes.size = sizeof(perf_event_attr);
  if (Name.empty())
    return eventError(Name, "empty event name");
  for (const GenericEvent &G : GenericEvents)
    if (G.Name == Name) {
      Attributes.type = G.Type;
      Attributes.config = G.Config;
      if (Event.isHardware() || isClockEvent(Attributes))
        countUserOnly(Attributes);
      return Event;
    }
  if (Name.ends_with("/")) {
    if (Error E = resolveSysfsEvent(Name, SysfsRoot, Attributes))
      return E;
    return Event;
  }
#if HAVE_LIBPFM
  if (Error E = resolveLibpfmEvent(Name, Attributes))
    return E;
  return Event;
#else
  return eventError(Name, "not a generic perf event or 'pmu/event/', and this "
                          "build has no libpfm4 for other names");
#endif
}

PerfEvent PerfEvent::dummy() {
  PerfEvent Event;
  Event.Name = "dummy";
  Event.IsDummy = true;
  return Event;
}

bool PerfEvent::isHardware() const {
  return !IsDummy && (Attributes.type == PERF_TYPE_HARDWARE ||
                      Attributes.type == PERF_TYPE_HW_CACHE ||
                      Attributes.type == PERF_TYPE_RAW);
}

} // namespace exegesis
} // namespace llvm
