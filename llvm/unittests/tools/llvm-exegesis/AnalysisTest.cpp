//===-- AnalysisTest.cpp - Clusters CSV and inconsistencies report --------===//

#include "lib/Analysis.h"
#include "lib/LLVMState.h"
#include "llvm/MC/MCInstBuilder.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

std::string csvField(StringRef Field) {
  std::string Result;
  raw_string_ostream OS(Result);
  writeCsvField(OS, Field);
  return Result;
}

TEST(AnalysisCsvTest, QuotesOnlyFieldsThatWouldSplitTheRow) {
  EXPECT_EQ(csvField("retq"), "retq");
  EXPECT_EQ(csvField("pushq\t%r12; retq"), "pushq\t%r12; retq");
  EXPECT_EQ(csvField("q\"q"), "q\"q");
  EXPECT_EQ(csvField("movq $0, %rax"), "\"movq $0, %rax\"");
  EXPECT_EQ(csvField("x,y \"z\""), "\"x,y \"\"z\"\"\"");
  EXPECT_EQ(csvField("two\nlines"), "\"two\nlines\"");
}

TEST(AnalysisHtmlTest, EscapesSpecialCharacters) {
  std::string Result;
  raw_string_ostream OS(Result);
  writeHtmlEscaped(OS, "<a href=\"x\">&'</a>");
  EXPECT_EQ(Result, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
}

class AnalysisTest : public testing::Test {
protected:
  void SetUp() override {
    State = cantFail(LLVMState::create("x86_64-unknown-linux", "znver4"));
  }

  Benchmark point(StringRef Opcode, double Latency, std::string Config = "",
                  std::vector<uint8_t> Code = {0xC3}) {
    Benchmark B;
    MCRegister Rcx = *State->getRegisterByName("RCX");
    MCRegister Rax = *State->getRegisterByName("RAX");
    B.Key.Instructions.push_back(MCInstBuilder(*State->getOpcodeByName(Opcode))
                                     .addReg(Rcx)
                                     .addReg(Rcx)
                                     .addReg(Rax));
    B.Key.Config = Config;
    B.Mode = BenchmarkMode::Latency;
    B.Measurements.push_back({"latency", Latency, Latency, {}});
    B.AssembledSnippet = Code;
    return B;
  }

  struct Outputs {
    std::string Csv, Html;
  };
  Outputs analyse(ArrayRef<Benchmark> Points, unsigned MinPoints) {
    ClusteringOptions Options;
    Options.MinPoints = MinPoints;
    auto Clustering = cantFail(BenchmarkClustering::create(Points, Options));
    Analysis A(*State, Points, resolveSchedClasses(*State, Points), Clustering,
               AnalysisReportOptions());
    Outputs Result;
    raw_string_ostream CsvOS(Result.Csv), HtmlOS(Result.Html);
    A.printClustersCsv(CsvOS);
    A.printInconsistenciesHtml(HtmlOS);
    return Result;
  }

  std::unique_ptr<LLVMState> State;
};

TEST_F(AnalysisTest, CsvListsClustersWithDisassemblyAndSchedClass) {
  // 0x48 0x01 0xC1 is `addq %rax, %rcx`.
  std::vector<Benchmark> Points = {
      point("ADD64rr", 1.0, "", {0x48, 0x01, 0xC1, 0xC3}),
      point("IMUL64rr", 3.004), point("ADD64rr", 1.02, "a,b"),
      point("IMUL64rr", 3.0, "", {})};
  EXPECT_EQ(analyse(Points, 2).Csv,
            "cluster_id,opcode_name,config,sched_class,latency\n"
            "0,\"addq\t%rax, %rcx; retq\",,WriteALU,1.00\n"
            "0,retq,\"a,b\",WriteALU,1.02\n"
            "\n\n"
            "1,retq,,WriteIMul64Reg,3.00\n"
            "1,IMUL64rr,,WriteIMul64Reg,3.00\n"
            "\n\n");
}

TEST_F(AnalysisTest, ReportListsSchedClassesThatDisagreeWithTheModel) {
  // ADD64rr agrees with the model (1 cycle); IMUL64rr measures 5, not 3.
  std::vector<Benchmark> Points = {point("ADD64rr", 1.0), point("ADD64rr", 1.0),
                                   point("IMUL64rr", 5.0),
                                   point("IMUL64rr", 5.0)};
  std::string Html = analyse(Points, 2).Html;
  EXPECT_NE(Html.find("WriteIMul64Reg"), std::string::npos);
  EXPECT_EQ(Html.find("<span class=\"sched-class-name\">WriteALU"),
            std::string::npos);
  EXPECT_NE(Html.find("Sched classes inconsistent with the model (1)"),
            std::string::npos);
  // The chart lists the worst instruction first.
  size_t Chart = Html.find("<svg class=\"chart\"");
  ASSERT_NE(Chart, std::string::npos);
  EXPECT_LT(Html.find("IMUL64rr", Chart), Html.find("ADD64rr", Chart));
  // Self-contained: nothing is fetched.
  for (const char *External :
       {"<script", "<link", "src=", "href=", "url(", "@import"})
    EXPECT_EQ(Html.find(External), std::string::npos) << External;
}

TEST_F(AnalysisTest, ReportSaysSoWhenEverythingAgrees) {
  std::vector<Benchmark> Points = {point("ADD64rr", 1.0),
                                   point("ADD64rr", 1.02)};
  std::string Html = analyse(Points, 2).Html;
  EXPECT_NE(Html.find("Every cluster agrees with the scheduling model."),
            std::string::npos);
}

} // namespace
