"""Runs llvm-exegesis under open-file limits (RLIMIT_NOFILE) from 4 up, in
both execution modes, writing a results file, and checks each outcome is one of: measured (exit 0,
empty error field), or refused with one line naming the limit and its value
(on stderr with a non-zero exit, or in the benchmark's error field). Also
checks that refusals stop once a limit is large enough, and that the largest
limit measures. Prints, per mode, where it was refused and from where it
measured.

usage: check-file-limits.py TOOL SNIPPET SCRATCH_PREFIX
"""
import os
import resource
import subprocess
import sys

tool, snippet, scratch = sys.argv[1:4]
limits = range(4, 17)
failed = False


def limited(n):
    def set_limit():
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        resource.setrlimit(resource.RLIMIT_NOFILE, (n, hard))
    return set_limit


def classify(n, mode, proc, results):
    note = "RLIMIT_NOFILE, the open-file limit, is %d;" % n
    lines = proc.stderr.splitlines()
    if proc.returncode != 0:
        if (len(lines) == 1 and lines[0].startswith("llvm-exegesis error: ")
                and note in lines[0]):
            return "refused"
        return None
    if lines or proc.stdout:
        return None
    try:
        with open(results) as f:
            written = f.read()
    except OSError:
        return None
    if "error:           ''" in written:
        return "measured"
    for line in written.splitlines():
        if line.startswith("error:") and note in line:
            return "refused"
    return None


for mode in ("inprocess", "subprocess"):
    outcomes = []
    for n in limits:
        results = "%s.%s.%d.yaml" % (scratch, mode, n)
        if os.path.exists(results):
            os.remove(results)
        try:
            proc = subprocess.run(
                [tool, "-mode=latency", "-snippets-file=" + snippet,
                 "-benchmarks-file=" + results,
                 "-execution-mode=" + mode, "-settle-time-limit=0",
                 "-benchmark-repeat-count=2", "-min-instructions=100"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                universal_newlines=True, preexec_fn=limited(n), timeout=300)
        except subprocess.TimeoutExpired:
            print("%s at %d: hung" % (mode, n))
            failed = True
            continue
        outcome = classify(n, mode, proc, results)
        if outcome is None:
            print("%s at %d: unexpected outcome (exit %d)\nstdout:\n%s\n"
                  "stderr:\n%s" % (mode, n, proc.returncode, proc.stdout,
                                   proc.stderr))
            failed = True
            continue
        outcomes.append((n, outcome))
    refused = [n for n, o in outcomes if o == "refused"]
    measured = [n for n, o in outcomes if o == "measured"]
    if not refused or not measured or max(refused) > min(measured) or \
            measured[-1] != limits[-1]:
        print("%s: refusals and measurements out of order: refused at %s, "
              "measured at %s" % (mode, refused, measured))
        failed = True
        continue
    print("%s: refused at %s; measured from %d" %
          (mode, ", ".join(map(str, refused)), min(measured)))

sys.exit(1 if failed else 0)
