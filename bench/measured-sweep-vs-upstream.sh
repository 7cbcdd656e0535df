#!/usr/bin/env bash
# Our measured latency sweep against upstream llvm-exegesis 22 *assembling*
# the same opcodes (-benchmark-phase=assemble-measured-code, which works
# without a PMU), one after the other on this machine. Prints both wall
# times, their ratio (target: ours at most 2.5x upstream's), the counts, and
# an agreement check: a subset of the opcodes our sweep measured is measured
# again one opcode at a time at default options, twice, and the script
# counts how many sweep values lie within 2% of the first of those (target:
# at least 95%), how many opcodes' two single runs disagree with each other
# (instructions with two steady states), and how many sweep values lie
# within 2% of either.
#
# usage: bench/measured-sweep-vs-upstream.sh [sample|full] [OURS] [UPSTREAM]
#   sample (default): the 600 opcodes of bench/measured-sweep-opcodes.txt,
#                     given to both tools as one -opcode-name list
#   full:             every opcode (-opcode-index=-1); upstream's takes about
#                     3 minutes, ours a few
# (defaults: build/bin/llvm-exegesis, /usr/lib/llvm-22/bin/llvm-exegesis)
# Environment: AGREE_COUNT (default 60) opcodes re-measured singly;
# SWEEP_ARGS extra options for our sweep only (e.g. -benchmark-repeat-count=30
# to compare with the single-measurement default).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
scope=${1:-sample}
ours=${2:-$here/build/bin/llvm-exegesis}
upstream=${3:-/usr/lib/llvm-22/bin/llvm-exegesis}
agree_count=${AGREE_COUNT:-60}

case $scope in
  sample) ;;
  full) ;;
  *)
    echo "measured-sweep-vs-upstream: unknown scope '$scope' (sample or" \
         "full)" >&2
    exit 1 ;;
esac
source "$here/bench/needs.sh"
bench_needs_built "$ours"
bench_needs_upstream "$upstream"
bench_needs /usr/bin/time time
bench_needs python3 python3

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ $scope == sample ]]; then
  list=$(grep -v '^#' "$here/bench/measured-sweep-opcodes.txt" | paste -sd,)
  what=(-opcode-name="$list")
  count=$(grep -vc '^#' "$here/bench/measured-sweep-opcodes.txt")
  described="the $count-opcode sample (bench/measured-sweep-opcodes.txt)"
else
  what=(-opcode-index=-1)
  described="every opcode (-opcode-index=-1)"
fi

# run NAME TOOL ARGS...: YAML in $work/NAME.yaml, GNU time's report (wall,
# user, system seconds) in $work/NAME.time, stderr in $work/NAME.stderr.
run() {
  local name=$1 tool=$2
  shift 2
  /usr/bin/time -f '%e %U %S' -o "$work/$name.time" \
    "$tool" -mode=latency "${what[@]}" "$@" \
    -benchmarks-file="$work/$name.yaml" 2> "$work/$name.stderr" || {
      echo "measured-sweep-vs-upstream: $name failed:" >&2
      tail -5 "$work/$name.stderr" >&2
      exit 1
    }
}

echo "latency sweep of $described"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ours, measured (-execution-mode=subprocess ${SWEEP_ARGS:-}) ..."
# shellcheck disable=SC2086
run ours "$ours" -execution-mode=subprocess ${SWEEP_ARGS:-}
echo "upstream, assembled (-benchmark-phase=assemble-measured-code) ..."
run upstream "$upstream" -benchmark-phase=assemble-measured-code

# The agreement subset: AGREE_COUNT opcodes spread evenly over those our
# sweep measured (a value and no error), each the first benchmark of its
# opcode.
python3 - "$work/ours.yaml" "$agree_count" > "$work/subset" <<'EOF'
import re, sys
seen, measured = set(), []
for doc in open(sys.argv[1]).read().split('\n---'):
    inst = re.search(r"instructions:\n\s+- '([A-Za-z0-9_]+)", doc)
    value = re.search(r"key: latency, value: ([-0-9.e+]+)", doc)
    error = re.search(r"^error:\s*(.*)$", doc, re.M)
    if not inst or inst.group(1) in seen:
        continue
    seen.add(inst.group(1))
    if value and (not error or error.group(1).strip() in ("", "''")):
        measured.append((inst.group(1), value.group(1)))
