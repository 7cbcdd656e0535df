#!/usr/bin/env bash
# bench/fuzz/run.sh SECONDS [TARGET...]
#
# Builds the libFuzzer targets of bench/fuzz in build-fuzz/ (clang-22,
# -DEXEGESIS_FUZZ=ON: the library with ASan+UBSan and fuzzer-no-link
# instrumentation, against the installed LLVM 22), seeds one corpus per
# target from the test inputs (lit tests and their Inputs, examples/), runs
# each target for SECONDS with one job, and prints executions and coverage
# per target. Exits non-zero when any target finds something (crash, leak,
# undefined behaviour, an input running longer than TIMEOUT seconds); the
# reproducer is in build-fuzz/artifacts/<target>/.
#
# Targets: SnippetFile HexSnippetFile ResultsYaml Analysis (all by default).
# Environment: BUILD_DIR (build-fuzz), CXX (clang++-22), TIMEOUT (30: the
# machine may be loaded), RSS_LIMIT_MB (2048), JOBS (ninja's -j, default 2),
# NO_BUILD=1 to run the targets as built (e.g. while ninja builds something
# else in BUILD_DIR).
#
# Needs clang-22 and libclang-rt-22-dev (libFuzzer and the sanitizer
# runtimes) besides what ./dev test installs: `./dev fuzz SECONDS
# [TARGET...]` installs them and runs this script.
set -euo pipefail
cd "$(dirname "$0")/../.."
SRC=$PWD
if [ $# -lt 1 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
  echo "usage: bench/fuzz/run.sh SECONDS [TARGET...]" >&2
  exit 2
fi
SECONDS_PER_TARGET=$1
shift
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(SnippetFile HexSnippetFile ResultsYaml Analysis)
BUILD_DIR=${BUILD_DIR:-build-fuzz}
CXX=${CXX:-clang++-22}
TIMEOUT=${TIMEOUT:-30}
RSS_LIMIT_MB=${RSS_LIMIT_MB:-2048}

if ! command -v "$CXX" > /dev/null; then
  echo "run.sh: needs $CXX (Debian packages clang-22 and libclang-rt-22-dev): run ./dev fuzz $SECONDS_PER_TARGET" >&2
  exit 2
fi
if ! compgen -G "/usr/lib/llvm-22/lib/clang/*/lib/*/libclang_rt.fuzzer*.a" > /dev/null; then
  echo "run.sh: needs libFuzzer's runtime (Debian package libclang-rt-22-dev): run ./dev fuzz $SECONDS_PER_TARGET" >&2
  exit 2
fi
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$CXX" -DEXEGESIS_FUZZ=ON >&2
fi
[ "${NO_BUILD:-}" = 1 ] || ninja -C "$BUILD_DIR" -j"${JOBS:-2}" "${TARGETS[@]/%/Fuzzer}" >&2
BUILD_DIR=$(cd "$BUILD_DIR" && pwd)

TEST_DIR=llvm/test/tools/llvm-exegesis
# Seeds: every test input of the kind the target reads. Multi-block CSVs
# are cut into pieces of a few lines so that seeds stay small.
seed_files() {
  case $1 in
  SnippetFile)
    find "$TEST_DIR" examples -name '*.s'
    find "$TEST_DIR" -path '*/Inputs/*.txt'
    ;;
  HexSnippetFile) find "$TEST_DIR" -name '*.csv' ;;
  ResultsYaml | Analysis) find "$TEST_DIR" -name '*.yaml' ;;
  esac
}

seed_corpus() {
  local target=$1 dir=$2 f n=0
  mkdir -p "$dir"
  while read -r f; do
    n=$((n + 1))
    if [ "$target" = HexSnippetFile ]; then
      split -l 8 -d -a 3 "$f" "$dir/seed-$n-"
    else
      cp "$f" "$dir/seed-$n-$(basename "$f")"
    fi
  done < <(seed_files "$target" | sort)
}

FAILED=()
SUMMARY=()
for T in "${TARGETS[@]}"; do
  CORPUS=$BUILD_DIR/fuzz-corpus/$T
  ARTIFACTS=$BUILD_DIR/artifacts/$T
  LOG=$BUILD_DIR/fuzz-$T.log
  # libFuzzer's job writes its log (fuzz-0.log) into the current directory.
  RUN_DIR=$BUILD_DIR/fuzz-run/$T
  # The corpus grows from run to run; the seeds are refreshed each time.
  seed_corpus "$T" "$CORPUS"
  mkdir -p "$ARTIFACTS" "$RUN_DIR"
  NUM_SEEDS=$(find "$CORPUS" -type f | wc -l)
  echo "== $T: $SECONDS_PER_TARGET s from $NUM_SEEDS inputs" >&2
  set +e
  (cd "$RUN_DIR" && "$BUILD_DIR/fuzz/${T}Fuzzer" "$CORPUS" \
    -max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" \
    -rss_limit_mb="$RSS_LIMIT_MB" -jobs=1 -workers=1 \
    -print_final_stats=1 -artifact_prefix="$ARTIFACTS/") >"$LOG" 2>&1
  RC=$?
  set -e
  EXECS=$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -1)
  LAST=$(grep -E '^#[0-9]+' "$LOG" | tail -1)
  COV=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$LAST")
  FT=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$LAST")
  CORP=$(sed -n 's/.* corp: \([0-9]*\/[0-9A-Za-z]*\).*/\1/p' <<<"$LAST")
  if [ $RC -eq 0 ]; then
    RESULT=clean
  else
    RESULT="FINDING (exit $RC): see $LOG and $ARTIFACTS/"
    FAILED+=("$T")
    grep -E '^==[0-9]+==ERROR|runtime error|^SUMMARY|ALARM|Test unit written' \
      "$LOG" | head -5 >&2 || true
  fi
  SUMMARY+=("$(printf '%-15s %5ss  execs %-10s cov %-6s ft %-7s corpus %-10s %s' \
    "$T" "$SECONDS_PER_TARGET" "${EXECS:-?}" "${COV:-?}" "${FT:-?}" \
    "${CORP:-?}" "$RESULT")")
  echo "${SUMMARY[-1]}" >&2
done

echo "target          time   executions       coverage (edges, features, corpus)"
printf '%s\n' "${SUMMARY[@]}"
if [ ${#FAILED[@]} -gt 0 ]; then
  echo "findings in: ${FAILED[*]}" >&2
  exit 1
fi
