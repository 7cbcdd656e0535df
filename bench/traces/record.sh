#!/usr/bin/env bash
# Records time-based traces of this host for the sampler's corpus: a few
# accuracy bodies (bench/accuracy/bodies.txt), latency and throughput, in
# both execution modes, each with its truth measured by the accuracy
# harness on this host in the same run. Quiet by default; with STRESS=1 under
# `stress-ng --cpu N` (one worker per CPU) for the whole recording.
#
#   bench/traces/record.sh OUT_DIR [TOOL]
#
# Throughput bodies are measured as a loop of 600-instruction bodies (the
# default's loop, without its straight-line twin, which may be bound by the
# front end where the harness is not), unless the loop would break the
# body's chain: then straight-line, as the default measures them.
#
# The tool samples with rules that never settle (a tolerance of 0.0001%,
# 99 agreeing runs) for RECORD_SECONDS (default 1.5) per measurement, so a
# trace holds whole runs and more of them than any judgement needs;
# make-corpus.py --recorded OUT_DIR then gives each trace the default rules
# and its truth, and the replay decides as the tool would have.
# Needs: a built tool, python3, cc; stress-ng for STRESS=1 (apt-get install
# stress-ng, which ./dev test does not install).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: record.sh OUT_DIR [TOOL]}
tool=${2:-$here/../../build/bin/llvm-exegesis}
seconds=${RECORD_SECONDS:-1.5}
bodies=${BODIES:-'^(ADD64rr|ADC64rr|IMUL64rr|SAR64ri|LEA64r_bis|PEXT64rr|VPSHUFDri|VADDPDYrr|VSQRTSDr)$'}
mkdir -p "$out"
command -v "$tool" >/dev/null || [ -x "$tool" ] || {
  echo "record.sh: no tool at $tool (build it: ./dev test)" >&2; exit 1; }
if [ "${STRESS:-0}" = 1 ]; then
  command -v stress-ng >/dev/null || {
    echo "record.sh: STRESS=1 needs stress-ng (apt-get install stress-ng)" >&2
    exit 1; }
  stress-ng --cpu "$(nproc)" --timeout 3600 >/dev/null 2>&1 &
  stress=$!
  trap 'kill $stress 2>/dev/null || true' EXIT
  sleep 1
fi
{
  grep -m1 'model name' /proc/cpuinfo
  grep -m1 'cpu family' /proc/cpuinfo
  grep -m1 '^model[^ ]' /proc/cpuinfo
  echo "load at start: $(cat /proc/loadavg); stress: ${STRESS:-0}"
} > "$out/host.txt"
# The truths, and the snippet files of the bodies.
python3 "$here/../accuracy/run.py" --tool "$tool" --filter "$bodies" \
  --runs 1 --reference-runs 5 --modes inprocess --keep "$out/snippets" \
  > "$out/reference.txt"
for snippet in "$out"/snippets/*.s; do
  key=$(basename "$snippet" .s)
  case "$key" in
    *.lat) mode=(-mode=latency) ;;
    *) mode=(-mode=inverse_throughput -repetition-mode=loop -loop-body-size=600)
       # A body whose chain the loop's counter update would break (ADC's
       # carry: `add $-1` writes CF where the harness's `dec` keeps it) is
       # measured straight-line, as the tool's default measures it: its loop
       # measures other code than the harness's truth (ADC64rr read 2% low
       # on Zen 5).
       if "$tool" -mode=inverse_throughput -snippets-file="$snippet" \
            -benchmark-phase=assemble-measured-code |
          grep -q 'straight-line code only'; then
         mode=(-mode=inverse_throughput -repetition-mode=duplicate)
       fi ;;
  esac
  for execution in inprocess subprocess; do
    "$tool" "${mode[@]}" -snippets-file="$snippet" \
      -execution-mode=$execution -settle-tolerance=0.0001 \
      -settle-agreeing-runs=99 -settle-time-limit="$seconds" \
      -time-samples-file="$out/$key.$execution.jsonl" > /dev/null
  done
done
echo "load at end: $(cat /proc/loadavg)" >> "$out/host.txt"
echo "recorded $(ls "$out"/*.jsonl | wc -l) traces in $out"
