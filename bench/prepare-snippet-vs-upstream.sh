#!/usr/bin/env bash
# The snippets we generate for every opcode against upstream llvm-exegesis
# 22's: both tools run -benchmark-phase=prepare-snippet -opcode-index=-1
# with the same -mtriple and -mcpu, per mode, and
# bench/prepare-snippet-compare.py prints, per mode, how many opcodes both
# generate, only upstream, only ours (with the other tool's reason for
# skipping, by kind), and how many of the snippets both generate have the
# same instruction shape (opcodes, immediates, %noreg, which operands share
# a register), with the differences by kind.
#
# Upstream chooses registers, helper instructions and the number of
# parallel copies at random, so it runs RUNS times per mode (default 3) and
# ours matches when it has the shape of any of those runs.
#
# usage: bench/prepare-snippet-vs-upstream.sh [MODES] [OURS] [UPSTREAM]
#   MODES: comma-separated (default latency,inverse_throughput,uops)
# (defaults: build/bin/llvm-exegesis, /usr/lib/llvm-22/bin/llvm-exegesis)
# Environment: TRIPLE (default x86_64-unknown-linux-gnu), CPU (default the
# host's, as our tool names it), RUNS (default 3), KEEP=DIR keeps the YAML
# and stderr of every run in DIR.
# About 20 s per upstream latency run and 5 s per other run here; ours a
# second or two each.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
modes=${1:-latency,inverse_throughput,uops}
ours=${2:-$here/build/bin/llvm-exegesis}
upstream=${3:-/usr/lib/llvm-22/bin/llvm-exegesis}
triple=${TRIPLE:-x86_64-unknown-linux-gnu}
runs=${RUNS:-3}

source "$here/bench/needs.sh"
bench_needs_built "$ours"
bench_needs_upstream "$upstream"
bench_needs python3 python3
if [[ ! $runs =~ ^[1-9][0-9]*$ ]]; then
  echo "prepare-snippet-vs-upstream: RUNS='$runs' is not a positive count" >&2
  exit 1
fi

if [[ -n ${KEEP:-} ]]; then
  mkdir -p "$KEEP"
  work=$KEEP
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

cpu=${CPU:-$("$ours" -mode=latency -opcode-name=ADD64rr \
  -benchmark-phase=prepare-snippet 2>/dev/null |
  sed -n 's/^cpu_name: *//p' | head -1)}
if [[ -z $cpu ]]; then
  echo "prepare-snippet-vs-upstream: cannot tell the host CPU; set CPU=" >&2
  exit 1
fi

# sweep NAME TOOL MODE: YAML in $work/NAME.yaml, stderr in $work/NAME.err.
sweep() {
  local name=$1 tool=$2 mode=$3 start end
  start=$(date +%s%N)
  "$tool" -mode="$mode" -opcode-index=-1 -mtriple="$triple" -mcpu="$cpu" \
    -benchmark-phase=prepare-snippet -benchmarks-file="$work/$name.yaml" \
    2> "$work/$name.err" || {
      echo "prepare-snippet-vs-upstream: $name failed:" >&2
      tail -5 "$work/$name.err" >&2
      exit 1
    }
  end=$(date +%s%N)
  local tenths=$(((end - start) / 100000000))
  echo "  $name: $((tenths / 10)).$((tenths % 10)) s"
}

echo "prepare-snippet sweeps of every opcode, -mtriple=$triple -mcpu=$cpu," \
     "upstream run $runs times per mode"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
IFS=, read -r -a mode_list <<< "$modes"
for mode in "${mode_list[@]}"; do
  sweep "ours-$mode" "$ours" "$mode"
  for ((run = 1; run <= runs; ++run)); do
    sweep "upstream-$mode-$run" "$upstream" "$mode"
  done
done
echo
for mode in "${mode_list[@]}"; do
  compare_args=("$mode" "$work/ours-$mode.yaml" "$work/ours-$mode.err")
  for ((run = 1; run <= runs; ++run)); do
    compare_args+=("$work/upstream-$mode-$run.yaml"
                   "$work/upstream-$mode-$run.err")
  done
  python3 "$here/bench/prepare-snippet-compare.py" "${compare_args[@]}"
  echo
done
