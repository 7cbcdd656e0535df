#!/usr/bin/env bash
# The port-map proof of issue 54 on this host, in one command: the host's
# characterisation (-mode=port-map, resumed when its model file exists),
# then the held-out comparison of bench/portmap-host/PortMapHeldOut.cpp: the
# inferred model and LLVM's scheduling model (through MCA) predicting the
# same held-out mixtures of instructions from the sweep, measured here
# (mean absolute percentage error and Kendall's tau of both), the inferred
# resources beside the model's ProcResources, and the per-instruction
# agreement table with the mixture that decides each disagreement.
#
# usage: bench/portmap-host/run.sh [BUILD_DIR]
#   BUILD_DIR defaults to build/ (it needs bin/llvm-exegesis and
#   bench/portmap-heldout: ninja -C BUILD_DIR llvm-exegesis portmap-heldout).
#   MODEL=FILE uses (or makes, or resumes) that model file; default
#   BUILD_DIR/portmap-host/model.yaml.
#   MIXTURES=N (default 200), POOL=N (default 32), SEED=N (default 54),
#   CANDIDATES=N (default 16: -port-map-candidates).
# Writes BUILD_DIR/portmap-host/report.txt (what it prints) and report.md
# (the tables for bench/RESULTS.md).
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
tool=$build/bin/llvm-exegesis
heldout=$build/bench/portmap-heldout
source "$here/bench/needs.sh"
bench_needs_built "$tool"
bench_needs_built "$heldout"

out=$build/portmap-host
mkdir -p "$out"
model=${MODEL:-$out/model.yaml}

echo "== $(date -u +%FT%TZ), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)," \
  "$(nproc) CPUs, commit $(git -C "$here" rev-parse --short HEAD)"
echo "== characterisation: $model"
start=$SECONDS
"$tool" -mode=port-map -port-map-file="$model" \
  -port-map-candidates="${CANDIDATES:-16}"
echo "== characterisation took $((SECONDS - start)) s"

start=$SECONDS
"$heldout" -model="$model" -opcodes="$here/bench/measured-sweep-opcodes.txt" \
  -mixtures="${MIXTURES:-200}" -pool="${POOL:-32}" -seed="${SEED:-54}" \
  -markdown="$out/report.md" | tee "$out/report.txt"
echo "== held-out comparison took $((SECONDS - start)) s;" \
  "tables in $out/report.md"
