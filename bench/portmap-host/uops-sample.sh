#!/usr/bin/env bash
# -mode=uops on a host without per-port counters, from the host's port-map
# model (issue 54): every k-th opcode of bench/measured-sweep-opcodes.txt
# (a sample of what a measured sweep ran on an x86-64 host), N of them,
# measured against the model in one run; then counts the results that give
# a usage per resource and those that ended in an error, by error.
#
# usage: bench/portmap-host/uops-sample.sh MODEL [LLVM_EXEGESIS] [N]
#   MODEL          the model -mode=port-map wrote (-port-map-file)
#   LLVM_EXEGESIS  default build/bin/llvm-exegesis
#   N              opcodes in the sample, default 120
# The results are kept in $OUT (default uops-sample.yaml in the current
# directory). Timing-based: figures from a loaded machine say so.
set -euo pipefail

here=$(cd "$(dirname "$0")/../.." && pwd)
model=${1:?usage: uops-sample.sh MODEL [LLVM_EXEGESIS] [N]}
tool=${2:-$here/build/bin/llvm-exegesis}
count=${3:-120}
out=${OUT:-uops-sample.yaml}

mapfile -t all < <(grep -v '^#' "$here/bench/measured-sweep-opcodes.txt")
step=$(( ${#all[@]} / count ))
(( step >= 1 )) || step=1
sample=()
for (( i = 0; i < ${#all[@]} && ${#sample[@]} < count; i += step )); do
  sample+=("${all[$i]}")
done
list=$(IFS=,; echo "${sample[*]}")

start=$(date +%s)
status=0
"$tool" -mode=uops -port-map-file="$model" -opcode-name="$list" \
  -benchmarks-file="$out" -measurements-print-progress || status=$?
end=$(date +%s)

python3 - "$out" "${#sample[@]}" "$(( end - start ))" "$status" <<'PY'
import collections, re, sys
path, asked, seconds, status = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
docs = [d for d in open(path).read().split('\n---') if 'key:' in d or 'error:' in d]
usage, errors = 0, collections.Counter()
for d in docs:
    err = re.search(r"^error:\s+'?(.*?)'?$", d, re.M)
    if err and err.group(1) and err.group(1) != "''":
        errors[err.group(1)[:90]] += 1
    elif re.search(r'- \{ key: ', d):
        usage += 1
print(f"opcodes asked {asked}, results {len(docs)}, with a usage per resource {usage}, "
      f"with an error {sum(errors.values())}, {seconds} s, exit {status}")
for e, n in errors.most_common():
    print(f"  {n:4d}  {e}")
PY
