//===-- ResultsFileWriterTest.cpp - Results written as they complete ------===//
//
// The writer puts whole documents only into the results file, also when the
// process is interrupted or killed between two, and never replaces a
// previous results file with one that holds fewer documents before the run
// has completed.
//
//===----------------------------------------------------------------------===//

#include "Results/ResultsFileWriter.h"
#include "Support/Interruption.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"
#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace llvm;
using namespace llvm::exegesis;

namespace {

/// A document of about \p Lines lines, numbered \p Number.
std::string makeDocument(unsigned Number, unsigned Lines = 3) {
  std::string Text = "---\nmode:            latency\n";
  for (unsigned L = 0; L < Lines; ++L)
    Text += "info:            'document " + std::to_string(Number) + " line " +
            std::to_string(L) + "'\n";
  return Text + "...\n";
}

class ResultsFileWriterTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(
        sys::fs::createUniqueDirectory("results-writer-test", Directory));
    Path = (Directory + "/results.yaml").str();
  }
  void TearDown() override { sys::fs::remove_directories(Directory); }

  static std::string readFile(StringRef Name) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Name);
    if (!Buffer)
      return "<missing>";
    return (*Buffer)->getBuffer().str();
  }
  void writeFile(StringRef Name, StringRef Text) {
    std::error_code EC;
    raw_fd_ostream OS(Name, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  }
  /// The files in the directory other than the results file.
  std::vector<std::string> otherFiles() {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator It(Directory, EC), End; It != End && !EC;
         It.increment(EC))
      if (It->path() != Path)
        Names.push_back(It->path());
    return Names;
  }
  std::unique_ptr<ResultsFileWriter> create(StringRef Target) {
    Expected<std::unique_ptr<ResultsFileWriter>> Writer =
        ResultsFileWriter::create(Target, {}, Diagnostics);
    EXPECT_TRUE(bool(Writer)) << toString(Writer.takeError());
    return Writer ? std::move(*Writer) : nullptr;
  }

  SmallString<128> Directory;
  std::string Path;
  std::string DiagnosticsText;
  raw_string_ostream Diagnostics{DiagnosticsText};
};

TEST_F(ResultsFileWriterTest, CountsDocumentsByTheirStartLines) {
  EXPECT_EQ(countYamlDocuments(""), 0u);
  EXPECT_EQ(countYamlDocuments(makeDocument(1) + makeDocument(2)), 2u);
  EXPECT_EQ(countYamlDocuments("# comment\n--- !tag\nx: 1\n...\n"), 1u);
  EXPECT_EQ(countYamlDocuments("x: '---'\n ---\n"), 0u);
}

TEST_F(ResultsFileWriterTest, CreatesANewFileWithTheFirstDocument) {
  std::unique_ptr<ResultsFileWriter> Writer = create(Path);
  ASSERT_TRUE(Writer);
  EXPECT_TRUE(Writer->writesRegularFile());
  EXPECT_FALSE(sys::fs::exists(Path));
  ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
  EXPECT_EQ(readFile(Path), makeDocument(1));
  ASSERT_FALSE(bool(Writer->write(makeDocument(2))));
  EXPECT_EQ(readFile(Path), makeDocument(1) + makeDocument(2));
  ASSERT_FALSE(bool(Writer->finish()));
  EXPECT_EQ(readFile(Path), makeDocument(1) + makeDocument(2));
  EXPECT_TRUE(otherFiles().empty());
  EXPECT_EQ(DiagnosticsText, "");
}

TEST_F(ResultsFileWriterTest, ACompletedRunWithoutResultsLeavesAnEmptyFile) {
  std::unique_ptr<ResultsFileWriter> Writer = create(Path);
  ASSERT_TRUE(Writer);
  ASSERT_FALSE(bool(Writer->finish()));
  EXPECT_EQ(readFile(Path), "");
}

TEST_F(ResultsFileWriterTest, KeepsAPreviousFileUntilAsManyDocuments) {
  std::string Previous = makeDocument(10) + makeDocument(11);
  writeFile(Path, Previous);
  std::unique_ptr<ResultsFileWriter> Writer = create(Path);
  ASSERT_TRUE(Writer);
  ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
  EXPECT_EQ(readFile(Path), Previous);
  std::vector<std::string> Others = otherFiles();
  ASSERT_EQ(Others.size(), 1u);
  EXPECT_EQ(readFile(Others[0]), makeDocument(1));
  // Its name was given before it held anything.
  EXPECT_NE(DiagnosticsText.find(Others[0]), std::string::npos)
      << DiagnosticsText;

  ASSERT_FALSE(bool(Writer->write(makeDocument(2))));
  EXPECT_EQ(readFile(Path), makeDocument(1) + makeDocument(2));
  EXPECT_TRUE(otherFiles().empty());
  ASSERT_FALSE(bool(Writer->write(makeDocument(3))));
  ASSERT_FALSE(bool(Writer->finish()));
  EXPECT_EQ(readFile(Path),
            makeDocument(1) + makeDocument(2) + makeDocument(3));
}

TEST_F(ResultsFileWriterTest, AnInterruptionKeepsTheFileThatHoldsMore) {
  std::string Previous = makeDocument(10) + makeDocument(11);
  writeFile(Path, Previous);
  std::unique_ptr<ResultsFileWriter> Writer = create(Path);
  ASSERT_TRUE(Writer);
  ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
  Expected<std::string> Where = Writer->finishInterrupted();
  ASSERT_TRUE(bool(Where)) << toString(Where.takeError());
  EXPECT_NE(*Where, Path);
  EXPECT_EQ(readFile(*Where), makeDocument(1));
  EXPECT_EQ(readFile(Path), Previous);
  EXPECT_EQ(Writer->getNumDocuments(), 1u);
}

