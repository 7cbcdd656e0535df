//===-- TimeBasedTraceTest.cpp - Reading -time-samples-file files -*- C++ -*-//
//
// A trace file reads the same plain and compressed with zstd (how the
// corpus is kept), and a compressed file that cannot be read is refused
// with one line naming it.
//
//===----------------------------------------------------------------------===//

#include "TimeBased/TimeBasedTrace.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// A file in the temporary directory, removed with the object.
class TempFile {
public:
  explicit TempFile(StringRef Bytes) {
    int FD = -1;
    cantFail(errorCodeToError(
        sys::fs::createTemporaryFile("trace", "jsonl", FD, Path)));
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Bytes;
  }
  ~TempFile() { sys::fs::remove(Path); }
  std::string path() const { return std::string(Path); }

private:
  SmallString<128> Path;
};

/// A header and two measurements, with the members a reader keeps.
std::string plainTrace() {
  TimeBasedTrace Trace;
  Trace.BatchFunctions = {2};
  Trace.ProbeChainLength = 1000;
  Trace.ProbeGroups = 250;
  Trace.Probe.push_back({0, 1, {{100, 101}, {200, 199}, {10, 11}}});
  TraceRun Run;
  Run.Plan = {1000, 4, 5};
  Run.RoundsAsked = 8;
  Run.EndSeconds = 0.25;
  Run.Calls.push_back({0, 1, {{50, 51, 52}, {90, 91, 92}}});
  Trace.Runs.push_back(Run);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << json::Value(
            json::Object{{"format", TimeSamplesFormatName},
                         {"version", int64_t(TimeSamplesFormatVersion)},
                         {"host", json::Object{{"llvm_cpu", "znver5"}}}})
     << "\n";
  for (StringRef Mode : {"latency", "inverse_throughput"})
    OS << json::Value(
              json::Object{{"benchmark", "ADD64rr"},
                           {"mode", Mode},
                           {"variant", "loop"},
                           {"instructions", 600},
                           {"truth", json::Object{{"per_instruction", 0.25},
                                                  {"tolerance", 0.02},
                                                  {"verdict", "any"}}},
                           {"trace", traceToJSON(Trace)}})
       << "\n";
  return Text;
}

std::string zstdCompressed(StringRef Text) {
  SmallVector<uint8_t, 0> Compressed;
  compression::zstd::compress(arrayRefFromStringRef(Text), Compressed);
  return std::string(toStringRef(Compressed));
}

/// One zstd frame of \p Text in a single raw block (RFC 8878), with its
/// size in the header or, as a compressor reading a pipe writes it,
/// without.
std::string rawZstdFrame(StringRef Text, bool RecordsSize) {
  EXPECT_LT(Text.size(), 256u);
  std::string Frame(ZstdMagic);
  if (RecordsSize) {
    Frame += '\x20'; // a single segment whose size takes one byte
    Frame += char(Text.size());
  } else {
    Frame += '\0'; // no size; the window descriptor: 1 KiB
    Frame += '\0';
  }
  uint32_t Block = 1 | uint32_t(Text.size()) << 3; // last, raw
  Frame += char(Block & 0xff);
  Frame += char(Block >> 8 & 0xff);
  Frame += char(Block >> 16);
  return Frame + Text.str();
}

/// What reading a file of \p Bytes says, with the file's name replaced by
/// FILE.
std::string readError(StringRef Bytes) {
  TempFile File(Bytes);
  Expected<TimeSamplesFile> Read = readTimeSamplesFile(File.path());
  if (Read)
    return "read";
  std::string Message = toString(Read.takeError());
  size_t At = Message.find(File.path());
  if (At != std::string::npos)
    Message.replace(At, File.path().size(), "FILE");
  return Message;
}

TEST(TimeBasedTraceTest, ACompressedTraceReadsBackAsThePlainOne) {
  ASSERT_TRUE(compression::zstd::isAvailable())
      << "the trace corpus is compressed with zstd";
  std::string Text = plainTrace();
  std::string Compressed = zstdCompressed(Text);
  ASSERT_TRUE(StringRef(Compressed).starts_with(ZstdMagic));
  ASSERT_LT(Compressed.size(), Text.size());
  TempFile Plain(Text), Zstd(Compressed);
  Expected<TimeSamplesFile> FromPlain = readTimeSamplesFile(Plain.path());
  ASSERT_TRUE(static_cast<bool>(FromPlain)) << toString(FromPlain.takeError());
  Expected<TimeSamplesFile> FromZstd = readTimeSamplesFile(Zstd.path());
  ASSERT_TRUE(static_cast<bool>(FromZstd)) << toString(FromZstd.takeError());
  EXPECT_TRUE(FromZstd->Host == FromPlain->Host);
  ASSERT_EQ(FromPlain->Measurements.size(), 2u);
  ASSERT_EQ(FromZstd->Measurements.size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    const RecordedMeasurement &P = FromPlain->Measurements[I];
    const RecordedMeasurement &Z = FromZstd->Measurements[I];
    EXPECT_TRUE(traceToJSON(Z.Trace) == traceToJSON(P.Trace));
    EXPECT_EQ(Z.Mode, P.Mode);
    EXPECT_EQ(Z.Benchmark, P.Benchmark);
    EXPECT_EQ(Z.Instructions, P.Instructions);
    EXPECT_EQ(Z.TruePerInstruction, P.TruePerInstruction);
    EXPECT_EQ(Z.ExpectedVerdict, P.ExpectedVerdict);
  }
  EXPECT_EQ(FromZstd->Measurements[1].Mode, "inverse_throughput");
}

TEST(TimeBasedTraceTest, AFrameIsReadByItsHeaderWhateverItsCompressor) {
  // The header's size in one byte, as `zstd FILE` writes it for a small
  // file; the magic bytes, not the name, say the file is compressed.
  std::string Header = "{\"format\":\"exegesis-time-samples\",\"version\":1}\n";
  TempFile File(rawZstdFrame(Header, /*RecordsSize=*/true));
  Expected<TimeSamplesFile> Read = readTimeSamplesFile(File.path());
  ASSERT_TRUE(static_cast<bool>(Read)) << toString(Read.takeError());
  EXPECT_TRUE(Read->Measurements.empty());
}

TEST(TimeBasedTraceTest, ACompressedFileThatCannotBeReadIsRefused) {
  std::string Header = "{\"format\":\"exegesis-time-samples\",\"version\":1}\n";
  // From a pipe, a compressor does not know the size.
  EXPECT_EQ(readError(rawZstdFrame(Header, /*RecordsSize=*/false)),
            "cannot read 'FILE': a zstd frame that does not record its size "
            "(compress the file itself, not a pipe)");
  // Cut short.
  std::string Compressed = zstdCompressed(plainTrace());
  EXPECT_TRUE(StringRef(readError(StringRef(Compressed).drop_back(8)))
                  .starts_with("cannot read 'FILE': zstd: "));
  // A size no trace has: refused before anything is allocated.
  std::string Huge(ZstdMagic);
  Huge += '\xc0'; // eight bytes of size, a window descriptor
  Huge += '\0';
  Huge += std::string(8, '\x7f');
  EXPECT_EQ(readError(Huge),
            "cannot read 'FILE': a zstd frame of 9187201950435737471 bytes, "
            "more than a trace file's 1073741824");
}

} // namespace
