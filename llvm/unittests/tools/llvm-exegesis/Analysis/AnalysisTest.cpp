//===-- AnalysisTest.cpp - Clusters CSV and inconsistencies report --------===//

#include "Analysis/Analysis.h"
#include "Core/LLVMState.h"
#include "llvm/MC/MCInstBuilder.h"
#include "gtest/gtest.h"

using namespace llvm;
using namespace llvm::exegesis;

namespace {

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
  Outputs analyse(ArrayRef<Benchmark> Points, unsigned MinPoints,
                  ClusteringMode Mode = ClusteringMode::Dbscan,
                  bool DisplayUnstable = false) {
    ClusteringOptions Options;
    Options.MinPoints = MinPoints;
    Options.Mode = Mode;
    std::vector<ResolvedSchedClass> Classes =
        resolveSchedClasses(*State, Points);
    std::vector<unsigned> ClassIds;
    for (const ResolvedSchedClass &SC : Classes)
      ClassIds.push_back(SC.getSchedClassId());
    auto Clustering =
        cantFail(BenchmarkClustering::create(Points, Options, ClassIds));
    AnalysisReportOptions Report;
    Report.DisplayUnstableClusters = DisplayUnstable;
    Analysis A(*State, Points, std::move(Classes), Clustering, Report);
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
  // The chart lists the worst class and cluster first.
  size_t Chart = Html.find("<svg class=\"chart\"");
  ASSERT_NE(Chart, std::string::npos);
  EXPECT_LT(Html.find("WriteIMul64Reg, cluster 1", Chart),
            Html.find("WriteALU, cluster 0", Chart));
  // Self-contained: nothing is fetched.
  for (const char *External :
       {"<script", "<link", "src=", "href=", "url(", "@import"})
    EXPECT_EQ(Html.find(External), std::string::npos) << External;
}

/// How often \p Needle occurs in \p Text.
size_t count(StringRef Text, StringRef Needle) { return Text.count(Needle); }

// The report names each benchmark's instruction once, where it lists the
// benchmark (once per benchmark), and nowhere else: the chart names classes
// and clusters.
TEST_F(AnalysisTest, ReportNamesEachBenchmarkOnceInItsCluster) {
  std::vector<Benchmark> Points = {
      point("IMUL64rr", 5.0), point("IMUL64rr", 5.0), point("IMUL64rr", 5.02)};
  std::string Html = analyse(Points, 2).Html;
  EXPECT_EQ(count(Html, ">IMUL64rr</span>"), 3u);
  EXPECT_EQ(count(Html, "IMUL64rr"), 3u);
}

// An opcode measured apart (here ADD64rr at 1 and at 4 cycles, DBSCAN
// putting the two in different clusters) is in an unstable cluster: the
// report leaves it out, and with DisplayUnstableClusters shows it and
// nothing else. Both times the class (WriteALU) stays the same.
TEST_F(AnalysisTest, ReportShowsStableOrOnlyUnstableClusters) {
  std::vector<Benchmark> Points = {
      point("ADD64rr", 1.0),  point("ADD64rr", 4.0), point("IMUL64rr", 5.0),
      point("SUB64rr", 2.0),  point("ADD64rr", 1.0), point("SUB64rr", 2.01),
      point("IMUL64rr", 5.0), point("ADD64rr", 4.01)};
  std::string Stable = analyse(Points, 1).Html;
  EXPECT_EQ(count(Stable, "ADD64rr"), 0u);
  EXPECT_EQ(count(Stable, ">IMUL64rr<"), 2u);
  EXPECT_EQ(count(Stable, ">SUB64rr<"), 2u);
  EXPECT_NE(Stable.find("4 benchmark(s) in 1 unstable cluster(s) left out"),
            std::string::npos);
  std::string Unstable =
      analyse(Points, 1, ClusteringMode::Dbscan, /*DisplayUnstable=*/true).Html;
  EXPECT_EQ(count(Unstable, ">ADD64rr<"), 4u);
  EXPECT_EQ(count(Unstable, "IMUL64rr"), 0u);
  EXPECT_EQ(count(Unstable, "SUB64rr"), 0u);
  EXPECT_NE(Unstable.find("Unstable clusters only (1)"), std::string::npos);
  EXPECT_NE(Unstable.find("WriteALU, cluster 4 (unstable)"), std::string::npos);
}

// Naive clusters are unstable when a point lies further than epsilon/2 from
// their centroid; the report treats them as DBSCAN's.
TEST_F(AnalysisTest, NaiveUnstableClustersAreShownOnlyOnRequest) {
  std::vector<Benchmark> Points = {point("ADD64rr", 3.0), point("ADD64rr", 3.3),
                                   point("IMUL64rr", 5.0),
                                   point("IMUL64rr", 5.04)};
  std::string Stable = analyse(Points, 1, ClusteringMode::Naive).Html;
  EXPECT_EQ(count(Stable, "ADD64rr"), 0u);
  EXPECT_EQ(count(Stable, ">IMUL64rr<"), 2u);
  std::string Unstable =
      analyse(Points, 1, ClusteringMode::Naive, /*DisplayUnstable=*/true).Html;
  EXPECT_EQ(count(Unstable, ">ADD64rr<"), 2u);
  EXPECT_EQ(count(Unstable, "IMUL64rr"), 0u);
}

// A class whose clusters each agree with the model is not reported, however
// many clusters there are; when one disagrees, all of them are listed.
TEST_F(AnalysisTest, ClassesAreReportedForADisagreeingCluster) {
  // 0.95 and 1.06 are further apart than the clustering epsilon (0.1), each
  // within the inconsistency epsilon (0.1) of the model's 1.
  std::vector<Benchmark> Agreeing = {point("ADD64rr", 0.95, "a"),
                                     point("ADD64rr", 1.06, "b")};
  EXPECT_NE(analyse(Agreeing, 1).Csv.find("\n1,"), std::string::npos);
  std::string Html = analyse(Agreeing, 1).Html;
  EXPECT_NE(Html.find("Sched classes inconsistent with the model (0)"),
            std::string::npos);
  std::vector<Benchmark> OneApart = {point("ADD64rr", 1.0, "a"),
                                     point("ADD64rr", 3.0, "b")};
  Html = analyse(OneApart, 1).Html;
  EXPECT_NE(Html.find("Sched classes inconsistent with the model (1)"),
            std::string::npos);
  EXPECT_NE(Html.find("<tr class=\"good-cluster\"><td>0</td>"),
            std::string::npos);
  EXPECT_NE(Html.find("<tr class=\"bad-cluster\"><td>1</td>"),
            std::string::npos);
}

// DBSCAN's noise is listed apart, under upstream's heading with the number
// of points, each with its own class's model, whether or not it agrees.
TEST_F(AnalysisTest, NoiseIsListedApartWithItsCount) {
  std::vector<Benchmark> Points = {
      point("ADD64rr", 1.0), point("ADD64rr", 1.0), point("ADD64rr", 1.0),
      point("IMUL64rr", 3.0), point("SUB64rr", 7.0)};
  std::string Html = analyse(Points, 3).Html;
  EXPECT_NE(Html.find("Sched classes inconsistent with the model (0)"),
            std::string::npos);
  size_t Noise = Html.find("<p>[noise] Cluster (2 points)</p>");
  ASSERT_NE(Noise, std::string::npos);
  EXPECT_NE(Html.find("<tr class=\"good-cluster\"><td>[noise]</td>", Noise),
            std::string::npos);
  EXPECT_NE(Html.find("<tr class=\"bad-cluster\"><td>[noise]</td>", Noise),
            std::string::npos);
  EXPECT_EQ(count(Html, ">IMUL64rr<"), 1u);
  EXPECT_EQ(count(Html, ">SUB64rr<"), 1u);
  EXPECT_EQ(count(Html, ">ADD64rr<"), 0u);
  // Naive clustering has no noise.
  EXPECT_EQ(analyse(Points, 3, ClusteringMode::Naive).Html.find("[noise]"),
            std::string::npos);
}

TEST_F(AnalysisTest, ReportSaysSoWhenEverythingAgrees) {
  std::vector<Benchmark> Points = {point("ADD64rr", 1.0),
                                   point("ADD64rr", 1.02)};
  std::string Html = analyse(Points, 2).Html;
  EXPECT_NE(Html.find("Every cluster agrees with the scheduling model."),
            std::string::npos);
}

} // namespace
