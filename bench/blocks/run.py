#!/usr/bin/env python3
"""Basic-block benchmark: measures a sample of the shared BHive blocks with
-snippets-format=hex -auto-map-memory (inverse throughput, subprocess mode)
and prints, per file and in total, the blocks decoded, measured and failed
by reason, and blocks per second. For a subset of the measured blocks it then
writes each block as an asm snippet file with the annotations the run
reported (DEFREG for the register values, MEM-DEF/MEM-MAP and LOOP-REGISTER
from `info`) and
checks that measuring that file agrees with the auto-mapped run within 2%.

Not a test: timings depend on the machine and its load. Run by hand:

  bench/blocks/run.py [--tool build/bin/llvm-exegesis] [--every 20]
                      [--agree 20] [--data ../shared/data/bhive]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


# The reproduction check measures both sides of a block (the auto-mapped
# hex block and the asm snippet written from its annotations) with the
# defaults of a single snippet, given explicitly since a file of blocks is a
# sweep: the dataset run's own values have a sweep's precision (one run
# settled within 1%, or none within 0.03 s), and two such measurements of
# one block differ by more than 2% whenever the host is busy, whatever the
# input. The check is about the input, so both sides get the precision that
# can tell.
SINGLE_DEFAULTS = ["-benchmark-repeat-count=30",
                   "-time-based-window-cycles=320000",
                   "-settle-tolerance=0.3", "-settle-agreeing-runs=2",
                   "-settle-time-limit=5"]


def documents(path):
    text = open(path).read()
    return [d for d in text.split("\n---") if re.search(r"^mode:", d, re.M)]


def field(doc, name):
    m = re.search(r"^%s:\s*(.*)$" % name, doc, re.M)
    return m.group(1).strip() if m else ""


def key(doc):
    """The benchmark's key: instructions, config, register values."""
    m = re.search(r"^key:\n(.*?)^\S", doc, re.M | re.S)
    return m.group(1) if m else None


def value(doc):
    m = re.search(r"key: inverse_throughput, value: ([-0-9.e+]+)", doc)
    return float(m.group(1)) if m else None


def reason(doc):
    error = field(doc, "error").strip("'")
    if not error:
        return None
    info = field(doc, "info")
    for why in ("is below the lowest address", "is not a user address",
                "has no address", "is mapped already", "beyond the limit",
                "cannot be mapped"):
        if why in info:
            return error + " (" + why + ")"
    return error


def run_tool(tool, args, output):
    subprocess.run([tool] + args + ["-benchmarks-file=" + output],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=True)


def disassemble(hex_bytes, count):
    """The first `count` instructions of the block, in AT&T syntax."""
    spaced = " ".join("0x" + hex_bytes[i:i + 2]
                      for i in range(0, len(hex_bytes), 2))
    out = subprocess.run(["llvm-mc-22", "--disassemble", "-triple=x86_64"],
                         input=spaced, capture_output=True, text=True,
                         check=True).stdout
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    return lines[:count]


