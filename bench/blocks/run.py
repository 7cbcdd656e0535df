#!/usr/bin/env python3
"""Basic-block benchmark: measures the shared BHive blocks, a sample of every
K-th block of each file or whole files, with -snippets-format=hex
-auto-map-memory (inverse throughput, subprocess mode, default options) and
prints, per file and in total, the blocks decoded, measured (share of the
decoded), failed by reason, and blocks per second; then, per file, the
comparison with LLVM's scheduling model that -mode=analysis makes (blocks
compared, mean absolute percentage error, Kendall's tau, worst blocks).

A sample keeps the blocks' line numbers (the other lines are left blank), so
that what it reports names the lines of the original file.

For a subset of the measured blocks it then writes each block as an asm
snippet file with the annotations the run reported (DEFREG for the register
values, MEM-DEF/MEM-MAP and LOOP-REGISTER from `info`) and checks that the
input is the same (same benchmark key, same measured code) and that
measuring that file agrees with the auto-mapped run within 2%: both sides
are measured --rounds times in turn, and the first measurements and the best
of each side are compared, with the spread of all of them (the noise of the
host), and once more over the blocks whose own measurements agree within 2%
on each side (the others, listed as unstable, have several steady states on
the host).

Not a test: timings depend on the machine and its load. Run by hand:

  bench/blocks/run.py [--tool build/bin/llvm-exegesis] [--every 20 | --whole]
                      [--limit N] [--agree 20] [--rounds 3] [--html DIR]
                      [--data ../shared/data/bhive]
                      [--files gzip-compress.csv ...]

  bench/blocks/run.py --whole --agree 0 --files sqlite.csv   # one whole file
  bench/blocks/run.py --every 60 --agree 0                   # <= 150 a file
"""

import argparse
import os
import re
import shutil
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
    # Counted by kind: the address of a segmentation fault is the block's.
    error = re.sub(r" at address [0-9A-F]+", "", error)
    info = field(doc, "info")
    for why in ("is below the lowest address", "is not a user address",
                "has no address", "is mapped already", "beyond the limit",
                "cannot be mapped", "follow no walk"):
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


def objdump(path):
    """The code of an object, the absolute address of the process's slot
    for the stack pointer (a block that sets RSP saves the caller's there)
    left out."""
    out = subprocess.run(["llvm-objdump-22", "-d", "--no-show-raw-insn",
                          path], capture_output=True, text=True,
                         check=True).stdout
    out = out.split("Disassembly", 1)[-1]
    return re.sub(r"movabsq\s+(%rax, 0x[0-9a-f]+|0x[0-9a-f]+, %rax)",
                  "movabsq <slot>", out)


