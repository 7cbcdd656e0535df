#!/usr/bin/env python3
"""Accuracy benchmark: measures every body of bodies.txt with llvm-exegesis
(snippet files, default options) in both execution modes, and with an
independent rdtsc harness (harness.c) on the same host in the same run, and
prints the tool's error against the harness, the spread over repeated runs
and a summary checked against the accuracy targets.

Not a test: timings depend on the machine and its load. Run by hand:

  bench/accuracy/run.py [--tool build/bin/llvm-exegesis] [--runs 5]
                        [--filter REGEX] [--latency-only|--throughput-only]
                        [--traces DIR]
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# Registers for {r}/{d}/{w}/{b}: neither RSP nor RBP (the frame), R8 (the
# tool's loop counter) nor R15 (the harness's).
GPR_POOL = ["RAX", "RBX", "RCX", "RDX", "RSI", "RDI", "R9", "R10", "R11",
            "R12", "R13", "R14"]
# Registers for {x}/{y}/{z}; XMM14 and XMM15 are left for constant operands.
VECTOR_POOL = list(range(14))
MAX_COPIES = 12

GPR_NAMES = {}  # LLVM register -> (64, 32, 16, 8-bit AT&T names)
for legacy in ["ax", "bx", "cx", "dx"]:
    GPR_NAMES["R" + legacy.upper()] = ("r" + legacy, "e" + legacy, legacy,
                                       legacy[0] + "l")
for legacy in ["si", "di", "bp", "sp"]:
    GPR_NAMES["R" + legacy.upper()] = ("r" + legacy, "e" + legacy, legacy,
                                       legacy + "l")
for number in range(8, 16):
    name = "r%d" % number
    GPR_NAMES[name.upper()] = (name, name + "d", name + "w", name + "b")
GPR_FAMILY = {alias: register for register, aliases in GPR_NAMES.items()
              for alias in aliases}
VECTOR_WIDTH = {"x": 128, "y": 256, "z": 512}

# Accuracy targets (issue 12, item 4).
TARGETS = {"latency": (0.005, 0.03), "throughput": (0.01, 0.05)}
SPREAD_TARGET = 0.01


class Body:
    """One measured body: its text, its registers' initial values, and how
    many instructions one loop iteration of the harness runs."""

    def __init__(self, name, form, lines, gprs, vectors, unroll):
        self.name, self.form, self.lines = name, form, lines
        self.gprs = gprs          # LLVM name -> int
        self.vectors = vectors    # number -> (width, hex digits)
        self.unroll = unroll
        # LLVM name -> "self" or a hex word: the register points at a zeroed
        # page of the harness whose first word holds its own address, or
        # that word.
        self.pointers = {}
        # True: the tool measures the snippet it generates for the opcode
        # `name` (-opcode-name), not the body as a snippet file; the body is
        # then only the harness's reference of what that snippet means.
        self.generated = False
        # (name of an earlier body, share): the reference is this body's
        # harness value minus share times that body's reference.
        self.minus = None
        # A generated body whose tool value is per instruction of its
        # snippet (a pair of stack instructions), not per copy.
        self.per_instruction = False

    @property
    def key(self):
        return "%s.%s" % (self.name, "lat" if self.form == "latency"
                          else "tput")

    def snippet(self):
        lines = ["# LLVM-EXEGESIS-DEFREG %s %016x" % (register, value)
                 for register, value in sorted(self.gprs.items())]
        for number, (width, digits) in sorted(self.vectors.items()):
            lines.append("# LLVM-EXEGESIS-DEFREG %sMM%d %s" % (
                "XYZ"[[128, 256, 512].index(width)], number, digits))
        return "\n".join(lines + self.lines) + "\n"


def fail(message):
    sys.exit("run.py: " + message)


def vector_digits(spec, width, where):
    if spec == "ps":
        return "3f800000" * (width // 32)
    if spec == "pd":
        return "3ff0000000000000" * (width // 64)
    if not re.fullmatch(r"[0-9a-fA-F]+", spec) or len(
            spec.lstrip("0")) > width // 4:
        fail("%s: '%s' is not a value of a %d-bit register" % (where, spec,
                                                               width))
    return spec.lower().rjust(width // 4, "0")


def build_body(name, form, template, initial, where):
    """Expands a template into the latency body (one register set) or the
    throughput body (independent copies)."""
    explicit = re.findall(r"%([a-z0-9]+)", template)
    named_gprs = {GPR_FAMILY[r] for r in explicit if r in GPR_FAMILY}
    vector_widths = {}  # number -> widest use
    for kind, number in re.findall(r"%([xyz])mm(\d+)", template):
        number = int(number)
        vector_widths[number] = max(vector_widths.get(number, 0),
                                    VECTOR_WIDTH[kind])
    gpr_values, vector_specs, defaults = {}, {}, {"r": 1, "v": "ps"}
    pointers, minus, per_instruction = {}, None, False
    for item in initial.split():
        register, _, value = item.partition("=")
        if register == "per":
            if value not in ("copy", "instruction"):
                fail("%s: per= takes copy or instruction" % where)
            per_instruction = value == "instruction"
        elif register == "minus":
            other, _, share = value.partition("*")
            try:
                minus = (other, float(share) if share else 1.0)
            except ValueError:
                fail("%s: bad share in '%s'" % (where, item))
        elif value == "&self" or re.fullmatch(r"&[0-9a-fA-F]{1,16}", value):
            if register not in GPR_FAMILY:
                fail("%s: '%s' is no general purpose register" % (where,
                                                                  register))
            named_gprs.add(GPR_FAMILY[register])
            pointers[GPR_FAMILY[register]] = value[1:]
        elif register in ("r", "v"):
            defaults[register] = (int(value, 16) if register == "r" else
                                  value)
        elif register in GPR_FAMILY:
            named_gprs.add(GPR_FAMILY[register])
            gpr_values[GPR_FAMILY[register]] = int(value, 16)
        elif re.fullmatch(r"[xyz]mm\d+", register):
            vector_specs[int(register[3:])] = value
            vector_widths.setdefault(int(register[3:]),
                                     VECTOR_WIDTH[register[0]])
        else:
            fail("%s: unknown register '%s'" % (where, register))
    uses_gpr = bool(re.search(r"\{[rdwb]\}", template))
    vector_kinds = set(re.findall(r"\{([xyz])\}", template))
    gpr_pool = [r for r in GPR_POOL if r not in named_gprs]
    vector_pool = [v for v in VECTOR_POOL if v not in vector_widths]
    available = [MAX_COPIES]
    if uses_gpr:
        available.append(len(gpr_pool))
    if vector_kinds:
        available.append(len(vector_pool))
    copies = 1 if form == "latency" else min(available)
    if not uses_gpr and not vector_kinds:
        copies = 1
    lines = []
    for copy in range(copies):
        fields = {}
        if uses_gpr:
            gpr = gpr_pool[copy]
            fields.update(zip("rdwb", ["%" + n for n in GPR_NAMES[gpr]]))
            gpr_values.setdefault(gpr, defaults["r"])
        if vector_kinds:
            number = vector_pool[copy]
            for kind in vector_kinds:
                fields[kind] = "%%%smm%d" % (kind, number)
                vector_widths[number] = max(vector_widths.get(number, 0),
                                            VECTOR_WIDTH[kind])
        try:
            text = template.format(**fields)
        except (KeyError, IndexError, ValueError) as error:
            fail("%s: bad template placeholder %s" % (where, error))
        lines += [line.strip() for line in text.split(";")]
    for register in named_gprs - set(pointers):
        gpr_values.setdefault(register, 1)
    vectors = {number: (width, vector_digits(
        vector_specs.get(number, defaults["v"]), width, where))
        for number, width in vector_widths.items()}
    # The harness's short loop: about 50 instructions for latency, 128 for
    # throughput; the long loop has twice as many, still small enough for
    # the micro-op cache.
    target = 50 if form == "latency" else 128
    unroll = max(1, round(target / len(lines)))
    body = Body(name.lstrip("@"), form, lines, gpr_values, vectors, unroll)
    body.pointers, body.minus = pointers, minus
    body.per_instruction = per_instruction
    body.generated = name.startswith("@")
    return body


def read_bodies(path, flags, forms, pattern):
    bodies, skipped = [], []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            where = "%s:%d" % (os.path.basename(path), number)
            fields = [field.strip() for field in line.split("|")]
            if len(fields) != 5:
                fail("%s: expected 'name | needs | template | throughput "
                     "template | initial values'" % where)
            name, needs, template, throughput, initial = fields
            if name.startswith("@") and throughput not in ("-", "="):
                fail("%s: a generated body ('@') has one template" % where)
            if not re.search(pattern, name.lstrip("@")):
                continue
            missing = [n for n in needs.split(",") if n != "-" and
                       n not in flags]
            if missing:
                skipped.append("%s (no %s)" % (name, ",".join(missing)))
                continue
            for form in forms:
                if form == "throughput" and throughput == "-":
                    continue
                text = template if form == "latency" or throughput == "=" \
                    else throughput
                bodies.append(build_body(name, form, text, initial, where))
    return bodies, skipped


def harness_assembly(bodies, has_avx):
    """The bodies as functions `void f(uint64_t iterations)`, a short and a
    long loop each, and the table harness.c reads."""
    out = ["\t.text"]
    constants = []
    for index, body in enumerate(bodies):
        for length, unroll in (("short", body.unroll),
                               ("long", 2 * body.unroll)):
            out += body_function("accuracy_%s_%d" % (length, index), body,
                                 unroll, index, constants, has_avx)
    out += ["\t.section .rodata"] + constants
    out += ["\t.section .data.rel.ro,\"aw\"", "\t.p2align 3",
            "\t.globl accuracy_bodies", "accuracy_bodies:"]
    for index, body in enumerate(bodies):
        out.append("\t.quad .Lname_%d, accuracy_short_%d, accuracy_long_%d, "
                   "%d" % (index, index, index,
                           len(body.lines) * body.unroll))
    out += ["\t.globl accuracy_body_count", "accuracy_body_count:",
            "\t.quad %d" % len(bodies), "\t.section .rodata"]
    for index, body in enumerate(bodies):
        out += [".Lname_%d:" % index, "\t.asciz \"%s\"" % body.key]
    out.append("\t.section .note.GNU-stack,\"\",@progbits")
    return "\n".join(out) + "\n"


def body_function(function, body, unroll, index, constants, has_avx):
    """A function that sets the body's registers as the snippet file does,
    then runs `unroll` copies of the body per loop iteration."""
    saved = ["%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"]
    out = ["\t.p2align 6", function + ":"]
    out += ["\tpushq %s" % r for r in saved]
    out.append("\tmovq %rdi, %r15")
    if has_avx:
        out.append("\tvzeroupper")
    for register, value in sorted(body.gprs.items()):
        out.append("\tmovabsq $0x%x, %%%s" % (value, GPR_NAMES[register][0]))
    for register, kind in sorted(body.pointers.items()):
        # A page of its own, zeroed each call (a read-modify-write body
        # changes it), holding its own address for a pointer chase.
        name, label = GPR_NAMES[register][0], ".Lbuffer_%d_%s" % (index,
                                                                 register)
        if label + ":" not in constants:
            constants += ["\t.section .bss", "\t.p2align 12", label + ":",
                          "\t.zero 4096", "\t.section .rodata"]
        if name == "rsp":
            # The body runs on the page; the real stack pointer waits in
            # memory until the loop ends.
            slot = ".Lsaved_rsp_%d" % index
            if slot + ":" not in constants:
                constants += ["\t.section .bss", "\t.p2align 3", slot + ":",
                              "\t.zero 8", "\t.section .rodata"]
            out.append("\tmovq %%rsp, %s(%%rip)" % slot)
        out.append("\tleaq %s(%%rip), %%%s" % (label, name))
        if kind == "self":
            out.append("\tmovq %%%s, (%%%s)" % (name, name))
        else:
            out += ["\tmovabsq $0x%s, %%r15" % kind,
                    "\tmovq %%r15, (%%%s)" % name, "\tmovq %rdi, %r15"]
    for number, (width, digits) in sorted(body.vectors.items()):
        label = ".Lvalue_%d_%d" % (index, number)
        if label + ":" not in constants:
            quads = [digits[i - 16:i] for i in range(len(digits), 0, -16)]
            constants += ["\t.p2align 6", label + ":"] + [
                "\t.quad 0x" + q for q in quads]
        if width == 512:
            load = "vmovdqu64 %s(%%rip), %%zmm%d"
        elif width == 256:
            load = "vmovdqu %s(%%rip), %%ymm%d"
        else:
            load = ("vmovdqu %s(%%rip), %%xmm%d" if has_avx else
                    "movdqu %s(%%rip), %%xmm%d")
        out.append("\t" + load % (label, number))
    out += ["\t.p2align 6", "1:"]
    out += ["\t" + line for line in body.lines] * unroll
    out += ["\tdecq %r15", "\tjnz 1b"]
    if "RSP" in body.pointers:
        out.append("\tmovq .Lsaved_rsp_%d(%%rip), %%rsp" % index)
    if has_avx:
        out.append("\tvzeroupper")
    out += ["\tpopq %s" % r for r in reversed(saved)]
    out.append("\tret")
    return out


def build_harness(bodies, flags, directory, compiler):
    source = os.path.join(directory, "bodies.S")
    with open(source, "w") as f:
        f.write(harness_assembly(bodies, "avx" in flags))
    binary = os.path.join(directory, "harness")
    result = subprocess.run(
        [compiler, "-O2", "-o", binary, os.path.join(HERE, "harness.c"),
         source], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if result.returncode:
        fail("building the harness failed:\n" + result.stdout.decode())
    return binary


def run_harness(binary, body, runs, attempts=3):
    """runs harness runs of body; a run without a value (-1: it fell in a
    busy stretch) is taken again, up to attempts times in all, and stays -1
    after that."""
    values = []
    for _ in range(attempts):
        result = subprocess.run(
            [binary, "--runs", str(runs), "--only", body.key],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode:
            fail("harness failed on %s: %s" % (body.key,
                                               result.stderr.decode()))
        got = [float(line.split()[2]) for line in
               result.stdout.decode().split("\n") if line.strip()]
        values += [v for v in got if v > 0]
        runs = len(got) - sum(v > 0 for v in got)
        if not runs:
            return values
    return values + [-1.0] * runs


VALUE = re.compile(r"key: (\w+), value: ([-0-9.e+]+)")
CPU_NAME = re.compile(r"^cpu_name:\s*(\S+)", re.M)
INFO = re.compile(r"^info:\s*(.*)$", re.M)


def measure(tool, source, mode, execution_mode, extra, trace=None):
    """Runs the tool once on source (-snippets-file=PATH or
    -opcode-name=NAME); returns (value, wall seconds, cpu name, info).
    trace: the file the run's time samples are written to."""
    start = time.perf_counter()
    if trace:
        extra = extra + ["-time-samples-file=" + trace]
    path = source.partition("=")[2]
    result = subprocess.run(
        [tool, "-mode=" + mode, source,
         "-execution-mode=" + execution_mode] + extra,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    wall = time.perf_counter() - start
    out = result.stdout.decode()
    match = VALUE.search(out)
    if result.returncode != 0 or not match:
        raise RuntimeError("%s: %s%s" % (
            os.path.basename(path), result.stderr.decode().strip(),
            " ".join(re.findall(r"error: .*", out))))
    cpu = CPU_NAME.search(out)
    info = INFO.search(out)
    return (float(match.group(2)), wall, cpu.group(1) if cpu else "?",
            info.group(1) if info else "")


def read_published(host_cpu):
    """Published latency and reciprocal throughput for the host's CPU, by
    body name (a sanity column only)."""
    path = os.path.join(HERE, "published-%s.txt" % host_cpu)
    table = {}
    if not os.path.exists(path):
        return table, None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fields = [field.strip() for field in line.split("|")]
                table[fields[0]] = {"latency": float(fields[1]),
                                    "throughput": float(fields[2])}
    return table, os.path.basename(path)


def spread_of(values):
    return (max(values) - min(values)) / statistics.median(values)


def agreeing_runs(values, limit, strict):
    """The largest group of harness runs within `limit` of each other (all
    runs when strict) and whether it makes a stable reference: at least
    two thirds of the runs. The runs are spread over the tool's measurement
    of the body; a neighbour busy for a second or more shifts a few of them
    together, and those are not the core's behaviour. A run without a value
    (-1: too few of its samples passed the harness's checks) is in no
    group."""
    measured = [v for v in values if v > 0]
    if not measured:
        return [], False
    if strict:
        return measured, (len(measured) == len(values) and
                          spread_of(measured) <= limit)
    ordered = sorted(measured)
    best = []
    for start, low in enumerate(ordered):
        group = [v for v in ordered[start:] if v <= low * (1 + limit)]
        if len(group) > len(best):
            best = group
    return best, 3 * len(best) >= 2 * len(values)


def host_model():
    """The host's model name (with family and model numbers, as a KVM guest
    may only say "AMD EPYC") and its CPU flags."""
    with open("/proc/cpuinfo") as f:
        text = f.read()
    fields = {}
    for key in ("model name", "cpu family", "model", "flags"):
        match = re.search(r"^%s\s*:\s*(.*)$" % key, text, re.M)
        fields[key] = match.group(1) if match else "?"
    return ("%s (family %s, model %s)" % (
        fields["model name"], fields["cpu family"], fields["model"]),
        set(fields["flags"].split()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tool", default=os.path.join(
        HERE, "..", "..", "build", "bin", "llvm-exegesis"))
    parser.add_argument("--bodies", default=os.path.join(HERE, "bodies.txt"))
    parser.add_argument("--runs", type=int, default=5,
                        help="tool runs per body and execution mode")
    parser.add_argument("--reference-runs", type=int, default=6,
                        help="harness runs per body (one before each round "
                             "of tool runs, the rest after)")
    parser.add_argument("--unstable", type=float, default=0.01,
                        help="a reference whose runs spread more than this "
                             "is unstable and not used (default 0.01)")
    parser.add_argument("--strict", action="store_true",
                        help="every harness run must agree (by default "
                             "two thirds of them)")
    parser.add_argument("--filter", default="", help="keep bodies whose "
                        "name matches this regular expression")
    forms = parser.add_mutually_exclusive_group()
    forms.add_argument("--latency-only", action="store_true")
    forms.add_argument("--throughput-only", action="store_true")
    parser.add_argument("--modes", default="inprocess,subprocess",
                        help="execution modes (comma separated)")
    parser.add_argument("--extra", action="append", default=[],
                        help="an extra tool option for every run")
    parser.add_argument("--compiler", default=os.environ.get("CC", "cc"))
    parser.add_argument("--keep", metavar="DIR",
                        help="write the snippets, bodies.S and the harness "
                             "here and keep them")
    parser.add_argument("--traces", metavar="DIR",
                        help="write each tool run's time samples here "
                             "(-time-samples-file), as BODY.MODE.RUN.jsonl: "
                             "a value in doubt can then be replayed "
                             "(bench/traces) and join the trace corpus")
    parser.add_argument("--verbose", action="store_true",
                        help="print every run's value, and the info of "
                             "tool runs more than 0.5%% from their median")
    args = parser.parse_args()
    if args.runs < 1 or args.reference_runs < 3:
        fail("--runs must be at least 1 and --reference-runs at least 3")
    # What it needs, each named with the command that provides it.
    if not os.access(args.tool, os.X_OK):
        fail("no tool at %s: build it with ./dev test (or give --tool)" %
             args.tool)
    if not shutil.which(args.compiler):
        fail("needs a C compiler, %s, for the harness (Debian package gcc): "
             "run ./dev bench-deps (or give --compiler)" % args.compiler)
    model, flags = host_model()
    forms = (["latency"] if args.latency_only else ["throughput"]
             if args.throughput_only else ["latency", "throughput"])
    modes = [m for m in args.modes.split(",") if m]
    bodies, skipped = read_bodies(args.bodies, flags, forms, args.filter)
    if not bodies:
        fail("no body left (--filter '%s')" % args.filter)

    if args.traces:
        os.makedirs(args.traces, exist_ok=True)
    directory = args.keep or tempfile.mkdtemp(prefix="exegesis-accuracy-")
    os.makedirs(directory, exist_ok=True)
    try:
        harness = build_harness(bodies, flags, directory, args.compiler)
        report(args, bodies, skipped, modes, model, harness, directory)
    finally:
        if not args.keep:
            shutil.rmtree(directory)


def report(args, bodies, skipped, modes, model, harness, directory):
    print("host: %s; %d bodies (%s)" % (model, len(bodies), ", ".join(
        sorted({b.form for b in bodies}))))
    if skipped:
        print("not on this host: " + ", ".join(skipped))
    print("load at start: %s" % open("/proc/loadavg").read().strip())
    published, published_name = None, None
    results = []  # (body, reference, reference spread, {mode: values})
    clean = {}  # body key: {mode: the values whose info has no warning}
    walls = {mode: [] for mode in modes}
    header = "%-22s %9s %6s %6s |" % ("body", "harness", "spread", "pub") + \
        "".join(" %-26s |" % mode for mode in modes)
    print(header)
    print("%-22s %9s %6s %6s |" % ("", "", "", "") + "".join(
        " %8s %7s %6s %5s |" % ("median", "error", "spread", "ms")
        for _ in modes), flush=True)
    start = time.time()
    for body in bodies:
        if body.generated:
            source = "-opcode-name=" + body.name
        else:
            path = os.path.join(directory, body.key + ".s")
            with open(path, "w") as f:
                f.write(body.snippet())
            source = "-snippets-file=" + path
        # One harness run before each round of tool runs, the rest after.
        reference_values = []
        values = {mode: [] for mode in modes}
        infos = {mode: [] for mode in modes}
        failure = None
        tool_mode = ("latency" if body.form == "latency" else
                     "inverse_throughput")
        for run in range(args.runs):
            if len(reference_values) < args.reference_runs - 1:
                reference_values += run_harness(harness, body, 1)
            for mode in modes:
                try:
                    trace = (os.path.join(args.traces, "%s.%s.%d.jsonl" % (
                        body.key, mode, run + 1)) if args.traces else None)
                    value, wall, cpu, info = measure(args.tool, source,
                                                     tool_mode, mode,
                                                     args.extra, trace)
                except (RuntimeError, subprocess.TimeoutExpired) as error:
                    failure = str(error)
                    break
                values[mode].append(value)
                infos[mode].append(info)
                walls[mode].append(wall)
                if published is None:
                    published, published_name = read_published(cpu)
                    print("LLVM host CPU: %s; published column: %s" % (
                        cpu, published_name or "none for this CPU"),
                        flush=True)
            if failure:
                break
        reference_values += run_harness(
            harness, body, args.reference_runs - len(reference_values))
        group, stable = agreeing_runs(reference_values, args.unstable,
                                      args.strict)
        reference = statistics.median(group) if group else float("nan")
        if body.generated and not body.per_instruction:
            # The harness reads cycles per instruction; the tool's value for
            # an opcode is per copy of its snippet, helpers subtracted.
            reference *= len(body.lines)
        if body.minus:
            # What the generated snippet subtracts, measured by the harness
            # as a body of its own earlier in the list, per copy.
            other, share = body.minus
            earlier = [r * (1 if b.generated and not b.per_instruction
                            else len(b.lines))
                       for b, r, s, _ in results if b.name == other and
                       b.form == body.form]
            if not earlier:
                fail("%s: minus=%s names no earlier body of the run" % (
                    body.key, other))
            reference -= share * earlier[0]
        # The summary leaves out a reference whose spread is above the
        # limit; runs without a value make it unstable whatever the spread
        # of the others.
        missing = sum(v <= 0 for v in reference_values)
        reference_spread = (spread_of(group) if stable else float("inf")
                            if missing else spread_of(reference_values))
        pub = (published or {}).get(body.name, {}).get(body.form)
        row = "%-22s %9.4f %5.1f%% %6s |" % (
            body.key, reference, 100 * reference_spread,
            "%g" % pub if pub is not None else "-")
        if failure:
            print(row + " tool failed: " + failure, flush=True)
            results.append((body, reference, reference_spread, None))
            continue
        for mode in modes:
            median = statistics.median(values[mode])
            error = (median - reference) / reference
            row += " %8.4f %+6.2f%% %5.2f%% %5.0f |" % (
                median, 100 * error, 100 * spread_of(values[mode]),
                1000 * statistics.mean(walls[mode][-args.runs:]))
        if reference_spread > args.unstable:
            row += " unstable reference"
            if missing:
                row += " (%d of %d harness runs without a value: %s)" % (
                    missing, len(reference_values), " ".join(
                        "%.4f" % v for v in reference_values))
        elif len(group) < len(reference_values):
            row += " (%d of %d harness runs agree: %s)" % (
                len(group), len(reference_values), " ".join(
                    "%.4f" % v for v in reference_values))
        print(row, flush=True)
        if args.verbose:
            print("    harness: " + " ".join("%.4f" % v
                                            for v in reference_values))
            for mode in modes:
                median = statistics.median(values[mode])
                print("    %s: %s" % (mode, " ".join(
                    "%.4f" % v for v in values[mode])))
                for value, info in zip(values[mode], infos[mode]):
                    if abs(value - median) > 0.005 * median:
                        print("      %.4f: %s" % (value, info))
        results.append((body, reference, reference_spread, values))
        clean[body.key] = {mode: [value for value, info in zip(
            values[mode], infos[mode]) if "warning:" not in info]
            for mode in modes}
    summarise(args, results, modes, walls, time.time() - start, clean)


def summarise(args, results, modes, walls, elapsed, clean):
    print()
    unstable = [body.key for body, _, spread, _ in results
                if spread > args.unstable]
    failed = [body.key for body, _, _, values in results if values is None]
    if unstable:
        print("unstable references (%s of the harness runs with a value "
              "within %g%% of each other), not used: %s" % (
                  "not all" if args.strict else "fewer than two thirds",
                  100 * args.unstable, ", ".join(unstable)))
    if failed:
        print("tool failed: " + ", ".join(failed))
    all_met = not failed
    for form in ("latency", "throughput"):
        used = [(body, reference, values) for body, reference, spread, values
                in results if body.form == form and values is not None and
                spread <= args.unstable]
        if not used:
            continue
        median_target, worst_target = TARGETS[form]
        for mode in modes:
            errors = [(abs(statistics.median(values[mode]) - reference) /
                       reference, body.name) for body, reference, values
                      in used]
            spreads = [(spread_of(values[mode]), body.name)
                       for body, _, values in used]
            median_error = statistics.median(e for e, _ in errors)
            worst_error = max(errors)
            worst_spread = max(spreads)
            met = (median_error <= median_target and
                   worst_error[0] <= worst_target and
                   worst_spread[0] <= SPREAD_TARGET)
            all_met = all_met and met
            print("%-10s %-10s: %d bodies; error median %.2f%% (target "
                  "%.1f%%), worst %.2f%% %s (target %.0f%%); spread over %d "
                  "runs: median %.2f%%, worst %.2f%% %s, %d/%d within 1%%; "
                  "%s" % (
                      form, mode, len(used), 100 * median_error,
                      100 * median_target, 100 * worst_error[0],
                      worst_error[1], 100 * worst_target, args.runs,
                      100 * statistics.median(s for s, _ in spreads),
                      100 * worst_spread[0], worst_spread[1],
                      sum(s <= SPREAD_TARGET for s, _ in spreads),
                      len(spreads), "met" if met else "MISSED"))
            # Not a target: what the values the tool stands behind (no
            # warning in info) do, where a busy host warned the others.
            kept = [(clean[body.key][mode], reference, body.name)
                    for body, reference, _ in used]
            num_clean = sum(len(v) for v, _, _ in kept)
            off = sum(abs(v - reference) > 0.02 * reference
                      for values, reference, _ in kept for v in values)
            clean_spreads = [(spread_of(v), name) for v, _, name in kept
                             if len(v) >= 2]
            if clean_spreads:
                worst_clean = max(clean_spreads)
                print("%-10s %-10s  values without a warning: %d of %d, %d "
                      "more than 2%% off; their spread: worst %.2f%% %s, "
                      "%d/%d bodies within 1%%" % (
                          "", "", num_clean, args.runs * len(used), off,
                          100 * worst_clean[0], worst_clean[1],
                          sum(s <= SPREAD_TARGET for s, _ in clean_spreads),
                          len(clean_spreads)))
    for mode in modes:
        if walls[mode]:
            print("mean wall time of one tool run, %s: %.0f ms" % (
                mode, 1000 * statistics.mean(walls[mode])))
    print("elapsed %.0f s; load at end: %s" % (
        elapsed, open("/proc/loadavg").read().strip()))
    print("targets: %s" % ("all met" if all_met else "NOT all met"))


if __name__ == "__main__":
    main()
