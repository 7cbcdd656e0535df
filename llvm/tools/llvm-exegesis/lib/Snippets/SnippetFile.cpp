//===-- SnippetFile.cpp -----------------------------------------*- C++ -*-===//

#include "Snippets/SnippetFile.h"
#include "Core/LLVMState.h"
#include "Core/RegisterWidth.h"
#include "Core/Target.h"
#include "Snippets/AssemblerDiagnostic.h"
#include "Snippets/SnippetAnnotation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCObjectFileInfo.h"
#include "llvm/MC/MCParser/AsmLexer.h"
#include "llvm/MC/MCParser/MCAsmParser.h"
#include "llvm/MC/MCParser/MCTargetAsmParser.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/MC/MCSymbol.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include <algorithm>

namespace llvm {
namespace exegesis {

namespace {

/// How many problems of one file are reported.
constexpr size_t MaxProblemsShown = 20;

/// One problem of a snippet file, at a line (0: the file as a whole).
struct Problem {
  std::string File;
  unsigned Line = 0;
  std::string Message;
  /// The message is upstream's words for an annotation: the place follows
  /// it, in parentheses, so that the line starts as upstream's does.
  bool PlaceAfter = false;
};

/// Collects the problems of one file in the order they are found; the
/// assembler's diagnostics arrive here instead of being printed, and are
/// reported whole (AssemblerDiagnostic.h), ahead of the others.
class ProblemList {
public:
  explicit ProblemList(const SourceMgr &SrcMgr) : SrcMgr(SrcMgr) {}

  void add(SMLoc Loc, const Twine &Message, bool PlaceAfter = false) {
    Problem P;
    P.Message = Message.str();
    P.PlaceAfter = PlaceAfter;
    if (unsigned BufferID =
            Loc.isValid() ? SrcMgr.FindBufferContainingLoc(Loc) : 0) {
      P.File = SrcMgr.getMemoryBuffer(BufferID)->getBufferIdentifier().str();
      P.Line = SrcMgr.FindLineNumber(Loc, BufferID);
    } else {
      P.File = getMainFileName();
    }
    Problems.push_back(std::move(P));
  }

  std::string getMainFileName() const {
    return SrcMgr.getMemoryBuffer(SrcMgr.getMainFileID())
        ->getBufferIdentifier()
        .str();
  }

  void addDiagnostic(const SMDiagnostic &Diag) {
    // Warnings do not stop the snippet from being what it says.
    if (Diag.getKind() != SourceMgr::DK_Error)
      return;
    AssemblerErrors.push_back(Diag);
  }

  static void handleDiagnostic(const SMDiagnostic &Diag, void *Context) {
    static_cast<ProblemList *>(Context)->addDiagnostic(Diag);
  }

  bool empty() const { return Problems.empty() && AssemblerErrors.empty(); }

  /// The problems as one error. Without assembler errors: one line each, in
  /// line order. With them: each assembler error as the parser prints it,
  /// in line order, then upstream's "cannot parse asm file", then the other
  /// problems one line each.
  Error takeError() {
    std::string Text = formatProblems();
    Problems.clear();
    if (AssemblerErrors.empty())
      return createStringError(inconvertibleErrorCode(), Text);
    std::stable_sort(AssemblerErrors.begin(), AssemblerErrors.end(),
                     [](const SMDiagnostic &A, const SMDiagnostic &B) {
                       return A.getLineNo() < B.getLineNo();
                     });
    Error Result = Error::success();
    const size_t Shown = std::min(AssemblerErrors.size(), MaxProblemsShown);
    for (const SMDiagnostic &Diag : ArrayRef(AssemblerErrors).take_front(Shown))
      Result =
          joinErrors(std::move(Result), make_error<AssemblerDiagnostic>(Diag));
    std::string Summary = "cannot parse asm file";
    if (Shown < AssemblerErrors.size())
      Summary += " (" + std::to_string(AssemblerErrors.size() - Shown) +
                 " more assembler errors not shown)";
    if (!Text.empty())
      Summary += "\n" + Text;
    AssemblerErrors.clear();
    return joinErrors(std::move(Result),
                      createStringError(inconvertibleErrorCode(), Summary));
  }

private:
  /// The problems other than assembler errors, one line each, in line order.
  std::string formatProblems() {
    std::stable_sort(
        Problems.begin(), Problems.end(),
        [](const Problem &A, const Problem &B) { return A.Line < B.Line; });
    std::string Text;
    // A file that is not assembly at all would fill the screen.
    const size_t Shown = std::min(Problems.size(), MaxProblemsShown);
    for (const Problem &P : ArrayRef(Problems).take_front(Shown)) {
      if (!Text.empty())
        Text += '\n';
      std::string Place = P.File;
      if (P.Line)
        Place += ":" + std::to_string(P.Line);
      Text += P.PlaceAfter ? P.Message + " (" + Place + ")"
                           : Place + ": " + P.Message;
    }
    if (Shown < Problems.size())
      Text += "\n" + Problems[Shown].File + ": " +
              std::to_string(Problems.size() - Shown) + " more problems";
    return Text;
  }

