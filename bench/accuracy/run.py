#!/usr/bin/env python3
"""Accuracy benchmark: measures every instruction of a reference list with
llvm-exegesis (snippet files, default options) in both execution modes and
prints measured vs expected latency, the error, the spread over repeated runs,
and the wall time of subprocess vs in-process runs.

Not a test: timings depend on the machine and its load. Run by hand:

  bench/accuracy/run.py [--tool build/bin/llvm-exegesis] [--runs 5]
                        [--reference bench/accuracy/zen3-reference.txt]
                        [--filter REGEX] [--throughput]
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Registers of the throughput snippet's independent copies (R8 is the loop
# counter of loop repetition, RSP/RBP hold the frame).
GPRS = [("RAX", "%rax", "%eax", "%al"), ("RBX", "%rbx", "%ebx", "%bl"),
        ("RCX", "%rcx", "%ecx", "%cl"), ("RDX", "%rdx", "%edx", "%dl"),
        ("RSI", "%rsi", "%esi", "%sil"), ("RDI", "%rdi", "%edi", "%dil"),
        ("R9", "%r9", "%r9d", "%r9b"), ("R10", "%r10", "%r10d", "%r10b")]
XMMS = [("XMM%d" % i, "%%xmm%d" % i) for i in range(8)]


def read_reference(path):
    entries = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 4:
                sys.exit("%s:%d: expected 'name | latency | rthroughput | "
                         "template'" % (path, number))
            entries.append((fields[0], float(fields[1]), float(fields[2]),
                            fields[3]))
    return entries


def snippet(template, copies):
    """The snippet text: `copies` independent instances of the template."""
    lines = []
    for i in range(copies):
        gpr, xmm = GPRS[i], XMMS[i]
        if "{r}" in template or "{d}" in template or "{b}" in template:
            # 1: values stay small and non-zero under every operation here.
            lines.insert(0, "# LLVM-EXEGESIS-DEFREG %s 1" % gpr[0])
        if "{x}" in template:
            # 1.0f in every lane: no denormals.
            lines.insert(0, "# LLVM-EXEGESIS-DEFREG %s 3f800000" % xmm[0])
        lines.append(template.format(r=gpr[1], d=gpr[2], b=gpr[3], x=xmm[1]))
    return "\n".join(lines) + "\n"


VALUE = re.compile(r"key: (\w+), value: ([-0-9.e+]+)")
INFO = re.compile(r"^info:\s*(.*)$", re.M)


def measure(tool, path, mode, extra):
    """Runs the tool once; returns (value, wall seconds, info) or raises."""
    start = time.perf_counter()
    result = subprocess.run(
        [tool, "-mode=" + mode, "-snippets-file=" + path] + extra,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    wall = time.perf_counter() - start
    out = result.stdout.decode()
    match = VALUE.search(out)
    if result.returncode != 0 or not match:
        raise RuntimeError("%s failed: %s%s" % (
            os.path.basename(path), result.stderr.decode().strip(),
            re.findall(r"error: .*", out)))
    info = INFO.search(out)
    return float(match.group(2)), wall, info.group(1) if info else ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", default=os.path.join(
        HERE, "..", "..", "build", "bin", "llvm-exegesis"))
    parser.add_argument("--reference",
                        default=os.path.join(HERE, "zen3-reference.txt"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--filter", default="")
    parser.add_argument("--extra", action="append", default=[],
                        help="an extra tool option for every latency run")
    parser.add_argument("--verbose", action="store_true",
                        help="print every run's value, and the info of the "
                             "runs more than 0.5%% from the median")
    parser.add_argument("--throughput", action="store_true",
                        help="also measure inverse throughput (in process, "
                             "loop repetition with a 256-instruction body, 8 independent copies)")
    args = parser.parse_args()
    entries = [e for e in read_reference(args.reference)
               if re.search(args.filter, e[0])]
    modes = ["inprocess", "subprocess"]
    walls = {m: [] for m in modes}
    worst_error = {m: 0.0 for m in modes}
    worst_spread = {m: 0.0 for m in modes}
    spreads = {m: [] for m in modes}
    within = {m: 0 for m in modes}

    print("%-13s %5s | %-28s | %-28s" % ("instruction", "ref", "inprocess",
                                         "subprocess"))
    print("%-13s %5s | %8s %7s %6s %5s | %8s %7s %6s %5s" % (
        "", "lat", "median", "error", "spread", "ms", "median", "error",
        "spread", "ms"))
    with tempfile.TemporaryDirectory() as tmp:
        for name, latency, rthroughput, template in entries:
            path = os.path.join(tmp, name + ".s")
            with open(path, "w") as f:
                f.write(snippet(template, 1))
            row = "%-13s %5g |" % (name, latency)
            for mode in modes:
                values, infos = [], []
                for _ in range(args.runs):
                    value, wall, info = measure(args.tool, path, "latency",
                                          ["-execution-mode=" + mode] +
                                          args.extra)
                    values.append(value)
                    infos.append(info)
                    walls[mode].append(wall)
                median = statistics.median(values)
                error = (median - latency) / latency
                spread = (max(values) - min(values)) / median
                worst_error[mode] = max(worst_error[mode], abs(error))
                worst_spread[mode] = max(worst_spread[mode], spread)
                spreads[mode].append(spread)
                within[mode] += abs(error) <= 0.05
                if args.verbose:
                    print("  %s %s: %s" % (name, mode, " ".join(
                        "%.4f" % v for v in values)))
                    # How the runs that stray from the median were sampled.
                    for value, info in zip(values, infos):
                        if abs(value - median) > 0.005 * median:
                            print("    %.4f: %s" % (value, info))
                row += " %8.3f %+6.1f%% %5.1f%% %5.0f |" % (
                    median, 100 * error, 100 * spread,
                    1000 * statistics.mean(walls[mode][-args.runs:]))
            if args.throughput:
                tpath = os.path.join(tmp, name + "-throughput.s")
                with open(tpath, "w") as f:
                    f.write(snippet(template, 8))
                value, _, _ = measure(args.tool, tpath, "inverse_throughput",
                                   ["-repetition-mode=loop", "-loop-body-size=256"])
                # The snippet holds 8 instructions; value is per instruction.
                row += " rthroughput %.3f (ref %g)" % (value, rthroughput)
            print(row, flush=True)

    count = len(entries)
    print()
    for mode in modes:
        print("%-10s: %d/%d latencies within 5%%; worst error %.1f%%; "
              "spread over %d runs: median %.1f%%, under 1%% for %d/%d, "
              "worst %.1f%%; mean wall time per run %.0f ms" % (
                  mode, within[mode], count, 100 * worst_error[mode],
                  args.runs, 100 * statistics.median(spreads[mode]),
                  sum(s < 0.01 for s in spreads[mode]), count,
                  100 * worst_spread[mode],
                  1000 * statistics.mean(walls[mode])))
    ratio = statistics.mean(walls["subprocess"]) / statistics.mean(
        walls["inprocess"])
    print("wall time subprocess / inprocess: %.2fx" % ratio)


if __name__ == "__main__":
    main()
