#!/usr/bin/env bash
# How long one measurement takes at default options, the way a new user
# runs the tool: the wall time of a whole tool run (start-up, calibration,
# measurement, YAML) for
#   - the latency of examples/add-chain.s (-mode=latency -snippets-file=...)
#   - the throughput of ADD64rr (-mode=inverse_throughput -opcode-name=ADD64rr)
# each in process and in a subprocess, RUNS runs each (median and min),
# next to upstream llvm-exegesis 22 at -benchmark-phase=assemble-measured-code
# for the same snippet and opcode (upstream cannot measure without a PMU;
# assembling is the most it does here). Target: ours at most 0.5 s each
# (median), on an idle host.
#
# Prints the CPU, the load average before and after, and the share of the
# CPUs other processes used during the runs (and the hypervisor's steal
# time); warns when the host was not idle (the load before the runs, the
# others' share and the steal time; the load after counts the runs
# themselves): times taken while others build are not figures. (Before
# c4d35d4 a subprocess run's last measurement child ended as init's, and
# its CPU time, a fifth of the run's, counted among the others'.) Runs go
# round-robin over the cases, so that a burst of load falls on all of them
# alike.
#
# usage: bench/single-measurement-time.sh [OURS] [UPSTREAM]
# (defaults: build/bin/llvm-exegesis, /usr/lib/llvm-22/bin/llvm-exegesis)
# Environment: RUNS (default 7) runs per case; IDLE_LOAD (default 0.3) the
# 1-minute load average above which the host counts as busy; EXTRA_ARGS
# options added to each of our runs (e.g. -benchmark-repeat-count=10).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
ours=${1:-$here/build/bin/llvm-exegesis}
upstream=${2:-/usr/lib/llvm-22/bin/llvm-exegesis}
runs=${RUNS:-7}
idle_load=${IDLE_LOAD:-0.3}

for tool in "$ours" "$upstream"; do
  if [[ ! -x $tool ]]; then
    echo "single-measurement-time: '$tool' is not an executable (build" \
         "ours, or install Debian's llvm-22-tools for upstream's)" >&2
    exit 1
  fi
done
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
  echo "single-measurement-time: RUNS='$runs' is not a positive number" >&2
  exit 1
fi
if ! command -v python3 > /dev/null; then
  echo "single-measurement-time: needs python3" >&2
  exit 1
fi

exec python3 - "$ours" "$upstream" "$runs" "$idle_load" \
  "$here/examples/add-chain.s" "${EXTRA_ARGS:-}" <<'EOF'
import os, re, resource, shlex, shutil, statistics, subprocess, sys, tempfile, time

ours, upstream, runs, idle_load, chain, extra = sys.argv[1:]
runs, idle_load, extra = int(runs), float(idle_load), shlex.split(extra)

def cpu_model():
    fields = {}
    for line in open("/proc/cpuinfo"):
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
        if not line.strip():
            break
    # The CPU LLVM takes the host for, as our results name it.
    host = subprocess.run([ours, "-mode=latency", "-opcode-name=ADD64rr",
                           "-benchmark-phase=prepare-snippet"],
                          capture_output=True, text=True).stdout
    llvm_cpu = re.search(r"^cpu_name:\s*(\S+)", host, re.M)
    return "%s (family %s model %s), LLVM host CPU %s, %d CPUs" % (
        fields.get("model name", "unknown"), fields.get("cpu family", "?"),
        fields.get("model", "?"), llvm_cpu.group(1) if llvm_cpu else "?",
        os.cpu_count())

def loadavg():
    return open("/proc/loadavg").read().split()[:3]

def cpu_jiffies():
    """(busy, steal) jiffies of all CPUs since boot."""
    v = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = v[:8]
    return user + nice + system + irq + softirq, steal

measure = [("latency", "examples/add-chain.s",
            ["-mode=latency", "-snippets-file=" + chain]),
           ("inverse_throughput", "ADD64rr",
            ["-mode=inverse_throughput", "-opcode-name=ADD64rr"])]
cases = []
for key, what, args in measure:
    for mode in ("inprocess", "subprocess"):
        cases.append(("ours %s %s, %s" % (key, what, mode), key,
                      [ours] + args + ["-execution-mode=" + mode] + extra))
