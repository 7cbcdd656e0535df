# Our lit configuration for LLVM's own llvm-exegesis test folder, as the
# release ships it. The runner (run.py) copies that folder beside this file
# and passes, as lit parameters, the binary under test and the features both
# binaries are run with, so that the two runs differ only in the binary.
import os
import lit.formats

config.name = "llvm-exegesis-release-suite"
config.test_format = lit.formats.ShTest(True)
# .asm holds two tests upstream's own suffix list would not pick up; they
# pin documented behaviour, so they are run too.
config.suffixes = [".s", ".test", ".asm"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params["exec_root"]

tools_dir = lit_config.params["tools_dir"]
llvm_tools_dir = lit_config.params["llvm_tools_dir"]
# The binary under test first: LLVM's bin directory has upstream's
# llvm-exegesis too, and supplies FileCheck, not and llvm-objdump.
config.environment["PATH"] = os.pathsep.join(
    [tools_dir, llvm_tools_dir, os.environ.get("PATH", "")])
config.llvm_tools_dir = tools_dir
config.host_triple = lit_config.params["host_triple"]
config.targets = frozenset(lit_config.params["targets"].split(","))
for feature in lit_config.params["features"].split(","):
    if feature:
        config.available_features.add(feature)
for target in config.targets:
    config.available_features.add(target.lower() + "-registered-target")
