#!/usr/bin/env python3
"""Builds the trace corpus of the time-based sampler's unit tests.

Writes, as -time-samples-file JSON lines (version 1, see
docs/TimeBasedCycles.rst) compressed with the zstd program (which it needs),
into llvm/unittests/tools/llvm-exegesis/TimeBased/traces/:

- znver1-idle.jsonl.zst, znver1-contended.jsonl.zst: the raw Zen 1 timings of
  ../shared/data/hosts/znver1 (one call per window, recorded by a standalone
  harness on a host the team no longer has) cut into the runs the sampler
  takes: a SAR throughput body and an IMUL latency chain each;
- synthetic-*.jsonl.zst: variations of the Zen 1 idle timings and of a real
  trace of another host (--base), each modelling one case: unshared probe
  levels of 1.0, 1.235 and 2.0 cycles per group; a neighbour busy for the
  first third, the last third and throughout (+30% on the probe and on a
  throughput-bound snippet); clock steps mid-run; rare huge outliers
  (preemption); a calibration chain slowed while the snippet is not.

Every measurement line carries its truth (value per instruction, the error
allowed, the verdict expected), which the unit tests check the replay
against. Real traces recorded with the tool (bench/traces/record.sh) are
kept as they are; this script only adds truths to them with --truth.

Traces recorded on a host with bench/traces/record.sh (--recorded DIR
LABEL, repeatable) become <llvm cpu>-<LABEL>.jsonl.zst: the rules they were
recorded under (which never settle, so that whole runs are kept) are
replaced by the tool's defaults, each keeps its first MAX_RUNS runs, and each
gets the accuracy harness's value for its body as its truth: the recording's
own, or where that was unstable, another recording's of the same session
(--recorded DIRs are consulted in turn). A body with no stable reference is
left out. Synthetic variations of one of them are added too.

usage: make-corpus.py [--hosts DIR] [--recorded DIR LABEL]... OUT_DIR
"""
import argparse
import copy
import csv
import json
import os
import random
import shutil
import subprocess
import sys

WARMUP = 3
ROUNDS_PER_SAMPLE = 5
REPEAT = 30
RUN_ROUNDS = REPEAT * ROUNDS_PER_SAMPLE + WARMUP
# The Zen 1 harness's shapes: chains of 10,000 adds, probes of 2,500
# groups, snippets of 10,000 instructions, one call per window.
ZEN1_CHAIN = 10000
ZEN1_TSC_HZ = 2.2e9


def rules(limit=5.0):
    return {"repeat_count": REPEAT, "aggregation": "min",
            "settle_tolerance": 0.003, "settle_agreeing_runs": 2,
            "settle_time_limit": limit, "empty_snippet": False}


def call(columns, cpu=1):
    return {"batch": 0, "cpu": cpu, "ticks": [list(c) for c in columns]}


def trace_from_rows(rows, shape, calls=4, rounds_per_sample=3):
    """A trace of snippet `shape` ('sar' or 'imul') from harness rows.

    The harness timed one call per window, with a resolution of 20 ticks:
    1% of a SAR window. The tool times several calls per window (16 to 60
    for these shapes), so `calls` consecutive rows make one window here, as
    consecutive calls make one in the tool."""
    order = [shape + "_N", shape + "_2N", "chain_L", "chain_2L", "probe_G",
             "probe_2G"]
    windows = len(rows) // calls
    columns = [[sum(int(rows[w * calls + i][k]) for i in range(calls))
                for w in range(windows)] for k in order]
    plan = {"chain_length": ZEN1_CHAIN, "calls_per_window": calls,
            "rounds_per_sample": rounds_per_sample}
    run_rounds = REPEAT * rounds_per_sample + WARMUP
    runs = []
    ticks = 0
    for start in range(2, windows - run_rounds + 1, run_rounds):
        part = [c[start:start + run_rounds] for c in columns]
        ticks += sum(sum(c) for c in part)
        run = dict(plan)
        run.update({"rounds_asked": run_rounds, "contradicted": False,
                    "end_seconds": ticks / ZEN1_TSC_HZ,
                    "calls": [call(part)]})
        runs.append(run)
    return {"rules": rules(),
            "reference": {"level": None, "sightings": 0, "model_level": 1.0},
            "differencing": True, "batch_functions": [2],
            "probe": {"chain_length": ZEN1_CHAIN,
                      "probe_groups": ZEN1_CHAIN // 4,
                      "calls": [call([c[:2] for c in columns])]},
            "runs": runs, "cpu_checks": []}


