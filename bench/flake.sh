#!/usr/bin/env bash
# Runs the subprocess and measurement lit tests N times while stress-ng keeps
# every CPU busy, and reports how often each test failed. A test whose verdict
# depends on how loaded the machine is shows up here; the remedy is an
# assertion a loaded machine cannot break, never a retry.
#
# usage: bench/flake.sh N [BUILD_DIR]     (default build directory: build)
# Rebuilding BUILD_DIR while this runs fails the tests that meet the half-
# linked tool: give it a build directory of its own for long runs.
# Environment:
#   FLAKE_TESTS   test paths relative to the lit test directory, overriding
#                 the default list below
#   FLAKE_JOBS    lit's -j (default: four times the number of CPUs, so that
#                 the tests crowd each other as well, and the tests that wait
#                 on a clock, such as a settle time limit, overlap: a loaded
#                 run takes about 22 s on 2 CPUs, against 21-87 s at -j2)
#   FLAKE_LOAD    stress-ng --cpu workers (default: the number of CPUs);
#                 0 runs without load
#   FLAKE_RUN_TIMEOUT  seconds one whole lit run may take before it counts
#                 as hung (default 1200; lit's own --timeout needs psutil)
# Exits 0 when no test failed in any run, 1 otherwise.
set -euo pipefail

if [[ $# -lt 1 || ! $1 =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: bench/flake.sh N [BUILD_DIR]  (N: number of runs, 1 or more)" >&2
  exit 2
fi
runs=$1
here=$(cd "$(dirname "$0")/.." && pwd)
build=${2:-$here/build}
suite=$build/llvm/test/tools/llvm-exegesis
lit=${LIT:-/usr/lib/llvm-22/bin/lit}
cpus=$(nproc)
jobs=${FLAKE_JOBS:-$((4 * cpus))}
load=${FLAKE_LOAD:-$cpus}
run_timeout=${FLAKE_RUN_TIMEOUT:-1200}

default_tests=(X86/measure X86/latency X86/memory X86/interrupt
               X86/machine-code X86/refusals
               X86/opcodes/measure-latency.test
               X86/opcodes/measure-host-features.test
               X86/opcodes/measure-string-instructions.test
               X86/opcodes/measure-shadow-stack.test)
read -r -a tests <<<"${FLAKE_TESTS:-${default_tests[*]}}"

source "$here/bench/needs.sh"
if [[ ! -f $suite/lit.site.cfg.py ]]; then
  echo "flake: no configured lit suite in '$suite': build it with ./dev test" \
       "(or BUILD_DIR=$build ./dev test)" >&2
  exit 2
fi
bench_needs "$lit" llvm-22-tools
# FLAKE_LOAD=0 runs unloaded, without stress-ng.
[[ $load -eq 0 ]] || bench_needs stress-ng stress-ng

# lit runs the built suite (its site configuration lives in the build tree);
# --filter picks the tests by path.
filter=$(IFS='|'; echo "${tests[*]}")
filter="^llvm-exegesis :: ($filter)(/|$)"

work=$(mktemp -d /tmp/exegesis-flake.XXXXXX)
stress_pid=
lit_pid=
cleanup() {
  if [[ -n $lit_pid ]]; then
    kill "$lit_pid" 2>/dev/null || true
    wait "$lit_pid" 2>/dev/null || true
  fi
  if [[ -n $stress_pid ]]; then
    kill "$stress_pid" 2>/dev/null || true
    wait "$stress_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

if [[ $load -gt 0 ]]; then
  stress-ng --cpu "$load" --quiet >/dev/null 2>&1 &
  stress_pid=$!
fi

echo "flake: $runs runs of the tests under ${tests[*]}; lit -j$jobs," \
     "stress-ng --cpu $load on $cpus CPUs"
start=$(date +%s)
hung_runs=0
for ((i = 1; i <= runs; i++)); do
  out=$work/run-$i.txt
  rc=0
  # In the background, so that a signal reaches the traps at once.
  timeout --kill-after=30 "$run_timeout" \
    "$lit" -v -j"$jobs" --filter "$filter" "$suite" >"$out" 2>&1 &
  lit_pid=$!
  wait "$lit_pid" || rc=$?
  lit_pid=
  if [[ $rc -eq 124 || $rc -eq 137 ]]; then
    hung_runs=$((hung_runs + 1))
    echo "run $i: lit did not finish within ${run_timeout}s"
  fi
  grep -E '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$out" |
    sed -E 's/ \([0-9]+ of [0-9]+\)$//' >>"$work/failures.txt" || true
  passed=$(grep -cE '^PASS: ' "$out" || true)
  failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$out" || true)
  echo "run $i/$runs: $passed passed, $failed failed ($(($(date +%s) - start)) s)"
  if [[ $((passed + failed)) -eq 0 && $rc -ne 124 && $rc -ne 137 ]]; then
    echo "flake: lit ran no test; its output:" >&2
    cat "$out" >&2
    exit 1
  fi
  if [[ $failed -gt 0 ]]; then
    cp "$out" "/tmp/exegesis-flake-run-$i.txt"
    echo "  log kept in /tmp/exegesis-flake-run-$i.txt"
  fi
done

echo "flake: $runs runs in $(($(date +%s) - start)) s, load average" \
     "$(cut -d' ' -f1-3 /proc/loadavg)"
if [[ ! -s $work/failures.txt && $hung_runs -eq 0 ]]; then
  echo "flake: no failures"
  exit 0
fi
echo "failures per test:"
sort "$work/failures.txt" | uniq -c | sort -rn
[[ $hung_runs -eq 0 ]] || echo "runs that hung: $hung_runs"
exit 1
