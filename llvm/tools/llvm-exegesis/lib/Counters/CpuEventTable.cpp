//===-- CpuEventTable.cpp ---------------------------------------*- C++ -*-===//
//
// Event names follow libpfm4's tables for each PMU model; port names follow
// LLVM's scheduling models so that uops results line up with them.
//
//===----------------------------------------------------------------------===//

#include "Counters/CpuEventTable.h"

namespace llvm {
namespace exegesis {

// Haswell and Broadwell count executed micro-ops per port.
static const PortEvent HaswellPorts[] = {
    {"HWPort0", "UOPS_EXECUTED_PORT:PORT_0"},
    {"HWPort1", "UOPS_EXECUTED_PORT:PORT_1"},
    {"HWPort2", "UOPS_EXECUTED_PORT:PORT_2"},
    {"HWPort3", "UOPS_EXECUTED_PORT:PORT_3"},
    {"HWPort4", "UOPS_EXECUTED_PORT:PORT_4"},
    {"HWPort5", "UOPS_EXECUTED_PORT:PORT_5"},
    {"HWPort6", "UOPS_EXECUTED_PORT:PORT_6"},
    {"HWPort7", "UOPS_EXECUTED_PORT:PORT_7"},
};
static const PortEvent BroadwellPorts[] = {
    {"BWPort0", "UOPS_EXECUTED_PORT:PORT_0"},
    {"BWPort1", "UOPS_EXECUTED_PORT:PORT_1"},
    {"BWPort2", "UOPS_EXECUTED_PORT:PORT_2"},
    {"BWPort3", "UOPS_EXECUTED_PORT:PORT_3"},
    {"BWPort4", "UOPS_EXECUTED_PORT:PORT_4"},
    {"BWPort5", "UOPS_EXECUTED_PORT:PORT_5"},
    {"BWPort6", "UOPS_EXECUTED_PORT:PORT_6"},
    {"BWPort7", "UOPS_EXECUTED_PORT:PORT_7"},
};
// Skylake client and server, Cascade Lake, Cooper Lake: dispatched per port.
static const PortEvent SkylakePorts[] = {
    {"SKLPort0", "UOPS_DISPATCHED_PORT:PORT_0"},
    {"SKLPort1", "UOPS_DISPATCHED_PORT:PORT_1"},
    {"SKLPort2", "UOPS_DISPATCHED_PORT:PORT_2"},
    {"SKLPort3", "UOPS_DISPATCHED_PORT:PORT_3"},
    {"SKLPort4", "UOPS_DISPATCHED_PORT:PORT_4"},
    {"SKLPort5", "UOPS_DISPATCHED_PORT:PORT_5"},
    {"SKLPort6", "UOPS_DISPATCHED_PORT:PORT_6"},
    {"SKLPort7", "UOPS_DISPATCHED_PORT:PORT_7"},
};
static const PortEvent SkylakeServerPorts[] = {
    {"SKXPort0", "UOPS_DISPATCHED_PORT:PORT_0"},
    {"SKXPort1", "UOPS_DISPATCHED_PORT:PORT_1"},
    {"SKXPort2", "UOPS_DISPATCHED_PORT:PORT_2"},
    {"SKXPort3", "UOPS_DISPATCHED_PORT:PORT_3"},
    {"SKXPort4", "UOPS_DISPATCHED_PORT:PORT_4"},
    {"SKXPort5", "UOPS_DISPATCHED_PORT:PORT_5"},
    {"SKXPort6", "UOPS_DISPATCHED_PORT:PORT_6"},
    {"SKXPort7", "UOPS_DISPATCHED_PORT:PORT_7"},
};
// Ice Lake, Tiger Lake, Alder Lake / Sapphire Rapids performance cores:
// some ports are counted in pairs.
static const PortEvent IceLakePorts[] = {
    {"ICXPort0", "UOPS_DISPATCHED:PORT_0"},
    {"ICXPort1", "UOPS_DISPATCHED:PORT_1"},
    {"ICXPort23", "UOPS_DISPATCHED:PORT_2_3"},
    {"ICXPort49", "UOPS_DISPATCHED:PORT_4_9"},
    {"ICXPort5", "UOPS_DISPATCHED:PORT_5"},
    {"ICXPort6", "UOPS_DISPATCHED:PORT_6"},
    {"ICXPort78", "UOPS_DISPATCHED:PORT_7_8"},
};
static const PortEvent AlderLakePorts[] = {
    {"ADLPPort00", "UOPS_DISPATCHED:PORT_0"},
    {"ADLPPort01", "UOPS_DISPATCHED:PORT_1"},
    {"ADLPPort02_03_11", "UOPS_DISPATCHED:PORT_2_3_10"},
    {"ADLPPort04_09", "UOPS_DISPATCHED:PORT_4_9"},
    {"ADLPPort05_11", "UOPS_DISPATCHED:PORT_5_11"},
    {"ADLPPort06", "UOPS_DISPATCHED:PORT_6"},
    {"ADLPPort07_08", "UOPS_DISPATCHED:PORT_7_8"},
};
// Zen 1 counts FP pipe assignments and load/store dispatch; its integer ALU
// pipes have no counters.
static const PortEvent Zen1Ports[] = {
    {"ZnFPU0", "FPU_PIPE_ASSIGNMENT:TOTAL0"},
    {"ZnFPU1", "FPU_PIPE_ASSIGNMENT:TOTAL1"},
    {"ZnFPU2", "FPU_PIPE_ASSIGNMENT:TOTAL2"},
    {"ZnFPU3", "FPU_PIPE_ASSIGNMENT:TOTAL3"},
    {"ZnAGU", "LS_DISPATCH:LD_ST_DISPATCH"},
};
// Zen 2 lost the FP pipe assignment event (libpfm4's Zen 2 table has no
// FPU_PIPE_ASSIGNMENT): only load/store dispatch is counted.
static const PortEvent Zen2Ports[] = {
    {"Zn2AGU", "LS_DISPATCH:LD_ST_DISPATCH"},
};
// Zen 3, 4 and 5 only count load and store dispatch per pipe group.
static const PortEvent Zen3Ports[] = {
    {"Zn3Load", "LS_DISPATCH:LD_DISPATCH"},
    {"Zn3Store", "LS_DISPATCH:STORE_DISPATCH"},
};
static const PortEvent Zen4Ports[] = {
    {"Zn4Load", "LS_DISPATCH:LD_DISPATCH"},
    {"Zn4Store", "LS_DISPATCH:STORE_DISPATCH"},
};
static const PortEvent Zen5Ports[] = {
    {"Zn5Load", "LS_DISPATCH:LD_DISPATCH"},
    {"Zn5Store", "LS_DISPATCH:STORE_DISPATCH"},
};

static const CpuEventTable Haswell = {"CPU_CLK_UNHALTED:THREAD_P",
                                      "UOPS_ISSUED:ANY", HaswellPorts};
static const CpuEventTable Broadwell = {"CPU_CLK_UNHALTED:THREAD_P",
                                        "UOPS_ISSUED:ANY", BroadwellPorts};
static const CpuEventTable Skylake = {"CPU_CLK_UNHALTED:THREAD_P",
                                      "UOPS_ISSUED:ANY", SkylakePorts};
static const CpuEventTable SkylakeServer = {
    "CPU_CLK_UNHALTED:THREAD_P", "UOPS_ISSUED:ANY", SkylakeServerPorts};
static const CpuEventTable IceLake = {"CPU_CLK_UNHALTED:THREAD_P",
                                      "UOPS_ISSUED:ANY", IceLakePorts};
static const CpuEventTable AlderLake = {"CPU_CLK_UNHALTED:THREAD_P",
                                        "UOPS_ISSUED:ANY", AlderLakePorts};
static const CpuEventTable Zen1 = {"CYCLES_NOT_IN_HALT", "RETIRED_UOPS",
                                   Zen1Ports};
static const CpuEventTable Zen2 = {"CYCLES_NOT_IN_HALT", "RETIRED_UOPS",
                                   Zen2Ports};
static const CpuEventTable Zen3 = {"CYCLES_NOT_IN_HALT", "RETIRED_OPS",
                                   Zen3Ports};
static const CpuEventTable Zen4 = {"CYCLES_NOT_IN_HALT", "RETIRED_OPS",
                                   Zen4Ports};
static const CpuEventTable Zen5 = {"CYCLES_NOT_IN_HALT", "RETIRED_OPS",
                                   Zen5Ports};

static const CpuEventTableEntry KnownCpus[] = {
    {"haswell", &Haswell},
    {"broadwell", &Broadwell},
    {"skylake", &Skylake},
    {"kabylake", &Skylake},
    {"coffeelake", &Skylake},
    {"skylake-avx512", &SkylakeServer},
    {"cascadelake", &SkylakeServer},
    {"cooperlake", &SkylakeServer},
    {"icelake-client", &IceLake},
    {"icelake-server", &IceLake},
    {"tigerlake", &IceLake},
    {"rocketlake", &IceLake},
    {"alderlake", &AlderLake},
    {"raptorlake", &AlderLake},
    {"meteorlake", &AlderLake},
    {"sapphirerapids", &AlderLake},
    {"emeraldrapids", &AlderLake},
    {"graniterapids", &AlderLake},
    {"znver1", &Zen1},
    {"znver2", &Zen2},
    {"znver3", &Zen3},
    {"znver4", &Zen4},
    {"znver5", &Zen5},
};

const CpuEventTable *findCpuEventTable(StringRef CpuName) {
  for (const CpuEventTableEntry &Entry : KnownCpus)
    if (Entry.CpuName == CpuName)
      return Entry.Table;
  return nullptr;
}

ArrayRef<CpuEventTableEntry> getCpuEventTables() { return KnownCpus; }

} // namespace exegesis
} // namespace llvm