count = min(int(sys.argv[2]), len(measured))
for i in range(count):
    print(*measured[i * len(measured) // count])
EOF

subset_size=$(wc -l < "$work/subset")
echo "agreement: $subset_size opcodes measured again one at a time at" \
     "default options, twice (two passes over the list) ..."
# single OPCODE: its latency at default options, or '-'.
single() {
  local value
  value=$("$ours" -mode=latency -opcode-name="$1" \
            -execution-mode=subprocess 2> /dev/null |
          sed -n 's/.*key: latency, value: \([-0-9.e+]*\),.*/\1/p' | head -1)
  echo "${value:--}"
}
: > "$work/agreement"
single_start=$(date +%s.%N)
while read -r opcode swept; do
  echo "$opcode $swept $(single "$opcode")" >> "$work/first-pass"
done < "$work/subset"
while read -r opcode swept first; do
  echo "$opcode $swept $first $(single "$opcode")" >> "$work/agreement"
done < "$work/first-pass"
single_end=$(date +%s.%N)
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

read -r ours_wall ours_user ours_sys < "$work/ours.time"
read -r up_wall up_user up_sys < "$work/upstream.time"
ours_docs=$(grep -c '^---' "$work/ours.yaml" || true)
ours_measured=$(grep -c 'key: latency, value:' "$work/ours.yaml" || true)
ours_skipped=$(grep -c 'skipped, the host cannot execute' "$work/ours.stderr" ||
               true)
up_docs=$(grep -c '^---' "$work/upstream.yaml" || true)

echo
awk -v ow="$ours_wall" -v ou="$ours_user" -v os="$ours_sys" \
    -v od="$ours_docs" -v om="$ours_measured" -v osk="$ours_skipped" \
    -v uw="$up_wall" -v uu="$up_user" -v us="$up_sys" -v ud="$up_docs" 'BEGIN {
  printf "%-26s %9s %9s %11s\n", "", "wall (s)", "cpu (s)", "benchmarks"
  printf "%-26s %9.2f %9.2f %11d\n", "ours, measured", ow, ou + os, od
  printf "%-26s %9.2f %9.2f %11d\n", "upstream, assembled", uw, uu + us, ud
  printf "ratio (ours / upstream): %.2fx wall, %.2fx cpu (target: 2.5x wall)\n",
    ow / uw, (ou + os) / (uu + us)
  printf "ours: %d measured, %d with an error or no value, %d opcodes the " \
         "host cannot run; %.1f ms per measured benchmark\n",
    om, od - om, osk, om ? 1000 * ow / om : 0
}'
# How each sweep value was settled (see the info field).
python3 - "$work/ours.yaml" <<'EOF'
import re, sys
from collections import Counter
kinds = Counter()
for info in re.findall(r"^info:\s*'(.*)'$", open(sys.argv[1]).read(), re.M):
    m = re.search(r": settled in (\d+) runs?", info)
    if m:
        kinds["in run 1" if m.group(1) == "1" else "in a later run"] += 1
    elif ": not settled in " in info:
        kinds["not within -settle-time-limit"] += 1
    elif ": one run by request" in info:
        kinds["one run by request"] += 1
print("sweep values settled:",
      ", ".join(f"{k}: {v}" for k, v in kinds.most_common()))
# The benchmarks without a value, and why.
for doc in re.split(r"^---", open(sys.argv[1]).read(), flags=re.M):
    if "instructions:" not in doc or "key: latency, value:" in doc:
        continue
    inst = re.search(r"instructions:\n\s+- '([^']*)'", doc)
    error = re.search(r"^error:\s*(.*)$", doc, re.M)
    print("  no value:", inst.group(1) if inst else "?",
          error.group(1)[:150] if error else "(no error)")
EOF
python3 - "$work/agreement" "$single_start" "$single_end" <<'EOF'
import sys
# Some instructions have two steady states whatever measures them (the FP
# divider's 13.0 or 13.5 cycles on Zen 3, move elimination, PHADDW): two
# single runs of such an opcode disagree with each other as often as with
# the sweep. A sweep value is counted as agreeing when it is within 2% of
# the first single run (the target's figure); the line after it counts the
# pairs of single runs that disagree with each other, and the sweep values
# within 2% of either run.
rows = [line.split() for line in open(sys.argv[1])]
compared = [(op, float(s), float(a), float(b)) for op, s, a, b in rows
            if a != '-' and b != '-']
near = lambda x, y: abs(x - y) <= 0.02 * abs(y)
within = [r for r in compared if near(r[1], r[2])]
either = [r for r in compared if near(r[1], r[2]) or near(r[1], r[3])]
bimodal = [r for r in compared if not near(r[3], r[2])]
print(f"agreement: {len(within)} of {len(compared)} sweep values within 2% "
      f"of a single-opcode run at default options "
      f"({100 * len(within) / max(1, len(compared)):.1f}%, target 95%; "
      f"{len(rows) - len(compared)} opcodes without two single values; the "
      f"single runs took {float(sys.argv[3]) - float(sys.argv[2]):.1f} s)")
stable = [r for r in compared if r not in bimodal]
stable_within = [r for r in stable if near(r[1], r[2])]
print(f"single runs: {len(bimodal)} of {len(compared)} opcodes read values "
      f"more than 2% apart in the two passes; of the other {len(stable)}, "
      f"{len(stable_within)} sweep values are within 2% "
      f"({100 * len(stable_within) / max(1, len(stable)):.1f}%); "
      f"{len(either)} of {len(compared)} are within 2% of one of the two")
for op, s, a, b in compared:
    if not near(s, a) or not near(b, a):
        print(f"  {op:24s} sweep {s:10.4f}  single {a:10.4f} {b:10.4f}  "
              f"{100 * (s - a) / a:+7.1f}%"
              + ("  (single runs disagree)" if not near(b, a) else ""))
EOF
