//===-- FunctionExecutor.cpp ------------------------------------*- C++ -*-===//

#include "FunctionExecutor.h"

namespace llvm {
namespace exegesis {

char SnippetFailure::ID;

FunctionExecutor::~FunctionExecutor() = default;

} // namespace exegesis
} // namespace llvm
