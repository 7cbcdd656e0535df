//===-- ReportTextTest.cpp - CSV fields and HTML escaping -----------------===//

#include "Analysis/ReportText.h"
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

} // namespace
