#!/usr/bin/env python3
"""Compares two prepare-snippet sweeps of every opcode: ours and upstream's.

usage: prepare-snippet-compare.py MODE OURS.yaml OURS.stderr \
           UPSTREAM.yaml UPSTREAM.stderr [UPSTREAM2.yaml UPSTREAM2.stderr ...]

Prints how many opcodes both tools generate a snippet for, how many only one
of them does (with the other's reason for skipping, by kind), and, for the
opcodes both generate, how many first configurations have the same
instruction shape, with the differences by kind.

The shape of a snippet is what a register allocator would not change: the
opcodes in order, every immediate, which operands are %noreg, and which
register operands name the same register (or overlapping ones: EAX and RAX
are one). Upstream picks registers at random, so the register names
themselves are not compared, and its sharing pattern (and helper
instructions, and number of copies) may change from run to run: given
several upstream runs, ours has the same shape when it matches any of them.
"""

import collections
import re
import sys

OPCODE_LINE = re.compile(r"^([A-Z][A-Za-z0-9_]*): (.*)$")
INSTRUCTION_LINE = re.compile(r"^    - '?([^']*)'?$")

# x86 registers that overlap, by family: AL, AX, EAX and RAX are family A.
GPR_FAMILY = {}
for base in "ABCD":
    for name in (base + "L", base + "H", base + "X", "E" + base + "X",
                 "R" + base + "X", "H" + base + "X"):
        GPR_FAMILY[name] = base
for base in ("SI", "DI", "BP", "SP"):
    for name in (base + "L", base, "E" + base, "R" + base, "H" + base):
        GPR_FAMILY[name] = base
GPR_NUMBERED = re.compile(r"^R(\d+)(B|BH|W|WH|D)?$")
VECTOR = re.compile(r"^[XYZ]MM(\d+)$")


def register_family(name):
    """The name shared by every register overlapping NAME."""
    if name in GPR_FAMILY:
        return "gpr-" + GPR_FAMILY[name]
    match = GPR_NUMBERED.match(name)
    if match:
        return "gpr-" + match.group(1)
    match = VECTOR.match(name)
    if match:
        return "vec-" + match.group(1)
    return name


def read_documents(path):
    """(instructions, config, info) of each YAML document, in order."""
    documents = []
    instructions = None
    config = info = ""
    in_instructions = False
    with open(path) as text:
        for line in text:
            line = line.rstrip("\n")
            if line == "---":
                instructions, config, info = [], "", ""
                in_instructions = False
            elif line == "...":
                if instructions is not None:
                    documents.append((instructions, config, info))
                instructions = None
            elif instructions is None:
                continue
            elif line == "  instructions:":
                in_instructions = True
            elif in_instructions and INSTRUCTION_LINE.match(line):
                instructions.append(INSTRUCTION_LINE.match(line).group(1))
            else:
                in_instructions = False
                if line.startswith("  config:"):
                    config = line.split(":", 1)[1].strip().strip("'")
                elif line.startswith("info:"):
                    info = line.split(":", 1)[1].strip().strip("'")
    return documents


def benchmarked_opcode(instructions, info):
    """The opcode a generated snippet is for: the first instruction, except
    for our prepared snippets (set-up instructions first), whose info starts
    with the opcode's name."""
    names = [i.split()[0] for i in instructions]
    first_word = info.split(" ", 1)[0]
    if first_word in names:
        return first_word
    return names[0]


def read_snippets(path):
    """Opcode -> list of (instructions, config, info), configurations in
    order."""
    snippets = collections.OrderedDict()
    for instructions, config, info in read_documents(path):
        if not instructions:
            continue
        opcode = benchmarked_opcode(instructions, info)
        snippets.setdefault(opcode, []).append((instructions, config, info))
    return snippets


def read_skips(path):
    """Opcode -> the first line of the reason it was skipped."""
    skips = {}
    with open(path, errors="replace") as text:
        for line in text:
            match = OPCODE_LINE.match(line.rstrip("\n"))
            if match and match.group(1) not in skips:
                skips[match.group(1)] = match.group(2)
    return skips


def reason_kind(reason):
    """A skip reason without the names that vary from opcode to opcode."""
    reason = re.sub(r"'[^']*'", "'...'", reason)
    reason = re.sub(r"\b[A-Z][A-Z0-9_]{2,}[a-z0-9_]*\b", "X", reason)
    reason = re.sub(r"0x[0-9a-fA-F]+|\b\d+\b", "N", reason)
    return reason[:110]


def shape(instructions):
    """Opcodes, immediates, %noreg and the sharing pattern of registers."""
    families = {}
    result = []
    for instruction in instructions:
        tokens = instruction.split()
        operands = []
        for token in tokens[1:]:
            if token.startswith(("i_", "f_")) or token == "%noreg":
                operands.append(token)
            else:
                family = register_family(token)
                families.setdefault(family, "r%d" % len(families))
                operands.append(families[family])
        result.append((tokens[0], tuple(operands)))
    return tuple(result)