def as_snippet(doc, hex_bytes):
    """The block as an asm snippet file with the run's annotations."""
    count = len(re.findall(r"^    - '[A-Z]", doc.split("config:")[0], re.M))
    lines = []
    for reg, val in re.findall(r"^    - '([A-Z0-9]+)=0x([0-9A-Fa-f]+)'",
                               doc, re.M):
        lines.append("# LLVM-EXEGESIS-DEFREG %s %s" % (reg, val))
    info = field(doc, "info")
    for annotation in re.findall(
            r"LLVM-EXEGESIS-(?:MEM-DEF|MEM-MAP|LOOP-REGISTER) [^;']+", info):
        lines.append("# " + annotation.strip())
    lines += disassemble(hex_bytes, count)
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                       "llvm-exegesis"))
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared",
                                                       "data", "bhive"))
    parser.add_argument("--every", type=int, default=20,
                        help="take every N-th block of each file")
    parser.add_argument("--agree", type=int, default=20,
                        help="measured blocks checked against asm snippets")
    args = parser.parse_args()

    base = ["-mode=inverse_throughput", "-execution-mode=subprocess"]
    work = tempfile.mkdtemp(prefix="blocks-")
    print("host:", open("/proc/cpuinfo").read().split("model name")[1]
          .split("\n")[0].strip(": \t"))
    total = Counter()
    measured_blocks = []
    for name in sorted(os.listdir(args.data)):
        if not name.endswith(".csv"):
            continue
        lines = [l for l in open(os.path.join(args.data, name))
                 if l.strip() and not l.startswith("#")]
        sample = lines[::args.every]
        sample_path = os.path.join(work, name)
        with open(sample_path, "w") as f:
            f.writelines(sample)
        output = os.path.join(work, name + ".yaml")
        start = time.time()
        run_tool(args.tool, base + ["-snippets-format=hex", "-auto-map-memory",
                                    "-snippets-file=" + sample_path], output)
        seconds = time.time() - start
        docs = documents(output)
        counts = Counter()
        reasons = Counter()
        for doc in docs:
            where = re.search(r"basic block from .*?:(\d+):", doc)
            line = sample[int(where.group(1)) - 1] if where else ""
            error = field(doc, "error").strip("'")
            decoded = "does not decode" not in error and \
                "no bytes before" not in error
            counts["decoded"] += decoded
            why = reason(doc)
            if why is None and value(doc) is not None:
                counts["measured"] += 1
                measured_blocks.append((doc, line.split(",")[0].strip()))
            else:
                reasons[why or "no value"] += 1
        print("%-24s %5d blocks, %5d decoded, %5d measured (%.1f%% of "
              "decoded), %.1f blocks/s" % (
                  name, len(sample), counts["decoded"], counts["measured"],
                  100.0 * counts["measured"] / max(1, counts["decoded"]),
                  len(sample) / seconds))
        for why, n in reasons.most_common():
            print("    %5d %s" % (n, why))
        total["blocks"] += len(sample)
        total["decoded"] += counts["decoded"]
        total["measured"] += counts["measured"]
        total["seconds"] += seconds
    print("total: %d blocks, %d decoded, %d measured (%.1f%% of decoded), "
          "%.1f blocks/s" % (total["blocks"], total["decoded"],
                             total["measured"],
                             100.0 * total["measured"] /
                             max(1, total["decoded"]),
                             total["blocks"] / max(1e-9, total["seconds"])))

    subset = measured_blocks[::max(1, len(measured_blocks) // args.agree)]
    subset = subset[:args.agree]
    agreeing = 0
    same_key = 0
    for i, (doc, hex_bytes) in enumerate(subset):
        snippet = os.path.join(work, "block%d.s" % i)
        with open(snippet, "w") as f:
            f.write(as_snippet(doc, hex_bytes))
        output = snippet + ".yaml"
        run_tool(args.tool, base + SINGLE_DEFAULTS + ["-snippets-file=" +
                                                      snippet], output)
        again = [value(d) for d in documents(output)]
        block = os.path.join(work, "block%d.hex" % i)
        with open(block, "w") as f:
            f.write(hex_bytes + "\n")
        run_tool(args.tool, base + SINGLE_DEFAULTS + [
            "-snippets-format=hex", "-auto-map-memory",
            "-snippets-file=" + block], block + ".yaml")
        auto_docs = documents(block + ".yaml")
        auto = value(auto_docs[0]) if auto_docs else None
        # The same input must give the same benchmark: the keys
        # (instructions, register values) of both runs are compared (the
        # assembled code itself holds an address of the process when the
        # stack pointer is set, and values can differ by the host's noise).
        docs_again = documents(output)
        same_key += bool(docs_again) and key(docs_again[0]) == key(doc)
        ok = again and again[0] is not None and auto is not None and \
            abs(again[0] - auto) <= 0.02 * auto
        agreeing += bool(ok)
        if not ok:
            print("  disagrees: %s auto-mapped %s, as a snippet %s" % (
                hex_bytes, auto, again[0] if again else "-"))
    print("reproduction: %d of %d blocks written as asm snippets with the "
          "reported annotations give the same benchmark key as in the dataset "
          "run, and %d measure within 2%% of the auto-mapped block, both "
          "measured with a single snippet's defaults (files in %s)" % (
              same_key, len(subset), agreeing, work))


if __name__ == "__main__":
    sys.exit(main())
