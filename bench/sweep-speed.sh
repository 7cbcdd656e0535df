#!/usr/bin/env bash
# Full x86-64 latency sweep at -benchmark-phase=assemble-measured-code, ours
# against LLVM 22's llvm-exegesis, side by side on this machine. Prints both
# wall times, CPU times, peak RSS, snippet counts and the ratios.
#
# usage: bench/sweep-speed.sh [OUR_LLVM_EXEGESIS] [UPSTREAM_LLVM_EXEGESIS]
# (defaults: build/bin/llvm-exegesis, /usr/lib/llvm-22/bin/llvm-exegesis)
# Extra arguments for both tools can be given in SWEEP_ARGS, e.g.
# SWEEP_ARGS=-mcpu=znver4.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
ours=${1:-$here/build/bin/llvm-exegesis}
upstream=${2:-/usr/lib/llvm-22/bin/llvm-exegesis}
args=(-mode=latency -opcode-index=-1 -benchmark-phase=assemble-measured-code
      ${SWEEP_ARGS:-})

source "$here/bench/needs.sh"
bench_needs_built "$ours"
bench_needs_upstream "$upstream"
bench_needs /usr/bin/time time

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run NAME TOOL: the sweep, its YAML in $work/NAME.yaml, GNU time's report in
# $work/NAME.time.
run() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/$1.time" \
    "$2" "${args[@]}" -benchmarks-file="$work/$1.yaml" \
    2> "$work/$1.stderr" || {
      echo "sweep-speed: $1 failed:" >&2
      tail -5 "$work/$1.stderr" >&2
      exit 1
    }
}

echo "sweep: ${args[*]}"
echo "running ours ($ours) ..."
run ours "$ours"
echo "running upstream ($upstream); this takes minutes ..."
run upstream "$upstream"

read -r ours_wall ours_user ours_sys ours_rss < "$work/ours.time"
read -r up_wall up_user up_sys up_rss < "$work/upstream.time"
ours_count=$(grep -c '^---' "$work/ours.yaml" || true)
up_count=$(grep -c '^---' "$work/upstream.yaml" || true)

awk -v ow="$ours_wall" -v ou="$ours_user" -v os="$ours_sys" -v orss="$ours_rss" \
    -v oc="$ours_count" -v uw="$up_wall" -v uu="$up_user" -v us="$up_sys" \
    -v urss="$up_rss" -v uc="$up_count" 'BEGIN {
  printf "%-10s %10s %10s %14s %10s\n", "", "wall (s)", "cpu (s)", "peak RSS (MB)", "snippets"
  printf "%-10s %10.2f %10.2f %14.1f %10d\n", "ours", ow, ou + os, orss / 1024, oc
  printf "%-10s %10.2f %10.2f %14.1f %10d\n", "upstream", uw, uu + us, urss / 1024, uc
  printf "speed-up: %.1fx wall, %.1fx cpu; per snippet: %.3f ms ours, %.3f ms upstream\n",
    uw / ow, (uu + us) / (ou + os), 1000 * ow / oc, 1000 * uw / uc
}'