  const SourceMgr &SrcMgr;
  std::vector<Problem> Problems;
  /// What LLVM's asm parser and MC layer reported, kept whole.
  std::vector<SMDiagnostic> AssemblerErrors;
};

/// Every comment the lexer sees, once each. The asm parser also hands line
/// comments to MCStreamer::addExplicitComment, but only when the MCAsmInfo
/// preserves comments and without their location; the lexer's comment
/// consumer sees line and block comments alike, with the location that gives
/// each annotation its line. The lexer peeks ahead on some lines and then
/// lexes the same text again, so a comment can be handed over twice; its
/// position tells the copies apart.
class CommentCollector : public AsmCommentConsumer {
public:
  struct Comment {
    SMLoc Loc;
    StringRef Text;
  };

  explicit CommentCollector(const SourceMgr &SrcMgr) : SrcMgr(SrcMgr) {}

  void HandleComment(SMLoc Loc, StringRef Text) override {
    if (Seen.insert(Loc.getPointer()).second)
      Comments.push_back({Loc, clampToBuffer(Loc, Text)});
  }

  /// Puts the comments in source order; call once lexing is done.
  void finish() {
    llvm::sort(Comments, [](const Comment &A, const Comment &B) {
      return A.Loc.getPointer() < B.Loc.getPointer();
    });
  }

  ArrayRef<Comment> getComments() const { return Comments; }

  /// Start of the first comment in [Begin, End), or End.
  const char *firstCommentIn(const char *Begin, const char *End) const {
    auto It = partition_point(Comments, [Begin](const Comment &C) {
      return C.Loc.getPointer() < Begin;
    });
    if (It == Comments.end() || It->Loc.getPointer() >= End)
      return End;
    return It->Loc.getPointer();
  }

private:
  /// LLVM's lexer measures a line comment as ending one character before
  /// the one after its newline. A comment that ends the file without a
  /// newline thus loses its last character ("RAX 12" reads as "RAX 1"), and
  /// a lone `#` there gets a length of -1, reaching past the buffer. Such a
  /// comment runs to the end of the buffer; no other comment reaches its
  /// last character but one ended by the file's last newline (a block
  /// comment ends before its `*/`).
  StringRef clampToBuffer(SMLoc Loc, StringRef Text) const {
    unsigned Id = SrcMgr.FindBufferContainingLoc(Loc);
    if (!Id)
      return Text;
    const char *End = SrcMgr.getMemoryBuffer(Id)->getBufferEnd();
    size_t Available = End - Text.data();
    bool ReachesLastCharacter = Available == 0 || Text.size() >= Available - 1;
    if (!ReachesLastCharacter)
      return Text;
    bool EndsAtFinalNewline =
        Text.size() < Available &&
        (Text.data()[Text.size()] == '\n' || Text.data()[Text.size()] == '\r');
    if (EndsAtFinalNewline)
      return Text;
    return StringRef(Text.data(), Available);
  }

  const SourceMgr &SrcMgr;
  DenseSet<const char *> Seen;
  std::vector<Comment> Comments;
};

/// The receiving end of the asm parser: keeps the instructions and refuses
/// anything else that would end up in the code (labels, data, alignment,
/// symbols, other sections).
class SnippetStreamer : public MCStreamer {
public:
  struct ParsedInstruction {
    MCInst Inst;
    SMLoc Loc;
  };

