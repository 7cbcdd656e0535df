//===-- PortMapModelFile.cpp - The inferred model as a YAML file ----------===//

#include "PortMapHost/PortMapModelFile.h"
#include "PortMap/PortMapping.h"
#include "Support/OutputFile.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"
#include <cmath>

using namespace llvm;
using namespace llvm::exegesis;

namespace {
/// A double written with the digits that read back the same double
/// (YAMLTraits' own writes six).
struct Precise {
  double V = 0;
};
/// A measurement as the file lists it.
struct MeasurementEntry {
  std::string Kernel;
  Precise Cycles;
};
/// What the file holds, in the file's types.
struct FileDocument {
  PortMapModelFile *File;
  std::vector<MeasurementEntry> Measurements;
  std::vector<Precise> Throughputs;
};
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(Precise)
LLVM_YAML_IS_SEQUENCE_VECTOR(MeasurementEntry)
LLVM_YAML_IS_SEQUENCE_VECTOR(PortMapModelFile::ResourceEntry)
LLVM_YAML_IS_SEQUENCE_VECTOR(PortMapModelFile::NoteEntry)

namespace llvm {
namespace yaml {

template <> struct ScalarTraits<Precise> {
  static void output(const Precise &P, void *, raw_ostream &OS) {
    OS << format("%.17g", P.V);
  }
  static StringRef input(StringRef Scalar, void *, Precise &P) {
    if (Scalar.getAsDouble(P.V) || !std::isfinite(P.V))
      return "not a number";
    return StringRef();
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <> struct MappingTraits<MeasurementEntry> {
  static void mapping(IO &Io, MeasurementEntry &M) {
    Io.mapRequired("kernel", M.Kernel);
    Io.mapRequired("cycles", M.Cycles);
  }
  static const bool flow = true;
};

template <> struct MappingTraits<PortMapModelFile::ResourceEntry> {
  static void mapping(IO &Io, PortMapModelFile::ResourceEntry &R) {
    Precise Throughput{R.Throughput}, Margin{R.Margin};
    std::vector<Precise> Saturating;
    for (double D : R.Saturating)
      Saturating.push_back({D});
    Io.mapRequired("name", R.Name);
    Io.mapRequired("throughput", Throughput);
    Io.mapRequired("units", R.Units);
    Io.mapOptional("ports", R.Ports, std::string());
    Io.mapOptional("dispatch", R.IsDispatch, false);
    Io.mapRequired("instructions", R.Instructions);
    Io.mapRequired("saturating", Saturating);
    Io.mapRequired("margin", Margin);
    Io.mapOptional("sched_model_resource", R.SchedModelName, std::string());
    if (!Io.outputting()) {
      R.Throughput = Throughput.V;
      R.Margin = Margin.V;
      R.Saturating.clear();
      for (const Precise &P : Saturating)
        R.Saturating.push_back(P.V);
    }
  }
};

template <> struct MappingTraits<PortMapModelFile::NoteEntry> {
  static void mapping(IO &Io, PortMapModelFile::NoteEntry &N) {
    Io.mapRequired("kind", N.Kind);
    Io.mapOptional("instructions", N.Instructions);
    Io.mapRequired("text", N.Text);
  }
};

template <> struct MappingTraits<FileDocument> {
  static void mapping(IO &Io, FileDocument &D) {
    PortMapModelFile &F = *D.File;
    Io.mapRequired("format", F.Format);
    Io.mapRequired("tool", F.Tool);
    Io.mapRequired("date", F.Date);
    Io.mapRequired("cpu_name", F.CpuName);
    Io.mapRequired("llvm_triple", F.Triple);
    Io.mapRequired("complete", F.Complete);
    Io.mapOptional("settings", F.Settings, std::string());
    Io.mapRequired("candidates", F.Candidates);
    Io.mapOptional("basic_instructions", F.Basic);
    Io.mapOptional("class_of", F.ClassOf);
    Io.mapOptional("ports", F.NumPorts, 0u);
    Io.mapOptional("dispatch_width", F.DispatchWidth, 0u);
    Io.mapOptional("port_sets", F.PortSets);
    Io.mapOptional("resources", F.Resources);
    Io.mapOptional("notes", F.Notes);
    Io.mapOptional("distinguishing_kernels", F.NumDistinguishing, 0u);
    Io.mapOptional("identified", F.Identified, false);
    Io.mapOptional("measurements", D.Measurements);
  }
};

} // namespace yaml
} // namespace llvm

std::string PortMapModelFile::toYaml() const {
  FileDocument D{const_cast<PortMapModelFile *>(this), {}, {}};
  for (const auto &[Kernel, Cycles] : Measurements)
    D.Measurements.push_back({Kernel, {Cycles}});
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output Out(OS, nullptr, /*WrapColumn=*/0);
  Out << D;
  return Text;
}

Expected<PortMapModelFile> PortMapModelFile::fromYaml(StringRef Text,
                                                      StringRef Where) {
  PortMapModelFile F;
  F.Format.clear();
  FileDocument D{&F, {}, {}};
  std::string Message;
  auto Handler = [](const SMDiagnostic &Diag, void *Context) {
    raw_string_ostream OS(*static_cast<std::string *>(Context));
    OS << Diag.getLineNo() << ':' << Diag.getColumnNo() + 1 << ": "
       << Diag.getMessage();
  };
  yaml::Input In(Text, nullptr, Handler, &Message);
  In >> D;
  if (In.error())
    return createStringError(
        inconvertibleErrorCode(),
        Where + ":" + (Message.empty() ? "not a model file" : Message));
  if (F.Format != PortMapModelFormat)
    return createStringError(inconvertibleErrorCode(),
                             Where + ": format '" + F.Format + "' is not " +
                                 PortMapModelFormat);
  for (const MeasurementEntry &M : D.Measurements)
    F.Measurements[M.Kernel] = M.Cycles.V;
  return F;
}

Expected<PortMapModelFile> PortMapModelFile::read(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             "cannot read port-map model file '" + Path +
                                 "': " + Buffer.getError().message());
  return fromYaml((*Buffer)->getBuffer(), Path);
}

Error PortMapModelFile::write(StringRef Path) const {
  std::string Text = toYaml();
  return writeOutputFile(Path, [&](raw_ostream &OS) {
    OS << Text;
    return Error::success();
  });
}

StringRef exegesis::getNoteKindName(portmap::InferenceNote::Kind K) {
  using Kind = portmap::InferenceNote::Kind;
  switch (K) {
  case Kind::NotBasic:
    return "not-basic";
  case Kind::SameClass:
    return "same-class";
  case Kind::Unexplained:
    return "unexplained";
  case Kind::InseparablePorts:
    return "inseparable-ports";
  case Kind::NoDispatchBound:
    return "no-dispatch-bound";
  case Kind::UnobservablePorts:
    return "unobservable-ports";
  case Kind::SolverGaveUp:
    return "solver-gave-up";
  case Kind::BudgetSpent:
    return "budget-spent";
  }
  llvm_unreachable("every kind is named");
}

void PortMapModelFile::setInference(const portmap::InferenceResult &Result) {
  Basic.clear();
  ClassOf.clear();
  PortSets.clear();
  Resources.clear();
  Notes.clear();
  for (unsigned C : Result.Basic)
    Basic.push_back(Candidates[C]);
  for (unsigned Rep : Result.ClassOf)
    ClassOf.push_back(Basic[Rep]);
  NumPorts = Result.Mapping.NumPorts;
  DispatchWidth = Result.Mapping.DispatchWidth;
  for (uint32_t Ports : Result.Mapping.PortSets)
    PortSets.push_back(portmap::formatPorts(Ports));
  for (const portmap::Resource &R : Result.Model.resources()) {
    ResourceEntry E;
    E.Name = R.Name;
    E.Throughput = R.Throughput;
    E.Units = R.Units;
    E.Ports = R.IsDispatch ? std::string() : portmap::formatPorts(R.Ports);
    E.IsDispatch = R.IsDispatch;
    for (unsigned B = 0; B < Basic.size(); ++B)
      if (R.Members >> B & 1)
        E.Instructions.push_back(Basic[B]);
    E.Saturating.assign(R.Saturating.begin(), R.Saturating.end());
    E.Margin = R.Margin;
    Resources.push_back(std::move(E));
  }
  for (const portmap::InferenceNote &N : Result.Notes) {
    NoteEntry E;
    E.Kind = getNoteKindName(N.K).str();
    for (unsigned C : N.Candidates)
      E.Instructions.push_back(C < Candidates.size() ? Candidates[C]
                                                     : std::to_string(C));
    E.Text = N.Text;
    Notes.push_back(std::move(E));
  }
  NumDistinguishing = Result.NumDistinguishing;
  Identified = Result.Identified;
  Complete = true;
}

Expected<portmap::ResourceModel> PortMapModelFile::getResourceModel() const {
  auto Fail = [](const Twine &Why) {
    return createStringError(inconvertibleErrorCode(), Why);
  };
  if (!Complete)
    return Fail("the port-map model file holds an unfinished "
                "characterisation (run -mode=port-map again to finish it)");
  if (Basic.empty() || Basic.size() > portmap::MaxInstructions)
    return Fail("the port-map model file has " + Twine(Basic.size()) +
                " basic instructions");
  SmallVector<portmap::Resource, 8> Res;
  for (const ResourceEntry &E : Resources) {
    portmap::Resource R;
    R.Name = E.Name;
    R.Throughput = E.Throughput;
    R.Units = E.Units;
    R.IsDispatch = E.IsDispatch;
    for (const std::string &Name : E.Instructions) {
      auto It = find(Basic, Name);
      if (It == Basic.end())
        return Fail("resource " + E.Name + " names '" + Name +
                    "', which is no basic instruction of the model");
      R.Members |= uint64_t(1) << (It - Basic.begin());
    }
    if (E.Saturating.size() != Basic.size())
      return Fail("resource " + E.Name + " has a saturating kernel of " +
                  Twine(E.Saturating.size()) + " terms for " +
                  Twine(Basic.size()) + " basic instructions");
    if (!(E.Throughput > 0))
      return Fail("resource " + E.Name + " has no positive throughput");
    R.Saturating.assign(E.Saturating.begin(), E.Saturating.end());
    R.Margin = E.Margin;
    for (StringRef P : split(E.Ports, ',')) {
      unsigned Port;
      if (P.consume_front("p") && !P.getAsInteger(10, Port) &&
          Port < portmap::MaxPorts)
        R.Ports |= uint32_t(1) << Port;
    }
    Res.push_back(std::move(R));
  }
  return portmap::ResourceModel::fromResources(Basic.size(), Res);
}

std::string PortMapModelFile::summariseNotes() const {
  std::string S;
  for (const NoteEntry &N : Notes) {
    if (N.Kind == "not-basic")
      continue;
    if (!S.empty())
      S += "; ";
    S += N.Kind + ": " + N.Text;
  }
  return S;
}