def line(benchmark, mode, trace, instructions, truth, tolerance, verdict,
         note=""):
    out = {"benchmark": benchmark, "mode": mode, "variant": "duplicate",
           "instructions": instructions,
           "truth": {"per_instruction": truth, "tolerance": tolerance,
                     "verdict": verdict},
           "trace": trace}
    if note:
        out["note"] = note
    return out


def write(path, host, lines):
    """Writes PATH.zst: the header and LINES as JSON lines, compressed by the
    zstd program from the plain file (removed after), so that the frame
    records its size as the reader needs (docs/TimeBasedCycles.rst)."""
    with open(path, "w") as f:
        f.write(json.dumps({"format": "exegesis-time-samples", "version": 1,
                            "host": host, "counter": "rdtsc"},
                           separators=(",", ":")) + "\n")
        for l in lines:
            f.write(json.dumps(l, separators=(",", ":")) + "\n")
    subprocess.run(["zstd", "-19", "-q", "-f", "--rm", path, "-o",
                    path + ".zst"], check=True)


def read_rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


# Transformations of a trace. Column indices of a call: 0 short, 1 long
# (measured functions), then chain L, chain 2L, probe G, probe 2G; for
# traces with more measured functions the calibration follows them.

def calibration_index(trace, c):
    return trace["batch_functions"][c["batch"]]


def each_round(trace, fn):
    """Calls fn(call, first_chain, round, global_round, total)."""
    total = sum(len(r["calls"][0]["ticks"][0]) for r in trace["runs"])
    g = 0
    for run in trace["runs"]:
        n = len(run["calls"][0]["ticks"][0])
        for c in run["calls"]:
            for r in range(n):
                fn(c, calibration_index(trace, c), r, g + r, total)
        g += n


def scale_difference(ticks, short, long, r, factor):
    """Stretches the difference long - short of round r by factor."""
    d = ticks[long][r] - ticks[short][r]
    ticks[long][r] = ticks[short][r] + int(round(d * factor))