  SnippetStreamer(MCContext &Ctx, const LLVMState &State,
                  const SourceMgr &SrcMgr, ProblemList &Problems)
      : MCStreamer(Ctx), SrcMgr(SrcMgr), Problems(Problems),
        FeaturesSelectMode(
            State.getExegesisTarget().featureChangesSwitchProcessorMode()),
        StateFeatures(State.getSubtargetInfo().getFeatureBits()) {
    // Target directives (.code32, .arch...) talk to a target streamer; the
    // streamer owns it.
    State.getTarget().createNullTargetStreamer(*this);
  }

  /// Where to place problems reported without a location: the parser's
  /// current token, on the line of the directive being handled.
  void setParser(MCAsmParser &P) { Parser = &P; }

  std::vector<ParsedInstruction> takeInstructions() {
    return std::move(Instructions);
  }

  void emitInstruction(const MCInst &Inst,
                       const MCSubtargetInfo &STI) override {
    // Such instructions would be decoded differently in the mode the
    // snippet runs in.
    if (FeaturesSelectMode && STI.getFeatureBits() != StateFeatures) {
      refuse(Inst.getLoc(), "instruction in another processor mode "
                            "(.code16/.code32)");
      return;
    }
    Instructions.push_back({Inst, Inst.getLoc()});
  }

  void emitLabel(MCSymbol *Symbol, SMLoc Loc) override {
    // The parser's own unnamed labels (for '.') are reported with the
    // instruction that uses them.
    if (Symbol->isTemporary() && Symbol->getName().empty())
      return;
    refuse(Loc, Symbol->isTemporary() ? Twine("label")
                                      : "label '" + Symbol->getName() + "'");
  }
  void emitAssignment(MCSymbol *Symbol, const MCExpr *) override {
    refuse({}, "symbol assignment '" + Symbol->getName() + "'");
  }
  bool emitSymbolAttribute(MCSymbol *Symbol, MCSymbolAttr) override {
    refuse({}, "symbol directive on '" + Symbol->getName() + "'");
    return true;
  }
  void emitCommonSymbol(MCSymbol *Symbol, uint64_t, Align) override {
    refuse({}, "common symbol '" + Symbol->getName() + "'");
  }
  void emitLocalCommonSymbol(MCSymbol *Symbol, uint64_t, Align) override {
    refuse({}, "common symbol '" + Symbol->getName() + "'");
  }
  void emitZerofill(MCSection *, MCSymbol *, uint64_t, Align,
                    SMLoc Loc) override {
    refuse(Loc, "zerofill directive");
  }
  void emitTBSSSymbol(MCSection *, MCSymbol *Symbol, uint64_t, Align) override {
    refuse({}, "TLS symbol '" + Symbol->getName() + "'");
  }
  void emitBytes(StringRef) override { refuse({}, "data directive"); }
  void emitBinaryData(StringRef) override { refuse({}, "data directive"); }
  void emitValueImpl(const MCExpr *, unsigned, SMLoc Loc) override {
    refuse(Loc, "data directive");
  }
  void emitIntValue(uint64_t, unsigned) override {
    refuse({}, "data directive");
  }
  void emitIntValue(const APInt &) override { refuse({}, "data directive"); }
  void emitULEB128Value(const MCExpr *) override {
    refuse({}, "data directive");
  }
  void emitSLEB128Value(const MCExpr *) override {
    refuse({}, "data directive");
  }
  void emitFill(const MCExpr &, uint64_t, SMLoc Loc) override {
    refuse(Loc, "fill directive");
  }
  void emitFill(const MCExpr &, int64_t, int64_t, SMLoc Loc) override {
    refuse(Loc, "fill directive");
  }
  void emitNops(int64_t, int64_t, SMLoc Loc, const MCSubtargetInfo &) override {
    refuse(Loc, "nops directive");
  }
  void emitValueToAlignment(Align, int64_t, uint8_t, unsigned) override {
    refuse({}, "alignment directive");
  }
  void emitCodeAlignment(Align, const MCSubtargetInfo *, unsigned) override {
    refuse({}, "alignment directive");
  }
  void emitValueToOffset(const MCExpr *, unsigned char, SMLoc Loc) override {
    refuse(Loc, "org directive");
  }

protected:
  void changeSection(MCSection *Section, uint32_t Subsection) override {
    MCStreamer::changeSection(Section, Subsection);
    if (Section != getContext().getObjectFileInfo()->getTextSection())
      refuse({}, "section directive");
  }

private:
  /// A location on the line of the statement the parser is handling. By the
  /// time a directive reaches the streamer the parser may have moved to the
  /// next statement: then the statement is on the last line before that
  /// holds more than blanks and comments.
  SMLoc currentStatementLoc() const {
    if (!Parser)
      return SMLoc();
    SMLoc TokLoc = Parser->getTok().getLoc();
    unsigned BufferID = SrcMgr.FindBufferContainingLoc(TokLoc);
    if (!BufferID)
      return TokLoc;
    StringRef Buffer = SrcMgr.getMemoryBuffer(BufferID)->getBuffer();
    StringRef Before = Buffer.take_front(TokLoc.getPointer() - Buffer.begin());
    StringRef CommentString = getContext().getAsmInfo()->getCommentString();
    for (bool FirstLine = true; !Before.empty(); FirstLine = false) {
      size_t LineStart = Before.find_last_of('\n');
      LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
      StringRef Line = Before.drop_front(LineStart).trim();
      // On the token's own line, only text before the token counts.
      const bool IsComment = Line.starts_with(CommentString) ||
                             Line.starts_with("//") || Line.starts_with("#");
      if (!Line.empty() && (FirstLine || !IsComment))
        return SMLoc::getFromPointer(Line.begin());
      Before = Before.take_front(LineStart ? LineStart - 1 : 0);
    }
    return TokLoc;
  }

