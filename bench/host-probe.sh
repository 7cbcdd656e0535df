#!/usr/bin/env bash
# What the host check costs and whether anything still dies of SIGILL.
# Runs a measured sample of ~600 x86-64 opcodes (every k-th opcode that gets
# a snippet, in opcode order, taken from a prepare-snippet sweep) in
# subprocess mode, once with each tool given, and prints per tool: wall
# time, benchmarks measured, 'Illegal instruction' errors, errors by kind,
# skips by reason, and the tool's own 'host probe:' line (time spent
# probing), when it has one. Give a second tool (e.g. a build from before the
# probe) to compare the wall time with and without probing.
#
# usage: bench/host-probe.sh [LLVM_EXEGESIS [OTHER_LLVM_EXEGESIS]]
#   SAMPLE=N (default 600) changes the sample size; SAMPLE=all sweeps every
#   opcode with -opcode-index=-1 instead.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tools=("${1:-$here/build/bin/llvm-exegesis}")
[[ $# -ge 2 ]] && tools+=("$2")
sample=${SAMPLE:-600}
source "$here/bench/needs.sh"
for tool in "${tools[@]}"; do
  bench_needs_built "$tool"
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ $sample != all ]]; then
  "${tools[0]}" -mode=latency -opcode-index=-1 -benchmark-phase=prepare-snippet \
    -benchmarks-file="$work/prepared.yaml" 2> /dev/null
  # The first instruction of each generated snippet is the opcode's own.
  opcodes=$(awk -v n="$sample" '
    /^  instructions:/ { getline; sub(/^ *- '\''/, ""); sub(/['\'' ].*/, "");
                         if ($0 != last) names[count++] = $0; last = $0 }
    END { for (i = 0; i < n && i < count; i++) {
            printf "%s%s", (i ? "," : ""), names[int(i * count / n)] } }' \
    "$work/prepared.yaml")
  echo "sample: $(tr ',' '\n' <<< "$opcodes" | wc -l) opcodes"
  what=(-opcode-name="$opcodes" -measurements-print-progress)
else
  what=(-opcode-index=-1)
fi

for tool in "${tools[@]}"; do
  # One run per benchmark, as a full sweep does by default.
  start=$(date +%s.%N)
  "$tool" -mode=latency "${what[@]}" -execution-mode=subprocess \
    -settle-time-limit=0 -benchmarks-file="$work/results.yaml" \
    2> "$work/stderr"
  end=$(date +%s.%N)
  echo "== $tool"
  echo "wall: $(echo "$end - $start" | bc) s"
  echo "measured: $(grep -c '^  - { key: latency, value:' "$work/results.yaml" \
    || true), 'Illegal instruction' errors:" \
    "$(grep -c 'Illegal instruction' "$work/results.yaml" || true)"
  echo "errors by kind:"
  (grep "^error: *'[^']" "$work/results.yaml" || true) |
    sed 's/^error: *//; s/:.*//' | sort | uniq -c | sort -rn
  echo "skipped by reason:"
  (grep -v '^progress:\|^host probe:\|^summary:' "$work/stderr" || true) |
    sed 's/^[^:]*: //; s/skipped, the host cannot run [^:]*: .*/skipped (heuristic host check)/' |
    sort | uniq -c | sort -rn | head -12
  grep '^summary:\|^host probe:' "$work/stderr" || true
done
