# lit configuration for the llvm-exegesis regression tests.
import os
import lit.formats

config.name = "llvm-exegesis"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".s", ".test", ".yaml.test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.path.dirname(config.exegesis_tools_dir), "test")

# Our tool first: LLVM's bin dir ships upstream's llvm-exegesis too.
path = [config.exegesis_tools_dir, config.llvm_tools_dir,
        config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
config.substitutions.append(("%exegesis_src", config.exegesis_source_dir))
config.substitutions.append(
    ("%exegesis_tool", os.path.join(config.exegesis_tools_dir, "llvm-exegesis")))
# The replay of recorded time-based traces (bench/traces).
config.substitutions.append(
    ("%replay-traces", os.path.join(os.path.dirname(config.exegesis_tools_dir),
                                    "bench", "replay-traces")))
config.substitutions.append(
    ("%upstream-llvm-exegesis",
     os.path.join(config.llvm_tools_dir, "llvm-exegesis")))
if config.have_libpfm:
    config.available_features.add("libpfm")
# A tool built with ASan+UBSan: tests that cannot run under the sanitizers
# say `UNSUPPORTED: asan` with their reason. A report aborts: `not` passes
# on a non-zero exit but fails on a crash.
if config.exegesis_sanitize:
    config.available_features.add("asan")
    config.environment["ASAN_OPTIONS"] = "abort_on_error=1"
    config.environment["UBSAN_OPTIONS"] = "abort_on_error=1:print_stacktrace=1"
# LeakSanitizer's check at exit stops the process with ptrace and reads
# /proc: a test that denies ptrace, traces the tool or leaves it a handful
# of file descriptors runs the tool under `%no-leak-check` (ASan and UBSan
# stay on; the other tests check for leaks on the same paths).
config.substitutions.append(
    ("%no-leak-check",
     "env ASAN_OPTIONS=" + config.environment["ASAN_OPTIONS"] +
     ":detect_leaks=0" if config.exegesis_sanitize else "env"))