  void refuse(SMLoc Loc, const Twine &What) {
    if (!Loc.isValid())
      Loc = currentStatementLoc();
    // One message per line: ".byte 1, 2, 3" is one mistake.
    unsigned Line = Loc.isValid() ? SrcMgr.FindLineNumber(Loc) : 0;
    if (!RefusedLines.insert(Line).second)
      return;
    Problems.add(Loc, What + " is not allowed: a snippet file holds only "
                             "instructions and LLVM-EXEGESIS annotations");
  }

  const SourceMgr &SrcMgr;
  ProblemList &Problems;
  /// Whether a change of features means another processor mode
  /// (ExegesisTarget::featureChangesSwitchProcessorMode).
  const bool FeaturesSelectMode;
  const FeatureBitset StateFeatures;
  MCAsmParser *Parser = nullptr;
  std::vector<ParsedInstruction> Instructions;
  DenseSet<unsigned> RefusedLines;
};

/// Turns the parsed instructions and comments of one file into its
/// BenchmarkCode, checking what needs the whole file (duplicates, MEM-MAP
/// naming a MEM-DEF, overlapping mappings).
class BenchmarkCodeBuilder {
public:
  BenchmarkCodeBuilder(const LLVMState &State, const SourceMgr &SrcMgr,
                       ProblemList &Problems)
      : State(State), SrcMgr(SrcMgr), Problems(Problems) {}

  void addInstruction(const SnippetStreamer::ParsedInstruction &Parsed,
                      const CommentCollector &Comments) {
    MCInst Inst = Parsed.Inst;
    std::string Text = getInstructionText(Parsed.Loc, Comments);
    for (MCOperand &Op : Inst) {
      if (!Op.isExpr())
        continue;
      int64_t Value;
      if (!Op.getExpr()->evaluateAsAbsolute(Value)) {
        Problems.add(Parsed.Loc,
                     "instruction '" + Text +
                         "' refers to a symbol or label: a snippet's "
                         "operands must be registers, constants or memory "
                         "through registers");
        return;
      }
      Op = MCOperand::createImm(Value);
    }
    Code.Key.Instructions.push_back(std::move(Inst));
    Code.InstructionTexts.push_back(std::move(Text));
  }