def same_object(tool, hex_args, asm_args, work):
    """Whether both sides assemble the same measured functions."""
    texts = []
    for side, args in (("hex", hex_args), ("asm", asm_args)):
        prefix = os.path.join(work, "object." + side)
        for old in os.listdir(work):
            if old.startswith("object." + side):
                os.remove(os.path.join(work, old))
        run_tool(tool, args + ["-benchmark-phase=assemble-measured-code",
                               "-dump-object-to-disk=" + prefix], os.devnull)
        names = sorted(n for n in os.listdir(work)
                       if n.startswith("object." + side))
        texts.append([objdump(os.path.join(work, n)) for n in names])
    return bool(texts[0]) and texts[0] == texts[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                       "llvm-exegesis"))
    parser.add_argument("--data", default=os.path.join(ROOT, "..", "shared",
                                                       "data", "bhive"))
    parser.add_argument("--every", type=int, default=20,
                        help="take every N-th block of each file")
    parser.add_argument("--whole", action="store_true",
                        help="run each file as it is, every block")
    parser.add_argument("--limit", type=int, default=0,
                        help="at most this many blocks of each file")
    parser.add_argument("--html", metavar="DIR",
                        help="write each file's analysis report there")
    parser.add_argument("--agree", type=int, default=20,
                        help="measured blocks checked against asm snippets")
    parser.add_argument("--rounds", type=int, default=3,
                        help="measurements of each side of a checked block")
    parser.add_argument("--files", nargs="*",
                        help="the data files to sample (default: all)")
    args = parser.parse_args()
    # What it needs, each named with the command that provides it.
    if not os.access(args.tool, os.X_OK):
        sys.exit("blocks/run.py: no tool at %s: build it with ./dev test (or "
                 "give --tool)" % args.tool)
    for program in ("llvm-mc-22", "llvm-objdump-22"):
        if not shutil.which(program):
            sys.exit("blocks/run.py: needs %s (Debian package llvm-22): run "
                     "./dev bench-deps" % program)
    if not os.path.isdir(args.data):
        sys.exit("blocks/run.py: no BHive data at %s (the shared data set's "
                 "CSV files; give --data)" % args.data)

    base = ["-mode=inverse_throughput", "-execution-mode=subprocess"]
    work = tempfile.mkdtemp(prefix="blocks-")
    print("host:", open("/proc/cpuinfo").read().split("model name")[1]
          .split("\n")[0].strip(": \t"), "(%d CPUs, load %s)" % (
              os.cpu_count(), " ".join(open("/proc/loadavg").read()
                                       .split()[:3])))
    total = Counter()
    measured_blocks = []
    for name in sorted(os.listdir(args.data)):
        if not name.endswith(".csv") or (args.files and
                                         name not in args.files):
            continue
        path = os.path.join(args.data, name)
        lines = open(path).read().split("\n")
        blocks = [i for i, l in enumerate(lines)
                  if l.strip() and not l.startswith("#")]
        if not args.whole:
            blocks = blocks[::args.every]
        if args.limit:
            blocks = blocks[:args.limit]
        if args.whole and not args.limit:
            sample_path = path
        else:
            # Blank lines keep the blocks at their lines of the original.
            chosen = set(blocks)
            sample_path = os.path.join(work, name)
            with open(sample_path, "w") as f:
                f.write("\n".join(l if i in chosen else ""
                                  for i, l in enumerate(lines)))
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
            line = lines[int(where.group(1)) - 1] if where else ""
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
              "decoded), %.1f s, %.1f blocks/s" % (
                  name, len(blocks), counts["decoded"], counts["measured"],
                  100.0 * counts["measured"] / max(1, counts["decoded"]),
                  seconds, len(blocks) / seconds))
        for why, n in reasons.most_common():
            print("    %5d %s" % (n, why))
        analysis = ["-mode=analysis", "-benchmarks-file=" + output,
                    "-analysis-model-summary-output-file=-"]
        if args.html:
            os.makedirs(args.html, exist_ok=True)
            analysis.append("-analysis-inconsistencies-output-file=" +
                            os.path.join(args.html, name + ".html"))
        summary = subprocess.run([args.tool] + analysis, capture_output=True,
                                 text=True, check=True).stdout
        summary = summary.splitlines()
        if not total["blocks"]:
            print("    model: " + summary[0])
        for text in summary[1:]:
            print("    " + text)
        total["blocks"] += len(blocks)
        total["decoded"] += counts["decoded"]
        total["measured"] += counts["measured"]
        total["seconds"] += seconds
    print("total: %d blocks, %d decoded, %d measured (%.1f%% of decoded), "
          "%.1f blocks/s" % (total["blocks"], total["decoded"],
                             total["measured"],
                             100.0 * total["measured"] /
                             max(1, total["decoded"]),
                             total["blocks"] / max(1e-9, total["seconds"])))

    if args.agree <= 0:
        return 0
    subset = measured_blocks[::max(1, len(measured_blocks) // args.agree)]
    subset = subset[:args.agree]
    same_key = same_code = agree_first = agree_best = 0
    spreads = []
    # Blocks whose own measurements on one side move by more than 2% (the
    # host gives them several steady states): their agreement says nothing
    # of the input, so they are also counted apart, like the accuracy
    # benchmark's unstable references.
    stable = stable_agree_best = 0
    unstable = []
    for i, (doc, hex_bytes) in enumerate(subset):
        snippet = os.path.join(work, "block%d.s" % i)
        with open(snippet, "w") as f:
            f.write(as_snippet(doc, hex_bytes))
        block = os.path.join(work, "block%d.hex" % i)
        with open(block, "w") as f:
            f.write(hex_bytes + "\n")
        hex_args = ["-snippets-format=hex", "-auto-map-memory",
                    "-snippets-file=" + block]
        asm_args = ["-snippets-file=" + snippet]
        # The same input must give the same benchmark: the keys
        # (instructions, register values) and the measured code of both.
        same_code += same_object(args.tool, base + hex_args,
                                 base + asm_args, work)
        # Both sides measured in turn, --rounds times each: one measurement
        # of a block on a shared VM moves by more than 2% from run to run
        # (the loop of a load-bound block most), whichever side it is.
        auto, again = [], []
        for r in range(args.rounds):
            for values, extra, name in ((again, asm_args, snippet),
                                        (auto, hex_args, block)):
                output = "%s.%d.yaml" % (name, r)
                run_tool(args.tool, base + SINGLE_DEFAULTS + extra, output)
                docs = documents(output)
                values.append(value(docs[0]) if docs else None)
                if values is again and r == 0:
                    same_key += bool(docs) and key(docs[0]) == key(doc)
        if None in auto or None in again:
            print("  not measured again: %s auto-mapped %s, as a snippet %s" %
                  (hex_bytes, auto, again))
            continue
        close = lambda a, b: abs(a - b) <= 0.02 * b
        agree_first += close(again[0], auto[0])
        best_close = close(min(again), min(auto))
        agree_best += best_close
        spread = max(max(auto), max(again)) / min(min(auto), min(again)) - 1
        spreads.append(spread)
        if max(auto) / min(auto) - 1 > 0.02 or \
                max(again) / min(again) - 1 > 0.02:
            unstable.append(hex_bytes)
        else:
            stable += 1
            stable_agree_best += best_close
        if not best_close or not close(again[0], auto[0]):
            print("  %s: auto-mapped %s, as a snippet %s (spread %.0f%%)" % (
                hex_bytes, " ".join("%.4g" % v for v in auto),
                " ".join("%.4g" % v for v in again), 100 * spread))
    n = len(subset)
    print("reproduction of %d blocks as asm snippets with the reported "
          "annotations (files in %s):" % (n, work))
    print("  same benchmark key: %d/%d; same measured code: %d/%d" % (
        same_key, n, same_code, n))
    print("  within 2%%, first measurement of each side: %d/%d; best of %d "
          "of each side: %d/%d" % (agree_first, n, args.rounds, agree_best,
                                   n))
    print("  blocks whose measurements on each side agree within 2%%: %d; "
          "best of %d of each side within 2%% for %d/%d of them" % (
              stable, args.rounds, stable_agree_best, stable))
    if unstable:
        print("  unstable on this host (one side's own measurements more "
              "than 2%% apart): %s" % ", ".join(
                  h if len(h) <= 24 else h[:24] + "..." for h in unstable))
    if spreads:
        spreads.sort()
        print("  spread of the %d measurements of a block (max/min - 1): "
              "median %.1f%%, max %.1f%%" % (
                  2 * args.rounds, 100 * spreads[len(spreads) // 2],
                  100 * spreads[-1]))

if __name__ == "__main__":
    sys.exit(main())
