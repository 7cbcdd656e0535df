#!/usr/bin/env bash
# Latency of generated opcode snippets against their known values on AMD
# Zen 3/4 and recent Intel cores (ADD 1 cycle, IMUL 3, MULX 4 for both
# results...). Prints measured, expected and the relative error per opcode.
#
# usage: bench/opcode-latency.sh [OUR_LLVM_EXEGESIS] [extra options...]
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
tool=${1:-$here/build/bin/llvm-exegesis}
shift || true
source "$here/bench/needs.sh"
bench_needs_built "$tool"

# opcode expected-cycles
reference=(
  "ADD64rr 1"
  "ADC64rr 1"
  "IMUL64rr 3"
  "LEA64r 1"
  "CMOV64rr 1"
)

printf '%-12s %10s %10s %8s\n' opcode measured expected error
for entry in "${reference[@]}"; do
  read -r opcode expected <<< "$entry"
  value=$("$tool" -mode=latency -opcode-name="$opcode" \
            -execution-mode=subprocess "$@" 2>/dev/null |
          sed -n 's/.*key: latency, value: \([-0-9.e+]*\),.*/\1/p' | head -1)
  if [[ -z $value ]]; then
    printf '%-12s %10s %10s %8s\n' "$opcode" "-" "$expected" "failed"
    continue
  fi
  awk -v o="$opcode" -v m="$value" -v e="$expected" 'BEGIN {
    printf "%-12s %10.3f %10.3f %7.1f%%\n", o, m, e, 100 * (m - e) / e }'
done
