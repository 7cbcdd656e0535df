#!/usr/bin/env bash
# How long assembling one measured function takes, ours against upstream
# llvm-exegesis 22, for a one-instruction snippet repeated to 10,000
# instructions (duplicate mode).
#
# - ours, library: bench program `assemble-speed` (built with the project),
#   steady-state median per function, plus the first call apart;
# - per snippet through the tool: -opcode-name=ADD64rr given K times at
#   -benchmark-phase=assemble-measured-code, minus the same with 1, divided
#   by K-1 (process start-up and target set-up cancel out). K is 50 for
#   upstream and 500 for ours (ours is so fast that 50 drown in noise).
#
#   bench/assemble-speed.sh [BUILD_DIR]        (default: build)
#   K_UPSTREAM=50 K_OURS=500 RUNS=3 bench/assemble-speed.sh build-asm
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD_DIR:-build}}
OURS=$BUILD/bin/llvm-exegesis
BENCH=$BUILD/bench/assemble-speed
UPSTREAM=${UPSTREAM:-/usr/lib/llvm-22/bin/llvm-exegesis}
K_UPSTREAM=${K_UPSTREAM:-50}
K_OURS=${K_OURS:-500}
RUNS=${RUNS:-3}

source bench/needs.sh
bench_needs_built "$OURS"
bench_needs_built "$BENCH"
bench_needs_upstream "$UPSTREAM"

"$BENCH"

# Smallest wall time in microseconds of RUNS runs of: Tool Args...; empty
# when the tool fails.
min_us() {
  local Tool=$1 Best=""
  shift
  for ((I = 0; I < RUNS; I++)); do
    local Start End
    Start=$(date +%s%N)
    "$Tool" "$@" >/dev/null 2>&1 || return 0
    End=$(date +%s%N)
    local T=$(((End - Start) / 1000))
    [[ -z $Best || $T -lt $Best ]] && Best=$T
  done
  echo "$Best"
}

per_snippet() {
  local Tool=$1 K=$2 One All Many
  Many=$(printf 'ADD64rr,%.0s' $(seq "$K"))
  Many=${Many%,}
  local Args=(-mode=latency -benchmark-phase=assemble-measured-code)
  One=$(min_us "$Tool" "${Args[@]}" -opcode-name=ADD64rr)
  All=$(min_us "$Tool" "${Args[@]}" -opcode-name="$Many")
  if [[ -z $One || -z $All ]]; then
    echo "n/a (the tool does not take -opcode-name)"
  else
    awk -v a="$All" -v o="$One" -v k="$K" \
      'BEGIN { printf "%.3f ms (x %d)", (a - o) / (k - 1) / 1000, k }'
  fi
}
echo "per ADD64rr snippet through the tool at assemble-measured-code" \
  "(-opcode-name x K, best of $RUNS):"
echo "  upstream: $(per_snippet "$UPSTREAM" "$K_UPSTREAM")"
echo "  ours:     $(per_snippet "$OURS" "$K_OURS")"