for key, what, args in measure:
    cases.append(("upstream %s %s, assembled" % (key, what), None,
                  [upstream] + args +
                  ["-benchmark-phase=assemble-measured-code"]))

work = tempfile.mkdtemp()
results = {name: {"wall": [], "values": [], "errors": []}
           for name, _, _ in cases}

print("one measurement at default options, whole tool runs, %d runs each" %
      runs)
print("ours:     %s %s" % (ours, " ".join(extra)))
print("upstream: %s" % upstream)
print("CPU: " + cpu_model())
load_before = loadavg()
print("load before: " + " ".join(load_before))
sys.stdout.flush()

busy0, steal0 = cpu_jiffies()
self0 = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.perf_counter()
for run in range(runs):
    for name, key, command in cases:
        out = os.path.join(work, "out.yaml")
        if os.path.exists(out):
            os.remove(out)
        t0 = time.perf_counter()
        done = subprocess.run(command + ["-benchmarks-file=" + out],
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - t0
        r = results[name]
        r["wall"].append(wall)
        text = open(out).read() if os.path.exists(out) else ""
        error = re.search(r"^error:\s*(.*)$", text, re.M)
        error = error.group(1).strip() if error else None
        if done.returncode != 0 or error is None:
            r["errors"].append("exit code %d: %s" % (
                done.returncode, done.stderr.strip().splitlines()[-1:]))
        elif key is None:
            if error != "actual measurements skipped.":
                r["errors"].append(error)
        elif error not in ("", "''"):
            r["errors"].append(error)
        else:
            value = re.search(r"key: %s, value: ([-0-9.e+]+)" % key, text)
            if value:
                r["values"].append(float(value.group(1)))
            else:
                r["errors"].append("no %s value" % key)
elapsed = time.perf_counter() - start
shutil.rmtree(work)
busy1, steal1 = cpu_jiffies()
self1 = resource.getrusage(resource.RUSAGE_CHILDREN)
load_after = loadavg()

hz = os.sysconf("SC_CLK_TCK")
capacity = elapsed * os.cpu_count()
ours_cpu = (self1.ru_utime - self0.ru_utime) + (self1.ru_stime - self0.ru_stime)
others = max(0.0, (busy1 - busy0) / hz - ours_cpu) / capacity
steal = (steal1 - steal0) / hz / capacity

print()
print("%-52s %10s %9s %12s" % ("", "median (s)", "min (s)", "value"))
upstream_median = {}
for name, key, _ in cases:
    r = results[name]
    median = statistics.median(r["wall"])
    if key is None:
        upstream_median[name.split()[1]] = median
    value = ("%.4f" % statistics.median(r["values"])) if r["values"] else "-"
    print("%-52s %10.3f %9.3f %12s" % (name, median, min(r["wall"]), value))
    for error in sorted(set(r["errors"])):
        print("    %d of %d runs failed: %s" %
              (r["errors"].count(error), runs, error))

met = 0
print()
for name, key, _ in cases:
    if key is None:
        continue
    median = statistics.median(results[name]["wall"])
    ok = median <= 0.5 and not results[name]["errors"]
    met += ok
    print("%-52s %5.1fx upstream's assemble time, %s" % (
        name, median / upstream_median[key],
        "within 0.5 s" if ok else "NOT within 0.5 s" if median > 0.5
        else "failed"))
print("target (ours at most 0.5 s per measurement, median): %d of 4 met" % met)
print()
print("load after: " + " ".join(load_after))
print("other processes used %.0f%% of the CPUs during the %.0f s of runs; "
      "steal time %.1f%%" % (100 * others, elapsed, 100 * steal))
# The load average after the runs counts the runs themselves (one process
# at a time for half a minute lifts it to 0.5-0.8 on an idle guest), so
# the host's idleness is the load before them and, during them, the CPU
# time of everything but the runs, and the steal time.
if float(load_before[0]) > idle_load or others > 0.05 or steal > 0.02:
    print("warning: the host was not idle (1-minute load before the runs "
          "%s, limit %g; others' CPU use during them %.0f%%, limit 5%%; "
          "steal %.1f%%, limit 2%%): these times are not figures" % (
              load_before[0], idle_load, 100 * others, 100 * steal))
EOF
