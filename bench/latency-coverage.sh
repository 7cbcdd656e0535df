#!/usr/bin/env bash
# How much of the instruction set the latency sweep covers (issue 53): runs
# the full latency sweep (-mode=latency -opcode-index=-1) up to the generated
# snippets, counts the opcodes left with "No strategy found to make the
# execution serial" and groups them by the reason the tool gives after it.
# The count is split three ways: opcodes never run here, opcodes with no
# latency to measure, and the others, which carry a value on a host that
# runs them and have no strategy yet.
# Nothing is measured for the counts, so they do not depend on the
# machine's load. Which of the opcodes left this host runs is the measure
# phase's business: the opcodes not refused as never run (nor prefixes) are
# measured once in throughput mode, whose snippets nearly every opcode gets,
# and those the measure phase skips (the host cannot execute them, SIGILL
# when probed, or they are not valid in 64-bit mode) are not counted as run
# here. PROBE=0 leaves that out.
#
# usage: bench/latency-coverage.sh [LLVM_EXEGESIS] [EXTRA_ARGS...]
# (default: build/bin/llvm-exegesis). PHASE overrides the benchmark phase
# (default prepare-snippet; e.g. PHASE=assemble-measured-code). The opcodes
# and their reasons are kept in $KEEP when it is set, the ones this host
# runs in $KEEP.runhere.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$here/build/bin/llvm-exegesis}
shift || true
phase=${PHASE:-prepare-snippet}

source "$here/bench/needs.sh"
bench_needs_built "$tool"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

SECONDS=0
"$tool" -mode=latency -opcode-index=-1 -benchmark-phase="$phase" \
  -benchmarks-file=/dev/null "$@" 2>"$work/err" || true
elapsed=$SECONDS

prefix='No strategy found to make the execution serial'
grep -E "^[A-Za-z0-9_]+: $prefix" "$work/err" >"$work/nostrategy" || true
if [ -n "${KEEP:-}" ]; then
  cp "$work/nostrategy" "$KEEP"
fi

total=$(wc -l <"$work/nostrategy")
never=$(grep -c ": $prefix: never run here" "$work/nostrategy" || true)
bare=$(grep -cE ": $prefix\$" "$work/nostrategy" || true)
echo "sweep: $tool, phase $phase, $elapsed s"
grep '^summary:' "$work/err" | sed -E 's/ \(.*\)(, [0-9]+ failed)$/\1/' || true
echo "opcodes without a latency strategy: $total"
echo "  of them never run here (privileged, system, faulting): $never"
# Opcodes whose reason says they have nothing to measure a latency of:
# they read no value (constants, counters), give none back (hints, fences,
# no-ops) or are not instructions (prefixes).
nolatency=$(grep -cE ": $prefix: (.*no latency, only a throughput|a prefix, not an instruction|a memory hint with no result|the instruction writes no register, flag or memory)" "$work/nostrategy" || true)
echo "  of them without a latency to measure (no input or no result, or a prefix): $nolatency"
echo "  the others, run here and carrying a value: $((total - never - nolatency))"
echo "  without a reason: $bare"
echo "by reason:"
# The reason is everything after the prefix; the "never run here (...)"
# reasons are grouped by their own words in the parentheses.
sed -E "s/^[^:]+: $prefix:? ?//" "$work/nostrategy" |
  sed -E 's/^$/(no reason given)/' | sort | uniq -c | sort -rn |
  awk '{count=$1; $1=""; sub(/^ /, ""); printf "%6d  %s\n", count, $0}'

if [ "${PROBE:-1}" = 0 ]; then
  exit 0
fi
# Prefixes are not instructions: the host runs them only as part of the
# instruction they prefix.
grep -v ": $prefix: never run here" "$work/nostrategy" |
  grep -v ": $prefix: a prefix, not an instruction" |
  cut -d: -f1 >"$work/candidates"
SECONDS=0
"$tool" -mode=inverse_throughput \
  -opcode-name="$(paste -sd, - <"$work/candidates")" \
  -benchmarks-file=/dev/null 2>"$work/probe" || true
grep -E '^[A-Za-z0-9_]+: skipped, (the host cannot execute it|not valid in this mode)' \
  "$work/probe" >"$work/notrun" || true
notrun=$(wc -l <"$work/notrun")
candidates=$(wc -l <"$work/candidates")
runhere=$((candidates - notrun))
awk -F': ' 'NR == FNR { skipped[$1] = 1; next } !($1 in skipped)' \
  "$work/notrun" "$work/nostrategy" |
  grep -v ": $prefix: never run here" |
  grep -v ": $prefix: a prefix, not an instruction" >"$work/runhere" || true
runnolatency=$(grep -cE ": $prefix: (.*no latency, only a throughput|a memory hint with no result|the instruction writes no register, flag or memory)" "$work/runhere" || true)
echo "on this host (measured once in throughput mode, $SECONDS s):"
echo "  not run here (the host cannot execute them, or not valid in 64-bit mode): $notrun"
echo "  prefixes (not instructions): $(grep -c ": $prefix: a prefix, not an instruction" "$work/nostrategy" || true)"
echo "  instructions this host runs without a latency strategy: $runhere"
echo "    of them without a latency to measure: $runnolatency"
echo "    the others, carrying a value: $((runhere - runnolatency))"
if [ -n "${KEEP:-}" ]; then
  cp "$work/runhere" "$KEEP.runhere"
fi
echo "run here, by reason:"
sed -E "s/^[^:]+: $prefix:? ?//" "$work/runhere" | sort | uniq -c | sort -rn |
  awk '{count=$1; $1=""; sub(/^ /, ""); printf "%6d  %s\n", count, $0}'