TEST_F(ResultsFileWriterTest, ACompletedRunReplacesAFileThatHeldMore) {
  writeFile(Path, makeDocument(10) + makeDocument(11));
  std::unique_ptr<ResultsFileWriter> Writer = create(Path);
  ASSERT_TRUE(Writer);
  ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
  ASSERT_FALSE(bool(Writer->finish()));
  EXPECT_EQ(readFile(Path), makeDocument(1));
  EXPECT_TRUE(otherFiles().empty());
}

TEST_F(ResultsFileWriterTest, AFailedRunLeavesThePreviousFileAsItWas) {
  std::string Previous = makeDocument(10) + makeDocument(11);
  writeFile(Path, Previous);
  {
    std::unique_ptr<ResultsFileWriter> Writer = create(Path);
    ASSERT_TRUE(Writer);
    ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
    Writer->abandon();
  }
  EXPECT_EQ(readFile(Path), Previous);
  EXPECT_TRUE(otherFiles().empty());
}

TEST_F(ResultsFileWriterTest, WritesADeviceInPlace) {
  std::unique_ptr<ResultsFileWriter> Writer = create("/dev/null");
  ASSERT_TRUE(Writer);
  EXPECT_FALSE(Writer->writesRegularFile());
  ASSERT_FALSE(bool(Writer->write(makeDocument(1))));
  ASSERT_FALSE(bool(Writer->finish()));
  sys::fs::file_status Status;
  ASSERT_FALSE(sys::fs::status("/dev/null", Status));
  EXPECT_EQ(Status.type(), sys::fs::file_type::character_file);
}

TEST_F(ResultsFileWriterTest, RefusesADirectory) {
  Expected<std::unique_ptr<ResultsFileWriter>> Writer =
      ResultsFileWriter::create(Directory, {}, Diagnostics);
  ASSERT_FALSE(bool(Writer));
  EXPECT_EQ(toString(Writer.takeError()),
            "cannot write '" + Directory.str().str() + "': is a directory");
}

TEST_F(ResultsFileWriterTest, AFailedWriteLeavesNoPartOfTheDocument) {
  std::unique_ptr<ResultsFileWriter> Writer = create("/dev/full");
  ASSERT_TRUE(Writer);
  Error E = Writer->write(makeDocument(1));
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "cannot write '/dev/full': No space left on device");
  EXPECT_EQ(Writer->getNumDocuments(), 0u);
}

/// Larger than a page, so that a writer that wrote a document in pieces
/// would be caught.
constexpr unsigned DocumentLines = 150;

/// Forks a child that writes large documents to \p Path for as long as it is
/// not interrupted (then ends as the tool does); returns its pid once \p Path
/// holds \p Documents of them.
pid_t startWritingChild(const std::string &Path, unsigned Documents) {
  pid_t Pid = fork();
  if (Pid == 0) {
    installInterruptionHandler();
    std::string Ignored;
    raw_string_ostream Diagnostics(Ignored);
    Expected<std::unique_ptr<ResultsFileWriter>> Writer =
        ResultsFileWriter::create(Path, {std::chrono::milliseconds(250)},
                                  Diagnostics);
    if (!Writer)
      _exit(2);
    // Paced like a fast sweep, so that a slow parent does not see a huge
    // file; bounded, should the parent never stop it.
    for (unsigned N = 0; !isInterrupted(); ++N) {
      if (N == 20000)
        _exit(5);
      if (Error E = (*Writer)->write(makeDocument(N, DocumentLines))) {
        consumeError(std::move(E));
        _exit(3);
      }
      usleep(1000);
    }
    Expected<std::string> Where = (*Writer)->finishInterrupted();
    _exit(Where && *Where == Path ? 0 : 4);
  }
  auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < Deadline) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
    if (Buffer && countYamlDocuments((*Buffer)->getBuffer()) >= Documents)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return Pid;
}

/// Every document of \p Text is whole and numbered in order from 0.
void expectWholeDocuments(StringRef Text) {
  unsigned N = 0;
  while (!Text.empty()) {
    std::string Expected = makeDocument(N, DocumentLines);
    ASSERT_TRUE(Text.starts_with(Expected))
        << "document " << N << " is not whole: " << Text.take_front(200).str();
    Text = Text.drop_front(Expected.size());
    ++N;
  }
  EXPECT_GE(N, 3u);
}

TEST_F(ResultsFileWriterTest, AnInterruptedWriterLeavesWholeDocuments) {
  pid_t Pid = startWritingChild(Path, 3);
  ASSERT_GT(Pid, 0);
  kill(Pid, SIGINT);
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  ASSERT_TRUE(WIFEXITED(Status));
  EXPECT_EQ(WEXITSTATUS(Status), 0);
  expectWholeDocuments(readFile(Path));
}

TEST_F(ResultsFileWriterTest, AKilledWriterLeavesWholeDocuments) {
  // One write per document: SIGKILL cannot cut one in two.
  pid_t Pid = startWritingChild(Path, 3);
  ASSERT_GT(Pid, 0);
  kill(Pid, SIGKILL);
  int Status = 0;
  ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
  EXPECT_TRUE(WIFSIGNALED(Status));
  expectWholeDocuments(readFile(Path));
}

} // namespace