def probe_level(trace):
    """The median probe reading per group in cycles, from round minima."""
    vals = []
    for run in trace["runs"]:
        plan = run
        groups = max(plan["chain_length"] // 4, 500)
        for c in run["calls"]:
            f = calibration_index(trace, c)
            t = c["ticks"]
            for r in range(WARMUP, len(t[0])):
                ratio = (t[f + 1][r] - t[f][r]) / (plan["chain_length"] *
                                                   plan["calls_per_window"])
                if ratio > 0:
                    vals.append((t[f + 3][r] - t[f + 2][r]) /
                                (groups * plan["calls_per_window"]) / ratio)
    vals.sort()
    return vals[len(vals) // 2]


def with_probe_level(trace, level):
    """The host's unshared probe level is `level`: in every run and in the
    checks of other CPUs alike."""
    t = copy.deepcopy(trace)
    factor = level / probe_level(trace)
    each_round(t, lambda c, f, r, g, n: scale_difference(c["ticks"], f + 2,
                                                          f + 3, r, factor))
    for check in t["cpu_checks"]:
        ticks = check["call"]["ticks"]
        for r in range(len(ticks[0])):
            scale_difference(ticks, 2, 3, r, factor)
    return t


def busy(trace, first, last, slow_snippet, factor=1.3):
    """A neighbour busy from fraction `first` to `last` of the rounds: the
    probe, and a throughput-bound snippet, take `factor` as long."""
    t = copy.deepcopy(trace)

    def fn(c, f, r, g, n):
        if first * n <= g < last * n:
            scale_difference(c["ticks"], f + 2, f + 3, r, factor)
            if slow_snippet:
                for k in range(f):
                    c["ticks"][k][r] = int(round(c["ticks"][k][r] * factor))
    each_round(t, fn)
    return t


def clock_step(trace, at=0.5, factor=1.08):
    """The core clock drops at fraction `at` of the rounds: every window
    takes `factor` as many ticks from there on."""
    t = copy.deepcopy(trace)

    def fn(c, f, r, g, n):
        if g >= at * n:
            for col in c["ticks"]:
                col[r] = int(round(col[r] * factor))
    each_round(t, fn)
    return t


def outliers(trace, every=150, factor=30, seed=1):
    """Rare preempted windows: one in `every` takes `factor` as long."""
    t = copy.deepcopy(trace)
    rng = random.Random(seed)

    def fn(c, f, r, g, n):
        for col in c["ticks"]:
            if rng.randrange(every) == 0:
                col[r] *= factor
    each_round(t, fn)
    return t


def slowed_chain(trace, share=0.25, factor=1.12, seed=2):
    """The calibration chains alone slowed, a block at a time, in `share` of
    the samples (a neighbour on the integer units the snippet does not
    use): those samples' snippet reads low."""
    t = copy.deepcopy(trace)
    rng = random.Random(seed)
    for run in t["runs"]:
        for c in run["calls"]:
            f = calibration_index(t, c)
            n = len(c["ticks"][0])
            for start in range(WARMUP, n, ROUNDS_PER_SAMPLE):
                if rng.random() < share:
                    for r in range(start, min(n, start + ROUNDS_PER_SAMPLE)):
                        for k in (f, f + 1):
                            c["ticks"][k][r] = int(round(c["ticks"][k][r] *
                                                         factor))
    return t


def slowed_add_chain(trace, share=0.6, factor=1.02, seed=3):
    """The add chains and the core-sharing probe slowed alike, a sample at a
    time, in `share` of the samples, while the snippet and the vector chains
    run on (a neighbour on the integer ALUs, with a snippet on other units):
    the probe, read in the chain's cycles, looks quiet, and those samples
    read low. Only the vector chains (recorded since 2026-12-05) tell them;
    None for a trace without them."""
    t = copy.deepcopy(trace)
    rng = random.Random(seed)
    for run in t["runs"]:
        block = run["rounds_per_sample"]
        for c in run["calls"]:
            f = calibration_index(t, c)
            if len(c["ticks"]) < f + 6:
                return None
            n = len(c["ticks"][0])
            for start in range(WARMUP, n, block):
                if rng.random() < share:
                    for r in range(start, min(n, start + block)):
                        for k in range(f, f + 4):
                            c["ticks"][k][r] = int(round(c["ticks"][k][r] *
                                                         factor))
    return t


def with_reference(trace, level):
    t = copy.deepcopy(trace)
    t["reference"] = {"level": level, "sightings": 3, "model_level": 1.0}
    return t


def with_quiet_cpu_check(trace, quiet):
    """A check of another CPU, taken from the first quiet run of `quiet`."""
    t = copy.deepcopy(trace)
    run = quiet["runs"][0]
    c = run["calls"][0]
    f = calibration_index(quiet, c)
    check = {"chain_length": run["chain_length"],
             "calls_per_window": run["calls_per_window"],
             "rounds_per_sample": run["rounds_per_sample"],
             "call": {"batch": 0, "cpu": 0,
                      "ticks": [list(col[:WARMUP + 10 * ROUNDS_PER_SAMPLE])
                                for col in c["ticks"][f:f + 4]]}}
    t["cpu_checks"] = [check]
    return t


MAX_RUNS = 8


def read_references(directory):
    """Stable harness values by body key (e.g. ADD64rr.tput) of a recording."""
    refs = {}
    with open(os.path.join(directory, "reference.txt")) as f:
        for text in f:
            fields = text.split()
            if len(fields) < 3 or "|" not in text or "." not in fields[0]:
                continue
            if "unstable reference" in text:
                continue
            try:
                refs[fields[0]] = float(fields[1])
            except ValueError:
                pass
    return refs


def default_rules(trace):
    trace["rules"].update({"settle_tolerance": 0.003,
                           "settle_agreeing_runs": 2,
                           "settle_time_limit": 5.0})
    return trace


def recorded_lines(directory, label, references):
    """The corpus lines of one recording, and its host header."""
    host, lines = None, []
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".jsonl"):
            continue
        key, execution = name[:-len(".jsonl")].rsplit(".", 1)
        truth = next((r[key] for r in references if key in r), None)
        with open(os.path.join(directory, name)) as f:
            rows = [json.loads(l) for l in f if l.strip()]
        host = rows[0]["host"]
        for row in rows[1:]:
            if truth is None:
                continue
            trace = default_rules(row["trace"])
            counting = [i for i, r in enumerate(trace["runs"])
                        if not r["contradicted"]]
            if len(counting) > MAX_RUNS:
                trace["runs"] = trace["runs"][:counting[MAX_RUNS - 1] + 1]
            latency = row["mode"] == "latency"
            stressed = label != "quiet"
            tolerance = (0.03 if latency else 0.05) if stressed else \
                (0.01 if latency else 0.02)
            row.pop("recorded", None)
            row["benchmark"] = "%s (%s, %s)" % (key, execution,
                                                row["benchmark"][:60])
            row["truth"] = {"per_instruction": truth,
                            "tolerance": tolerance, "verdict": "any"}
            lines.append(row)
    return host, lines


def write_recorded_variations(out, host, lines):
    """The synthetic cases again, from a real trace of another host whose
    windows are the tool's own (a throughput body that settled, a latency
    chain): synthetic-<llvm cpu>.jsonl.zst."""
    def find(key):
        for l in lines:
            if l["benchmark"].startswith(key + " (inprocess"):
                return l
        return None
    thr, lat = find("SAR64ri.tput"), find("IMUL64rr.lat")
    if not thr or not lat:
        return
    t, tt = thr["trace"], thr["truth"]["per_instruction"]
    l, lt = lat["trace"], lat["truth"]["per_instruction"]
    n_t, n_l = thr["instructions"], lat["instructions"]
    level = probe_level(t)

    def case(base, trace, truth, verdict, note):
        row = line(base["benchmark"], base["mode"], trace,
                   base["instructions"], truth,
                   base["truth"]["tolerance"], verdict, note)
        row["variant"] = base["variant"]
        return row
    rows = [
        case(thr, with_probe_level(t, 1.235), tt, "settled",
             "unshared probe level 1.235"),
        case(thr, with_probe_level(t, 2.0), tt, "settled",
             "unshared probe level 2.0"),
        # The other CPU's check as in a quiet run: a STRESS=1 recording
        # checked a CPU stress-ng kept busy, whose level (1.38 on the
        # Emerald Rapids guest, 19% above its quiet 1.16) is no reference,
        # and a measurement that settles within the busy third has then
        # nothing to tell the neighbour's level by.
        case(thr, with_quiet_cpu_check(busy(t, 0, 1 / 3, True), t), tt,
             "settled", "busy for the first third (+30%); the other CPU is "
             "quiet"),
        case(thr, busy(t, 2 / 3, 1, True), tt, "settled",
             "busy for the last third (+30%)"),
        case(thr, with_reference(busy(t, 0, 1, True), level), tt,
             "shared-throughout",
             "busy throughout (+30%); the invocation saw the quiet level"),
        case(thr, with_quiet_cpu_check(busy(t, 0, 1, True), t), tt,
             "shared-throughout",
             "busy throughout (+30%); the other CPU is quiet"),
        case(thr, clock_step(t), tt, "settled", "the clock drops 8% halfway"),
        case(thr, outliers(t), tt, "settled",
             "one window in 150 preempted (x30)"),
        case(thr, slowed_chain(t), tt, "settled",
             "calibration chains slowed 12% in a quarter of the samples"),
        case(lat, busy(l, 0, 1 / 3, False), lt, "settled",
             "busy for the first third, latency"),
        case(lat, slowed_chain(l), lt, "settled",
             "calibration chains slowed 12% in a quarter of the samples, "
             "latency"),
    ]
    source = dict(host)
    source["source"] = ("synthetic, from %s-stress.jsonl.zst by "
                        "bench/traces/make-corpus.py" % host["llvm_cpu"])
    write(os.path.join(out, "synthetic-%s.jsonl" % host["llvm_cpu"]),
          source, rows)


def write_vector_chain_variation(out, host, lines, label):
    """The case only the vector calibration chains tell, from a recording
    that has them (the IMUL64rr latency chain, in process): the add chain
    and the probe slowed 2% in 60% of the samples, the IMUL chain and the
    vector chains not. Without the vector chains such samples settle 2% low
    and clean; with them the value is held to the latency target.
    synthetic-<llvm cpu>-vector-chain.jsonl.zst; False when the recording has no
    vector chains."""
    lat = next((l for l in lines
                if l["benchmark"].startswith("IMUL64rr.lat (inprocess")), None)
    slowed = slowed_add_chain(lat["trace"]) if lat else None
    if not slowed:
        return False
    row = line(lat["benchmark"], lat["mode"], slowed, lat["instructions"],
               lat["truth"]["per_instruction"], 0.005, "any",
               "add chain and probe slowed 2% in 60% of the samples, the "
               "vector chain not")
    row["variant"] = lat["variant"]
    source = dict(host)
    source["source"] = ("synthetic, from %s-%s.jsonl.zst by "
                        "bench/traces/make-corpus.py" % (host["llvm_cpu"],
                                                         label))
    write(os.path.join(out, "synthetic-%s-vector-chain.jsonl" %
                       host["llvm_cpu"]), source, [row])
    return True


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--hosts", default=os.path.join(here, "..", "..", "..",
                                                    "shared", "data", "hosts"))
    ap.add_argument("--recorded", nargs=2, action="append", default=[],
                    metavar=("DIR", "LABEL"))
    ap.add_argument("out")
    args = ap.parse_args()
    if not shutil.which("zstd"):
        sys.exit("make-corpus.py: needs the zstd program (apt-get install "
                 "zstd)")
    os.makedirs(args.out, exist_ok=True)

    references = [read_references(d) for d, _ in args.recorded]
    recorded = {}
    for i, (directory, label) in enumerate(args.recorded):
        # This recording's references first, then the others'.
        order = [references[i]] + references[:i] + references[i + 1:]
        host, lines = recorded_lines(directory, label, order)
        if lines:
            write(os.path.join(args.out, "%s-%s.jsonl" % (host["llvm_cpu"],
                                                          label)),
                  host, lines)
            recorded[label] = (host, lines)
    if "stress" in recorded:
        write_recorded_variations(args.out, *recorded["stress"])
    # The vector chains' case, from the first recording with them (a quiet
    # one first: a stress-ng recording of Zen 5 had the add chain slowed in
    # most of its samples already).
    for label in sorted(recorded, key=lambda l: "quiet" not in l):
        if write_vector_chain_variation(args.out, *recorded[label], label):
            break

    zen1 = {"llvm_cpu": "znver1", "model_name": "AMD EPYC", "family": 23,
            "model": 1, "stepping": 2,
            "source": "shared/data/hosts/znver1, a standalone harness"}
    idle = read_rows(os.path.join(args.hosts, "znver1", "idle.csv"))
    contended = read_rows(os.path.join(args.hosts, "znver1",
                                       "contended.csv"))
    # Truths: the harness's minima on the host (hosts/README.md).
    sar, imul = 0.2653, 3.003
    write(os.path.join(args.out, "znver1-idle.jsonl"), zen1, [
        # A window of four SAR calls is 8,300 ticks at a resolution of 20:
        # samples scatter by half a percent and do not agree within 0.3%,
        # though their median is right.
        line("SAR64ri x10 (4 x ten sar $3)", "inverse_throughput",
             trace_from_rows(idle, "sar"), 10000, sar, 0.01, "any"),
        line("IMUL64rr RAX RAX RAX", "latency",
             trace_from_rows(idle, "imul"), 10000, imul, 0.005, "settled"),
    ])
    write(os.path.join(args.out, "znver1-contended.jsonl"), zen1, [
        line("SAR64ri x10 (4 x ten sar $3)", "inverse_throughput",
             trace_from_rows(contended, "sar"), 10000, sar, 0.05, "any"),
        line("IMUL64rr RAX RAX RAX", "latency",
             trace_from_rows(contended, "imul"), 10000, imul, 0.03, "any"),
    ])

    base_sar = trace_from_rows(idle, "sar")
    base_imul = trace_from_rows(idle, "imul")
    quiet_level = probe_level(base_sar)
    synthetic = {"llvm_cpu": "znver1", "model_name": "AMD EPYC",
                 "family": 23, "model": 1, "stepping": 2,
                 "source": "synthetic, from shared/data/hosts/znver1/idle.csv "
                           "by bench/traces/make-corpus.py"}
    S = "SAR64ri x10"
    I = "IMUL64rr RAX RAX RAX"
    T, L = "inverse_throughput", "latency"
    cases = {
        "probe-levels": [
            line(S, T, with_probe_level(base_sar, 1.0), 10000, sar, 0.01,
                 "any", "unshared probe level 1.0"),
            line(S, T, with_probe_level(base_sar, 1.235), 10000, sar, 0.01,
                 "any", "unshared probe level 1.235 (Zen 1)"),
            line(S, T, with_probe_level(base_sar, 2.0), 10000, sar, 0.01,
                 "any", "unshared probe level 2.0 (a two-ALU core)"),
            line(I, L, with_probe_level(base_imul, 1.0), 10000, imul, 0.005,
                 "settled", "unshared probe level 1.0, latency"),
            line(I, L, with_probe_level(base_imul, 1.235), 10000, imul,
                 0.005, "settled", "unshared probe level 1.235, latency"),
            line(I, L, with_probe_level(base_imul, 2.0), 10000, imul, 0.005,
                 "settled", "unshared probe level 2.0, latency"),
        ],
        "busy-neighbour": [
            line(S, T, busy(base_sar, 0, 1 / 3, True), 10000, sar, 0.01,
                 "any", "busy for the first third (+30%)"),
            line(S, T, busy(base_sar, 2 / 3, 1, True), 10000, sar, 0.01,
                 "any", "busy for the last third (+30%)"),
            line(I, L, busy(base_imul, 0, 1 / 3, False), 10000, imul, 0.005,
                 "settled", "busy for the first third, latency"),
            line(I, L, busy(base_imul, 2 / 3, 1, False), 10000, imul, 0.005,
                 "settled", "busy for the last third, latency"),
            line(S, T, with_reference(busy(base_sar, 0, 1, True),
                                      quiet_level), 10000, sar, 0.02,
                 "shared-throughout",
                 "busy throughout (+30%); the invocation saw the quiet "
                 "level before"),
            line(S, T, with_quiet_cpu_check(busy(base_sar, 0, 1, True),
                                            base_sar), 10000, sar, 0.02,
                 "shared-throughout",
                 "busy throughout (+30%); the other CPU is quiet"),
            line(I, L, with_reference(busy(base_imul, 0, 1, False),
                                      quiet_level), 10000, imul, 0.005,
                 "shared-throughout",
                 "busy throughout, latency-bound snippet: the value stays "
                 "right, the warning is still due"),
            line(S, T, busy(base_sar, 0, 1, True), 10000, sar * 1.3, 0.02,
                 "cannot-tell",
                 "busy throughout (+30%), no earlier level and no other "
                 "CPU: indistinguishable from a slower core (documented "
                 "limit)"),
        ],
        "disturbances": [
            line(S, T, clock_step(base_sar), 10000, sar, 0.01, "any",
                 "the core clock drops 8% halfway"),
            line(I, L, clock_step(base_imul), 10000, imul, 0.005, "settled",
                 "the core clock drops 8% halfway, latency"),
            line(S, T, outliers(base_sar), 10000, sar, 0.01, "any",
                 "one window in 150 preempted (x30)"),
            line(I, L, outliers(base_imul), 10000, imul, 0.005, "settled",
                 "one window in 150 preempted (x30), latency"),
            line(S, T, slowed_chain(base_sar), 10000, sar, 0.01, "any",
                 "calibration chains slowed 12% in a quarter of the samples"),
            line(I, L, slowed_chain(base_imul), 10000, imul, 0.005,
                 "settled", "calibration chains slowed 12% in a quarter of "
                 "the samples, latency"),
        ],
    }
    for name, lines in cases.items():
        write(os.path.join(args.out, "synthetic-%s.jsonl" % name), synthetic,
              lines)


if __name__ == "__main__":
    main()
