#!/usr/bin/env bash
# A measured sweep of every x86-64 opcode in subprocess mode, watched from
# outside: once a second it counts the tool's open file descriptors, its
# children and the zombies among them, and afterwards looks for anything left
# behind. Prints the sweep's wall time, peak RSS, how many opcodes were
# measured and how many failed, the tool's own summary line, and the largest
# counts seen (and the host probe's line, when the tool prints one).
#
# usage: bench/sweep-resources.sh [LLVM_EXEGESIS] [extra tool options...]
# (default: build/bin/llvm-exegesis; e.g. -settle-time-limit=1 as an extra)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$here/build/bin/llvm-exegesis}
shift || true
source "$here/bench/needs.sh"
bench_needs_built "$tool"
bench_needs /usr/bin/time time
bench_needs pgrep procps

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/time -f '%e %M' -o "$work/time" \
  "$tool" -mode=latency -opcode-index=-1 -execution-mode=subprocess "$@" \
  -benchmarks-file="$work/sweep.yaml" 2> "$work/stderr" &
timer=$!
# The tool is GNU time's only child.
tool_pid=""
while [[ -z $tool_pid ]] && kill -0 "$timer" 2>/dev/null; do
  tool_pid=$(pgrep -P "$timer" || true)
  sleep 0.1
done

max_fds=0 max_children=0 max_zombies=0 samples=0
while [[ -n $tool_pid ]] && kill -0 "$tool_pid" 2>/dev/null; do
  # (pgrep and ps fail when there is no child: not an error here.)
  fds=$(ls "/proc/$tool_pid/fd" 2>/dev/null | wc -l || true)
  children=$( (pgrep -P "$tool_pid" || true) | wc -l)
  zombies=$( (ps -o stat= --ppid "$tool_pid" || true) | grep -c '^Z' || true)
  ((fds > max_fds)) && max_fds=$fds
  ((children > max_children)) && max_children=$children
  ((zombies > max_zombies)) && max_zombies=$zombies
  samples=$((samples + 1))
  sleep 1
done
status=0
wait "$timer" || status=$?
if ((status != 0)); then
  echo "sweep-resources: the sweep failed (exit $status):" >&2
  tail -5 "$work/stderr" >&2
  exit 1
fi

read -r wall rss < "$work/time"
measured=$(grep -c '^  - { key: latency, value:' "$work/sweep.yaml" || true)
failed=$(grep -c "^error: *'[^']" "$work/sweep.yaml" || true)
# Anything of the tool's left running: its children are re-parented on exit,
# so look for processes still running the tool's binary.
left=$( (pgrep -f -x "$tool .*-benchmarks-file=$work/sweep.yaml" || true) |
  wc -l)

echo "sweep: ${wall} s wall, $((rss / 1024)) MB peak RSS;" \
     "$measured measured, $failed failed"
grep '^summary:\|^host probe:' "$work/stderr" || true
echo "watched $samples s: open fds at most $max_fds, children at most" \
     "$max_children, zombies at most $max_zombies; processes left after:" \
     "$left"
