#!/usr/bin/env python3
"""Turns a results file written with -benchmark-phase=assemble-measured-code
(by upstream llvm-exegesis or ours) into one with measurements, so that
-mode=analysis can be exercised on a machine that cannot measure.

Every document is repeated --repeat times; each copy gets, per measurement
key, the value given for its opcode with --value OPCODE=KEY:V[,KEY:V...]
(default --default-value per key, or with --spread a value picked per
opcode), plus a deterministic jitter of at most --jitter. Documents for opcodes listed with --error get an error instead.

  fill_measurements.py in.yaml --repeat 3 --value IMUL64rr=latency:3 > out.yaml
"""
import argparse
import random
import re
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("input")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--jitter", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keys", default="latency",
                        help="comma-separated measurement keys")
    parser.add_argument("--default-value", type=float, default=1.0)
    parser.add_argument("--value", action="append", default=[],
                        help="OPCODE=KEY:V[,KEY:V...], or OPCODE=V for every key")
    parser.add_argument("--error", action="append", default=[],
                        help="opcode whose benchmarks failed")
    parser.add_argument("--spread", action="store_true",
                        help="opcodes without --value get a value drawn (per "
                             "opcode, deterministically) from 0.5..6")
    args = parser.parse_args()

    keys = args.keys.split(",")
    values = {}
    for spec in args.value:
        opcode, _, rest = spec.partition("=")
        per_key = {}
        for item in rest.split(","):
            if ":" in item:
                key, _, v = item.partition(":")
                per_key[key] = float(v)
            else:
                per_key.update({k: float(item) for k in keys})
        values[opcode] = per_key
    rng = random.Random(args.seed)

    text = open(args.input).read()
    docs = re.findall(r"^---\n.*?^\.\.\.\n", text, re.S | re.M)
    if not docs:
        sys.exit("no YAML documents in " + args.input)
    out = []
    for doc in docs:
        opcode = re.search(r"instructions:\n\s+- '(\S+)", doc).group(1)
        for _ in range(args.repeat):
            d = doc
            if opcode in args.error:
                d = re.sub(r"^error:.*$", "error:           'snippet crashed while running: Segmentation fault'",
                           d, flags=re.M)
                d = re.sub(r"^measurements:.*$", "measurements:    []", d, flags=re.M)
            else:
                lines = []
                for key in keys:
                    default = args.default_value
                    if args.spread:
                        default = random.Random(opcode + key).choice(
                            [0.5, 1, 1, 1, 1, 2, 3, 3, 4, 5, 6])
                    v = values.get(opcode, {}).get(key, default)
                    if v:  # a port the benchmark does not use reads exactly 0
                        v = round(v + rng.uniform(-args.jitter, args.jitter), 4)
                    lines.append("  - { key: %s, value: %s, per_snippet_value: %s }"
                                 % (key, v, v))
                d = re.sub(r"^measurements:.*$", "measurements:\n" + "\n".join(lines),
                           d, flags=re.M)
                d = re.sub(r"^error:.*$", "error:           ''", d, flags=re.M)
            out.append(d)
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