def difference_kind(ours, upstream):
    """Why two snippets of one opcode have different shapes."""
    our_ops = [i.split()[0] for i in ours]
    their_ops = [i.split()[0] for i in upstream]
    if our_ops != their_ops:
        if set(our_ops) == set(their_ops) and len(set(our_ops)) == 1:
            return "number of copies: ours %s" % (
                "more" if len(our_ops) > len(their_ops) else "fewer")
        if len(our_ops) == 1 and len(their_ops) > 1:
            return "upstream adds instructions (%s), ours one" % (
                ", ".join(their_ops[1:3]))
        if len(their_ops) == 1 and len(our_ops) > 1:
            return "ours adds instructions, upstream one"
        if len(our_ops) == len(their_ops):
            return "another helper instruction"
        return "other instructions"
    ours_shape, their_shape = shape(ours), shape(upstream)
    kinds = set()
    for (_, a), (_, b) in zip(ours_shape, their_shape):
        if len(a) != len(b):
            kinds.add("operand count")
            continue
        for x, y in zip(a, b):
            if x == y:
                continue
            if x.startswith("i_") and y.startswith("i_"):
                kinds.add("immediate values")
            elif x == "%noreg" or y == "%noreg":
                kinds.add("%noreg against a register")
            elif x.startswith("r") and y.startswith("r"):
                kinds.add("which operands share a register")
            else:
                kinds.add("operand kinds")
    return ", ".join(sorted(kinds))


def main():
    args = sys.argv[1:]
    if len(args) < 5 or len(args) % 2 != 1:
        sys.exit(__doc__.split("\n\n")[1])
    mode, ours_yaml, ours_err = args[:3]
    ours = read_snippets(ours_yaml)
    our_skips = read_skips(ours_err)
    # Upstream chooses registers (and helper instructions) at random: every
    # run of it is one sample of the snippets it may generate.
    runs = [(read_snippets(args[i]), read_skips(args[i + 1]))
            for i in range(3, len(args), 2)]
    upstream, their_skips = runs[0]

    both = [op for op in ours if op in upstream]
    only_upstream = [op for op in upstream if op not in ours]
    only_ours = [op for op in ours if op not in upstream]
    print("%s: both generate %d opcodes, only upstream %d, only ours %d" % (
        mode, len(both), len(only_upstream), len(only_ours)))

    same_stable = same_varying = 0
    differences = collections.defaultdict(list)
    for op in both:
        our_shape = shape(ours[op][0][0])
        their_shapes = {shape(run[op][0][0]) for run, _ in runs if op in run}
        varies = len(their_shapes) > 1
        if our_shape in their_shapes:
            if varies:
                same_varying += 1
            else:
                same_stable += 1
            continue
        kind = difference_kind(ours[op][0][0], upstream[op][0][0])
        if varies:
            kind += " (upstream's shape varies from run to run)"
        differences[kind].append(op)
    print("  same instruction shape (first configuration): %d of %d "
          "(%d where upstream's %d runs agree, %d where ours is one of the "
          "shapes upstream's runs produced)" % (
              same_stable + same_varying, len(both), same_stable, len(runs),
              same_varying))
    print_breakdown("  shapes differ", differences,
                    lambda op: "%s: ours (%d) '%s', upstream (%d) '%s'" % (
                        op, len(ours[op][0][0]), "; ".join(ours[op][0][0]),
                        len(upstream[op][0][0]),
                        "; ".join(upstream[op][0][0])))

    first_same = sum(
        1 for op in both
        if shape(ours[op][0][0][:1]) in
        {shape(run[op][0][0][:1]) for run, _ in runs if op in run})
    print("  same shape of the first instruction: %d of %d" % (
        first_same, len(both)))

    configs = [op for op in both if len(ours[op]) != len(upstream[op])]
    if configs:
        print("  number of configurations differs: %d opcodes, e.g. %s" % (
            len(configs), ", ".join("%s (ours %d, upstream %d)" % (
                op, len(ours[op]), len(upstream[op])) for op in configs[:4])))

    def by_reason(opcodes, skips):
        kinds = collections.defaultdict(list)
        for op in opcodes:
            kinds[reason_kind(skips.get(op, "(no reason printed)"))].append(op)
        return kinds

    print_breakdown("  only upstream generates; our reason", by_reason(
        only_upstream, our_skips), lambda op: "%s: %s" % (
            op, our_skips.get(op, "")))
    print_breakdown("  only ours generates; upstream's reason", by_reason(
        only_ours, their_skips), lambda op: "%s: %s" % (
            op, their_skips.get(op, "")))


def print_breakdown(title, kinds, example, examples=2):
    total = sum(len(v) for v in kinds.values())
    if not total:
        return
    print("%s (%d):" % (title, total))
    for kind, opcodes in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print("    %5d  %s" % (len(opcodes), kind))
        for op in opcodes[:examples]:
            print("             e.g. %s" % example(op)[:160])


if __name__ == "__main__":
    main()