  void addComment(const CommentCollector::Comment &Comment) {
    Expected<std::optional<SnippetAnnotation>> Parsed =
        parseSnippetAnnotation(State, Comment.Text);
    if (!Parsed) {
      Problems.add(Comment.Loc, toString(Parsed.takeError()),
                   /*PlaceAfter=*/true);
      return;
    }
    if (!*Parsed)
      return;
    const SnippetAnnotation &A = **Parsed;
    const unsigned Line = SrcMgr.FindLineNumber(Comment.Loc);
    auto Invalid = [&](const Twine &Why) {
      Problems.add(Comment.Loc, "invalid comment '" + A.Text + "', " + Why,
                   /*PlaceAfter=*/true);
    };
    switch (A.Kind) {
    case AnnotationKind::DefReg: {
      if (unsigned Previous = DefRegLines.lookup(A.Register.id()))
        return Invalid("register '" + State.getRegisterName(A.Register) +
                       "' already has a value (line " + Twine(Previous) + ")");
      if (unsigned LiveIn = LiveInLines.lookup(A.Register.id()))
        return Invalid("register '" + State.getRegisterName(A.Register) +
                       "' is also a live-in (line " + Twine(LiveIn) + ")");
      DefRegLines[A.Register.id()] = Line;
      Code.Key.RegisterInitialValues.push_back({A.Register, A.Value});
      return;
    }
    case AnnotationKind::LiveIn: {
      if (unsigned Def = DefRegLines.lookup(A.Register.id()))
        return Invalid("register '" + State.getRegisterName(A.Register) +
                       "' already has a value (line " + Twine(Def) + ")");
      if (LiveInLines.try_emplace(A.Register.id(), Line).second)
        Code.LiveIns.push_back(A.Register);
      return;
    }
    case AnnotationKind::MemDef: {
      auto Inserted = MemDefLines.try_emplace(A.Name, Line);
      if (!Inserted.second)
        return Invalid("memory value '" + A.Name +
                       "' is already defined (line " +
                       Twine(Inserted.first->second) + ")");
      MemoryValue Value;
      Value.Value = A.Value;
      Value.SizeBytes = A.SizeBytes;
      Value.Index = Code.Key.MemoryValues.size();
      Code.Key.MemoryValues[A.Name] = std::move(Value);
      return;
    }
    case AnnotationKind::MemMap: {
      auto Def = Code.Key.MemoryValues.find(A.Name);
      if (Def == Code.Key.MemoryValues.end())
        return Invalid("expected <VALUE NAME> to contain the name of an "
                       "already specified memory definition");
      const uint64_t ValueSize =
          alignTo(Def->second.SizeBytes, SnippetPageSize);
      if (ValueSize < Def->second.SizeBytes)
        return Invalid("the mapping of '" + A.Name +
                       "' extends past the end of the address space");
      if (A.Offset >= ValueSize)
        return Invalid("expected <OFFSET> (" + Twine(A.Offset) +
                       ") to lie within '" + A.Name + "' (" + Twine(ValueSize) +
                       " bytes)");
      const uint64_t Size = A.Length ? A.Length : ValueSize;
      if (A.Address + Size < A.Address)
        return Invalid("the mapping of '" + A.Name +
                       "' extends past the end of the address space");
      for (const MappedRange &Other : Mapped)
        if (A.Address < Other.End && Other.Begin < A.Address + Size)
          return Invalid("the mapping of '" + A.Name +
                         "' overlaps the mapping of '" + Other.Name +
                         "' (line " + Twine(Other.Line) + ")");
      Mapped.push_back({A.Address, A.Address + Size, A.Name, Line});
      Code.Key.MemoryMappings.push_back(
          {A.Address, A.Name, A.Length, A.Offset});
      return;
    }
    case AnnotationKind::SnippetAddress:
      if (SnippetAddressLine)
        return Invalid("the snippet address is already set (line " +
                       Twine(SnippetAddressLine) + ")");
      SnippetAddressLine = Line;
      Code.Key.SnippetAddress = A.Address;
      return;
    case AnnotationKind::LoopRegister:
      if (LoopRegisterLine)
        return Invalid("the loop register is already set (line " +
                       Twine(LoopRegisterLine) + ")");
      LoopRegisterLine = Line;
      Code.LoopRegister = A.Register;
      return;
    }
  }

  BenchmarkCode takeCode() { return std::move(Code); }

private:
  struct MappedRange {
    uint64_t Begin;
    uint64_t End;
    std::string Name;
    unsigned Line;
  };

