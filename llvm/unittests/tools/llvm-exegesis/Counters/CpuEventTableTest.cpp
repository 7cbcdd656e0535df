//===-- CpuEventTableTest.cpp - Event tables checked against libpfm4 ------===//
//
// Every event name of every CPU in our table must encode through libpfm4 for
// that CPU's PMU model, here on any machine: LIBPFM_FORCE_PMU activates the
// one model named, whatever the host is. libpfm4 reads that variable when it
// initialises, once per process, so each model is checked in a forked child.
//
//===----------------------------------------------------------------------===//

#include "Counters/CpuEventTable.h"
#include "Counters/PerfEvent.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "gtest/gtest.h"
#include <cstdlib>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#if HAVE_LIBPFM
#include <perfmon/pfmlib.h>
#include <perfmon/pfmlib_perf_event.h>
#endif

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// libpfm4's PMU models (pfm_get_pmu_name) for each CPU of the table, the
/// preferred first: a CPU is checked against the first one the installed
/// libpfm4 knows. Later libpfm4 releases add models (adl_glc, gnr,
/// amd64_fam1ah_zen5); Golden Cove and Redwood Cove cores share Sapphire
/// Rapids' core events.
struct CpuPmuModels {
  StringRef CpuName;
  std::vector<StringRef> Models;
};
const CpuPmuModels PmuModelsOfCpus[] = {
    {"haswell", {"hsw"}},
    {"broadwell", {"bdw"}},
    {"skylake", {"skl"}},
    {"kabylake", {"skl"}},
    {"coffeelake", {"skl"}},
    {"skylake-avx512", {"skx"}},
    {"cascadelake", {"clx", "skx"}},
    {"cooperlake", {"clx", "skx"}},
    {"icelake-client", {"icl"}},
    {"icelake-server", {"icx"}},
    {"tigerlake", {"icl"}},
    {"rocketlake", {"icl"}},
    {"alderlake", {"adl_glc", "spr"}},
    {"raptorlake", {"adl_glc", "spr"}},
    {"meteorlake", {"mtl_rwc", "spr"}},
    {"sapphirerapids", {"spr"}},
    {"emeraldrapids", {"emr", "spr"}},
    {"graniterapids", {"gnr", "spr"}},
    {"znver1", {"amd64_fam17h_zen1"}},
    {"znver2", {"amd64_fam17h_zen2"}},
    {"znver3", {"amd64_fam19h_zen3"}},
    {"znver4", {"amd64_fam19h_zen4"}},
    {"znver5", {"amd64_fam1ah_zen5"}},
};

const CpuPmuModels *findModels(StringRef CpuName) {
  for (const CpuPmuModels &Entry : PmuModelsOfCpus)
    if (Entry.CpuName == CpuName)
      return &Entry;
  return nullptr;
}

std::vector<StringRef> eventNamesOf(const CpuEventTable &Table) {
  std::vector<StringRef> Names = {Table.CyclesEvent, Table.UopsEvent};
  for (const PortEvent &Port : Table.Ports)
    Names.push_back(Port.EventName);
  return Names;
}

TEST(CpuEventTableListTest, EveryCpuHasAPmuModelToCheckAgainst) {
  for (const CpuEventTableEntry &Entry : getCpuEventTables())
    EXPECT_NE(findModels(Entry.CpuName), nullptr)
        << Entry.CpuName.str() << " has no libpfm4 PMU model in this test";
}

TEST(CpuEventTableListTest, LookupFindsEveryListedCpu) {
  StringSet<> Seen;
  for (const CpuEventTableEntry &Entry : getCpuEventTables()) {
    EXPECT_TRUE(Seen.insert(Entry.CpuName).second)
        << Entry.CpuName.str() << " is listed twice";
    EXPECT_EQ(findCpuEventTable(Entry.CpuName), Entry.Table);
    ASSERT_NE(Entry.Table, nullptr);
    for (StringRef Name : eventNamesOf(*Entry.Table))
      EXPECT_FALSE(Name.empty()) << Entry.CpuName.str();
  }
  EXPECT_EQ(findCpuEventTable("generic"), nullptr);
}

#if HAVE_LIBPFM

bool libpfmKnowsModel(StringRef Model) {
  if (pfm_initialize() != PFM_SUCCESS)
    return false;
  pfm_pmu_info_t Info = {};
  Info.size = sizeof(Info);
  for (int Pmu = 0; Pmu < PFM_PMU_MAX; ++Pmu)
    if (pfm_get_pmu_info(static_cast<pfm_pmu_t>(Pmu), &Info) == PFM_SUCCESS &&
        Info.name && Model == Info.name)
      return true;
  return false;
}

