#!/bin/sh
# Writes a latency results file with a few hundred benchmarks (znver4) for
# timing -mode=analysis: real snippets assembled by upstream llvm-exegesis
# 22 (-benchmark-phase=assemble-measured-code, which needs no PMU), values
# filled in by fill_measurements.py.
#   make_big_results.sh OUT.yaml [REPEAT]
set -e
OUT=${1:?usage: make_big_results.sh OUT.yaml [REPEAT]}
REPEAT=${2:-3}
UPSTREAM=${UPSTREAM:-/usr/lib/llvm-22/bin/llvm-exegesis}
HERE=$(cd "$(dirname "$0")" && pwd)
for NEED in "$UPSTREAM:llvm-22" "$(command -v python3 || echo python3):python3"; do
  if [ ! -x "${NEED%:*}" ]; then
    echo "make_big_results.sh: needs ${NEED%:*} (Debian package ${NEED##*:}): run ./dev bench-deps" >&2
    exit 2
  fi
done
RAW=$(mktemp)
trap 'rm -f "$RAW"' EXIT

opcodes() {
  for p in ADD SUB AND OR XOR ADC SBB CMP TEST; do
    for w in 8 16 32 64; do echo "${p}${w}rr"; done
  done
  for p in SHL SHR SAR ROL ROR; do
    for w in 8 16 32 64; do echo "${p}${w}ri"; echo "${p}${w}r1"; done
  done
  for p in INC DEC NEG NOT; do
    for w in 8 16 32 64; do echo "${p}${w}r"; done
  done
  for o in IMUL16rr IMUL32rr IMUL64rr BSWAP32r BSWAP64r POPCNT32rr POPCNT64rr \
    LZCNT32rr LZCNT64rr TZCNT32rr TZCNT64rr BSF32rr BSF64rr BSR32rr BSR64rr \
    MOV32rr MOV64rr MOVSX64rr32 MOVZX32rr8 MOVZX32rr16 CMOV32rr CMOV64rr \
    SHLD32rri8 SHLD64rri8 SHRD32rri8 SHRD64rri8 ANDN32rr ANDN64rr BLSR32rr \
    BLSR64rr BEXTR32rr BEXTR64rr PDEP32rr PDEP64rr PEXT32rr PEXT64rr \
    RORX32ri RORX64ri SARX32rr SARX64rr SHLX32rr SHLX64rr SHRX32rr SHRX64rr \
    PADDDrr PADDQrr PSUBDrr PMULLDrr PMULUDQrr PXORrr PANDrr PORrr ADDPSrr \
    ADDPDrr MULPSrr MULPDrr DIVPSrr DIVPDrr SQRTPSr SQRTPDr ADDSSrr ADDSDrr \
    MULSSrr MULSDrr VADDPSYrr VMULPSYrr VFMADD231PSYr VPADDDYrr VPMULLDYrr \
    VPXORYrr VPSHUFBYrr VPERMDYrr; do echo "$o"; done
}

# One call per opcode: a name this LLVM does not know is skipped, not fatal.
for OP in $(opcodes); do
  "$UPSTREAM" -mode=latency -mcpu=znver4 -opcode-name="$OP" \
    -benchmark-phase=assemble-measured-code 2>/dev/null >> "$RAW" || true
done
python3 "$HERE/fill_measurements.py" "$RAW" --repeat "$REPEAT" --jitter 0.02 \
  --spread --error DIVPSrr > "$OUT"
echo "$(grep -c '^---' "$OUT") benchmarks written to $OUT"