  /// The source text of the statement starting at \p Loc: up to the end of
  /// the line, a statement separator or a comment, trimmed.
  std::string getInstructionText(SMLoc Loc,
                                 const CommentCollector &Comments) const {
    if (!Loc.isValid())
      return "";
    unsigned BufferID = SrcMgr.FindBufferContainingLoc(Loc);
    if (!BufferID)
      return "";
    StringRef Buffer = SrcMgr.getMemoryBuffer(BufferID)->getBuffer();
    const char *Begin = Loc.getPointer();
    StringRef Line =
        StringRef(Begin, Buffer.end() - Begin).take_until([](char C) {
          return C == '\n' || C == '\r';
        });
    StringRef Separator = State.getAsmInfo().getSeparatorString();
    if (!Separator.empty())
      Line = Line.take_front(Line.find(Separator));
    Line = Line.take_front(Comments.firstCommentIn(Begin, Line.end()) - Begin);
    // The comment's position is that of its text: drop its marker too.
    Line = Line.rtrim();
    for (StringRef Marker : {State.getAsmInfo().getCommentString(),
                             StringRef("//"), StringRef("/*"), StringRef("#")})
      if (!Marker.empty() && Line.consume_back(Marker))
        break;
    return Line.trim().str();
  }

  const LLVMState &State;
  const SourceMgr &SrcMgr;
  ProblemList &Problems;
  BenchmarkCode Code;
  DenseMap<unsigned, unsigned> DefRegLines;
  DenseMap<unsigned, unsigned> LiveInLines;
  StringMap<unsigned> MemDefLines;
  std::vector<MappedRange> Mapped;
  unsigned SnippetAddressLine = 0;
  unsigned LoopRegisterLine = 0;
};

} // namespace

/// Snippet files hold a few instructions; reading a much bigger input (a
/// wrong file, /dev/zero, an endless pipe) to its end would exhaust memory.
constexpr size_t MaxSnippetFileBytes = 64 << 20;

// Devices and pipes are read like files (the lit feature probes read
// /dev/null).
Expected<std::unique_ptr<MemoryBuffer>> readSnippetFile(StringRef Filename) {
  const bool IsStdin = Filename == "-";
  const StringRef Name = IsStdin ? StringRef("<stdin>") : Filename;
  auto CannotRead = [Name](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(),
                             "cannot read snippets file '" + Name +
                                 "': " + Why);
  };
  sys::fs::file_t File = sys::fs::getStdinHandle();
  if (!IsStdin) {
    Expected<sys::fs::file_t> Opened = sys::fs::openNativeFileForRead(Filename);
    if (!Opened)
      return CannotRead(toString(Opened.takeError()));
    File = *Opened;
  }
  std::string Text;
  std::vector<char> Chunk(1 << 16);
  Error Failure = Error::success();
  while (true) {
    Expected<size_t> Read = sys::fs::readNativeFile(File, Chunk);
    if (!Read) {
      Failure = CannotRead(toString(Read.takeError()));
      break;
    }
    if (*Read == 0)
      break;
    Text.append(Chunk.data(), *Read);
    if (Text.size() > MaxSnippetFileBytes) {
      Failure = CannotRead("larger than " + Twine(MaxSnippetFileBytes >> 20) +
                           " MiB");
      break;
    }
  }
  if (!IsStdin)
    sys::fs::closeFile(File);
  if (Failure)
    return Failure;
  return MemoryBuffer::getMemBufferCopy(Text, Name);
}

Expected<std::vector<BenchmarkCode>> readSnippets(const LLVMState &State,
                                                  StringRef Filename) {
  Expected<std::unique_ptr<MemoryBuffer>> Buffer = readSnippetFile(Filename);
  if (!Buffer)
    return Buffer.takeError();
  return readSnippets(State, std::move(*Buffer));
}

Expected<std::vector<BenchmarkCode>>
readSnippets(const LLVMState &State, std::unique_ptr<MemoryBuffer> Buffer) {
  SourceMgr SrcMgr;
  SrcMgr.AddNewSourceBuffer(std::move(Buffer), SMLoc());
  ProblemList Problems(SrcMgr);
  // Installed before the parser exists: the parser forwards to the handler
  // it finds, so nothing is printed.
  SrcMgr.setDiagHandler(&ProblemList::handleDiagnostic, &Problems);

  const Target &TheTarget = State.getTarget();
  MCContext Ctx(State.getTriple(), &State.getAsmInfo(), &State.getRegInfo(),
                &State.getSubtargetInfo(), &SrcMgr, &State.getTargetOptions());
  Ctx.setDiagnosticHandler([&Problems](const SMDiagnostic &Diag, bool,
                                       const SourceMgr &,
                                       std::vector<const MDNode *> &) {
    Problems.addDiagnostic(Diag);
  });
  std::unique_ptr<MCObjectFileInfo> ObjectFileInfo(
      TheTarget.createMCObjectFileInfo(Ctx, /*PIC=*/false));
  Ctx.setObjectFileInfo(ObjectFileInfo.get());

  SnippetStreamer Streamer(Ctx, State, SrcMgr, Problems);
  std::unique_ptr<MCAsmParser> Parser(
      createMCAsmParser(SrcMgr, Ctx, Streamer, State.getAsmInfo()));
  std::unique_ptr<MCTargetAsmParser> TargetParser(TheTarget.createMCAsmParser(
      State.getSubtargetInfo(), *Parser, State.getInstrInfo(),
      State.getTargetOptions()));
  if (!TargetParser)
    return createStringError(inconvertibleErrorCode(),
                             "no assembly parser for target '" +
                                 State.getTriple().str() + "'");
  Parser->setTargetParser(*TargetParser);
  Streamer.setParser(*Parser);
  CommentCollector Comments(SrcMgr);
  Parser->getLexer().setCommentConsumer(&Comments);

  const bool Failed = Parser->Run(/*NoInitialTextSection=*/false);
  if (Failed && Problems.empty())
    Problems.add(SMLoc(), "cannot parse the snippet file");

  Comments.finish();
  BenchmarkCodeBuilder Builder(State, SrcMgr, Problems);
  for (const SnippetStreamer::ParsedInstruction &Parsed :
       Streamer.takeInstructions())
    Builder.addInstruction(Parsed, Comments);
  for (const CommentCollector::Comment &Comment : Comments.getComments())
    Builder.addComment(Comment);
  if (!Problems.empty())
    return Problems.takeError();
  std::vector<BenchmarkCode> Codes;
  Codes.push_back(Builder.takeCode());
  return Codes;
}

Error checkSnippetsForExecutionMode(const LLVMState &State,
                                    ArrayRef<BenchmarkCode> Codes,
                                    ExecutionMode Mode, StringRef Filename) {
  if (Mode == ExecutionMode::SubProcess)
    return Error::success();
  bool HasMemDef = false, HasMemMap = false, HasSnippetAddress = false;
  std::vector<MCRegister> SegmentBases;
  for (const BenchmarkCode &Code : Codes) {
    HasMemDef |= !Code.Key.MemoryValues.empty();
    HasMemMap |= !Code.Key.MemoryMappings.empty();
    HasSnippetAddress |= Code.Key.SnippetAddress != 0;
    for (const RegisterValue &RV : Code.Key.RegisterInitialValues)
      if (isSegmentBaseRegister(State, RV.Register) &&
          !is_contained(SegmentBases, RV.Register))
        SegmentBases.push_back(RV.Register);
  }
  const StringRef Name = Filename == "-" ? StringRef("<stdin>") : Filename;
  std::string Kinds;
  auto AddKind = [&Kinds](bool Present, const Twine &Kind) {
    if (!Present)
      return;
    if (!Kinds.empty())
      Kinds += ", ";
    Kinds += Kind.str();
  };
  if (HasMemDef || HasMemMap || HasSnippetAddress) {
    AddKind(HasMemDef, getAnnotationName(AnnotationKind::MemDef));
    AddKind(HasMemMap, getAnnotationName(AnnotationKind::MemMap));
    AddKind(HasSnippetAddress,
            getAnnotationName(AnnotationKind::SnippetAddress));
    return createStringError(inconvertibleErrorCode(),
                             "Memory and snippet address annotations are "
                             "only supported in subprocess execution mode (" +
                                 Kinds + " in " + Name + ")");
  }
  if (SegmentBases.empty())
    return Error::success();
  for (MCRegister Reg : SegmentBases)
    AddKind(true, getAnnotationName(AnnotationKind::DefReg) + " " +
                      State.getRegisterName(Reg));
  return createStringError(inconvertibleErrorCode(),
                           "Segment base annotations are only supported in "
                           "subprocess execution mode (" +
                               Kinds + " in " + Name +
                               ": the tool's own FS base holds its "
                               "thread-local storage)");
}

} // namespace exegesis
} // namespace llvm
