#!/bin/sh
# Runs our and upstream llvm-exegesis 22's -mode=analysis on the same results
# files and shows the clusters side by side (cluster id, size, sched class of
# the first member), whether the CSVs are byte-identical, and how long each
# tool takes (median of 5 runs, CSV + HTML).
#   compare_with_upstream.sh [RESULTS.yaml ...]
# Default: the lit inputs plus a generated file of ~500 benchmarks.
set -e
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OURS=${OURS:-$(ls -t "$ROOT"/build*/bin/llvm-exegesis 2>/dev/null | head -1)}
UPSTREAM=${UPSTREAM:-/usr/lib/llvm-22/bin/llvm-exegesis}
# What it needs, each named with the command that provides it.
if [ ! -x "$OURS" ]; then
  echo "compare_with_upstream.sh: no built llvm-exegesis under $ROOT/build*: build it with ./dev test (or set OURS)" >&2
  exit 2
fi
for NEED in "$UPSTREAM:llvm-22" /usr/bin/time:time "$(command -v python3 || echo python3):python3"; do
  if [ ! -x "${NEED%:*}" ]; then
    echo "compare_with_upstream.sh: needs ${NEED%:*} (Debian package ${NEED##*:}): run ./dev bench-deps" >&2
    exit 2
  fi
done
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
if [ $# -eq 0 ]; then
  INPUTS="$ROOT/llvm/test/tools/llvm-exegesis/analysis/Inputs"
  "$HERE/make_big_results.sh" "$TMP/big-latency-znver4.yaml" 3 >/dev/null
  set -- "$INPUTS/latency-znver4.yaml" "$INPUTS/uops-haswell.yaml" \
    "$INPUTS/small-latency.yaml" "$TMP/big-latency-znver4.yaml"
fi

summary() { # CSV -> "id size sched_class" per cluster
  python3 - "$1" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if r][1:]
seen = {}
for r in rows:
    if r[0] not in seen:
        seen[r[0]] = [0, r[3][:38]]
    seen[r[0]][0] += 1
for k, (n, c) in seen.items():
    print("%-4s %4d  %s" % (k, n, c))
PY
}

median_time() { # command... -> median wall seconds of 5 runs
  for i in 1 2 3 4 5; do
    /usr/bin/time -f %e "$@" >/dev/null 2>>"$TMP/t.$$" || true
  done
  grep -E '^[0-9.]+$' "$TMP/t.$$" | sort -n | sed -n 3p
  rm -f "$TMP/t.$$"
}

for F in "$@"; do
  N=$(grep -c '^---' "$F")
  "$UPSTREAM" -mode=analysis -benchmarks-file="$F" \
    -analysis-clusters-output-file="$TMP/up.csv" >/dev/null 2>&1
  "$OURS" -mode=analysis -benchmarks-file="$F" \
    -analysis-clusters-output-file="$TMP/our.csv"
  echo "== $(basename "$F"): $N benchmarks"
  if cmp -s "$TMP/up.csv" "$TMP/our.csv"; then
    echo "CSV byte-identical to upstream's ($(wc -l < "$TMP/our.csv") lines)"
  else
    echo "CSV DIFFERS from upstream's:"; diff "$TMP/up.csv" "$TMP/our.csv" | head -5
  fi
  summary "$TMP/up.csv" > "$TMP/up.sum"
  summary "$TMP/our.csv" > "$TMP/our.sum"
  printf '%-50s| %s\n' "upstream: id size sched_class" "ours: id size sched_class"
  paste -d'|' "$TMP/up.sum" "$TMP/our.sum" | awk -F'|' '{printf "%-50s| %s\n", $1, $2}'
  T_UP=$(median_time "$UPSTREAM" -mode=analysis -benchmarks-file="$F" \
    -analysis-clusters-output-file="$TMP/a.csv" \
    -analysis-inconsistencies-output-file="$TMP/a.html")
  T_OURS=$(median_time "$OURS" -mode=analysis -benchmarks-file="$F" \
    -analysis-clusters-output-file="$TMP/b.csv" \
    -analysis-inconsistencies-output-file="$TMP/b.html")
  echo "time (CSV + HTML, median of 5): ours ${T_OURS}s, upstream ${T_UP}s"
  echo
done
