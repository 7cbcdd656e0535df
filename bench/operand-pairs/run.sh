#!/usr/bin/env bash
# Measures the latency of every operand pair (-latency-operand-pairs) of the
# 50 opcodes of opcodes.txt on this host and prints them beside LLVM's model
# of the host CPU (write latency less read advance, as -mode=analysis shows
# them). Usage: bench/operand-pairs/run.sh [TOOL] [OUTDIR]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
TOOL=${1:-$HERE/../../build/bin/llvm-exegesis}
OUT=${2:-$(mktemp -d)}
mkdir -p "$OUT"
OPCODES=$(grep -v '^#' "$HERE/opcodes.txt" | paste -sd, -)
"$TOOL" -mode=latency -opcode-name="$OPCODES" -latency-operand-pairs \
  -benchmarks-file="$OUT/pairs.yaml"
# Naive clusters (one per opcode) and an epsilon of 0 report every class, so
# that the report holds the model's value of every pair.
"$TOOL" -mode=analysis -benchmarks-file="$OUT/pairs.yaml" \
  -analysis-clustering=naive -analysis-inconsistency-epsilon=0 \
  -analysis-clusters-output-file=/dev/null \
  -analysis-inconsistencies-output-file="$OUT/pairs.html" >/dev/null
python3 "$HERE/table.py" "$OUT/pairs.yaml" "$OUT/pairs.html"