/// In a child with only \p Model active, resolves each of \p Names through
/// PerfEvent (the tool's own path) and checks the result is what libpfm4
/// encodes for "Model::Name". Returns one line per name that fails.
std::string checkNamesInChild(StringRef Model, ArrayRef<StringRef> Names) {
  int Pipe[2];
  if (pipe(Pipe) != 0)
    return "pipe failed";
  pid_t Pid = fork();
  if (Pid < 0)
    return "fork failed";
  if (Pid == 0) {
    close(Pipe[0]);
    std::string Report;
    // A parent test may have initialised libpfm4 already, without the
    // variable: start again so that it is read.
    pfm_terminate();
    setenv("LIBPFM_FORCE_PMU", Model.str().c_str(), 1);
    int Init = pfm_initialize();
    if (Init != PFM_SUCCESS)
      Report += std::string("pfm_initialize: ") + pfm_strerror(Init) + "\n";
    for (StringRef Name : Names) {
      Expected<PerfEvent> Event = PerfEvent::create(Name);
      if (!Event) {
        Report += toString(Event.takeError()) + "\n";
        continue;
      }
      perf_event_attr Reference = {};
      pfm_perf_encode_arg_t Arg = {};
      Arg.attr = &Reference;
      Arg.size = sizeof(Arg);
      std::string Qualified = (Model + "::" + Name).str();
      int Result = pfm_get_os_event_encoding(Qualified.c_str(), PFM_PLM3,
                                             PFM_OS_PERF_EVENT, &Arg);
      const perf_event_attr &Got = Event->getAttributes();
      if (Result != PFM_SUCCESS)
        Report += Qualified + ": " + pfm_strerror(Result) + "\n";
      else if (Got.type != Reference.type || Got.config != Reference.config ||
               Got.config1 != Reference.config1)
        Report += Name.str() + " resolved to another PMU's event than " +
                  Qualified + "\n";
      else if (!Event->isHardware())
        Report += Name.str() + " is not a hardware event\n";
    }
    ssize_t Ignored = write(Pipe[1], Report.data(), Report.size());
    (void)Ignored;
    _exit(0);
  }
  close(Pipe[1]);
  std::string Report;
  char Buffer[512];
  ssize_t Got;
  while ((Got = read(Pipe[0], Buffer, sizeof(Buffer))) > 0)
    Report.append(Buffer, static_cast<size_t>(Got));
  close(Pipe[0]);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  if (!WIFEXITED(Status) || WEXITSTATUS(Status) != 0)
    Report += "the checking child did not exit cleanly\n";
  return Report;
}

class CpuEventTableLibpfmTest
    : public ::testing::TestWithParam<CpuEventTableEntry> {};

TEST_P(CpuEventTableLibpfmTest, EveryEventEncodesForTheCpusPmuModel) {
  const CpuEventTableEntry &Entry = GetParam();
  const CpuPmuModels *Models = findModels(Entry.CpuName);
  ASSERT_NE(Models, nullptr) << Entry.CpuName.str();
  auto Known = find_if(Models->Models, libpfmKnowsModel);
  if (Known == Models->Models.end())
    GTEST_SKIP() << "the installed libpfm4 has no PMU model for "
                 << Entry.CpuName.str() << " (tried "
                 << join(Models->Models, ", ") << ")";
  std::vector<StringRef> Names = eventNamesOf(*Entry.Table);
  EXPECT_EQ(checkNamesInChild(*Known, Names), "")
      << Entry.CpuName.str() << " against libpfm4 model " << Known->str();
}

std::string
cpuTestName(const ::testing::TestParamInfo<CpuEventTableEntry> &Info) {
  std::string Name = Info.param.CpuName.str();
  for (char &C : Name)
    if (!isAlnum(C))
      C = '_';
  return Name;
}

INSTANTIATE_TEST_SUITE_P(AllCpus, CpuEventTableLibpfmTest,
                         ::testing::ValuesIn(getCpuEventTables().begin(),
                                             getCpuEventTables().end()),
                         cpuTestName);

// A name that is not in the forced model's table is reported, so the check
// above can fail.
TEST(CpuEventTableLibpfmCheckTest, ReportsANameTheModelLacks) {
  if (!libpfmKnowsModel("amd64_fam17h_zen2"))
    GTEST_SKIP() << "the installed libpfm4 has no Zen 2 model";
  std::string Report =
      checkNamesInChild("amd64_fam17h_zen2", {"FPU_PIPE_ASSIGNMENT:TOTAL0"});
  EXPECT_NE(Report.find("FPU_PIPE_ASSIGNMENT:TOTAL0"), std::string::npos)
      << Report;
}

#endif

} // namespace
