#!/usr/bin/env python3
"""Runs the llvm-exegesis tests that the installed LLVM release ships, as
that release has them, against our tool and against upstream's.

The test folder comes from Debian's source package of the installed LLVM
(llvm-toolchain-NN), fetched once through a private apt configuration and
cached outside the tree; only llvm/test/tools/llvm-exegesis is extracted,
and nothing of it is ever committed. Both binaries run the same tests with
the same features: those of a machine without a hardware PMU, as upstream
would find them here. A second run gives our tool the features it probes
for itself the way the suite's own configuration does (we measure latency
and run subprocesses without a PMU).

Usage: run.py [--tool PATH] [--upstream PATH] [--cache DIR] [--work DIR]
              [--jobs N] [-- LIT_ARGS...]   (e.g. -- --filter analysis)
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SUITE = "llvm/test/tools/llvm-exegesis"

# Tests whose failure for our tool is a decision, with the reason.
EXPECTED_DIFFERENCES = {
    "X86/dummy-perf-counters-subprocess.s":
        "upstream refuses dummy counters in subprocess mode; we run them on "
        "purpose (SPEC 4: dummy counters work in both modes)",
}

# What a feature the suite asks for stands for, where a test lacks it.
FEATURE_NEEDS = {
    "asserts": "asserts: an LLVM built with assertions (-debug-only)",
    "exegesis-can-measure-uops":
        "exegesis-can-measure-uops: a hardware PMU (per-port counters, "
        "validation counters)",
    "exegesis-can-measure-latency-lbr":
        "exegesis-can-measure-latency-lbr: a hardware PMU with LBR",
    "exegesis-can-execute-aarch64": "exegesis-can-execute-aarch64: an "
                                    "AArch64 host",
    "exegesis-can-execute-mips": "exegesis-can-execute-mips: a Mips host",
}


def fail(message):
    print("conformance: " + message, file=sys.stderr)
    sys.exit(1)


def run(cmd, **kwargs):
    return subprocess.run(cmd, check=False, **kwargs)


def installed_llvm_version(llvm_major):
    """The upstream version of the installed llvm-NN package, e.g. 22.1.8."""
    out = run(["dpkg-query", "-W", "-f=${Version}", "llvm-%s" % llvm_major],
              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if out.returncode != 0:
        fail("llvm-%s is not installed (./dev test installs it)" % llvm_major)
    version = out.stdout.decode().strip()
    match = re.match(r"(?:\d+:)?(\d+\.\d+\.\d+)", version)
    if not match:
        fail("cannot read the version of llvm-%s: %s" % (llvm_major, version))
    return match.group(1)


def archive_uri():
    """The system's own Debian archive (not the security one)."""
    candidates = []
    for folder, names in [("/etc/apt", ["sources.list"]),
                          ("/etc/apt/sources.list.d",
                           sorted(os.listdir("/etc/apt/sources.list.d"))
                           if os.path.isdir("/etc/apt/sources.list.d")
                           else [])]:
        for name in names:
            path = os.path.join(folder, name)
            if not (name.endswith(".list") or name.endswith(".sources")):
                continue
            try:
                text = open(path).read()
            except OSError:
                continue
            candidates += re.findall(r"^\s*URIs:\s*(\S+)", text, re.M)
            candidates += re.findall(r"^\s*deb(?:\s+\[[^\]]*\])?\s+(\S+)",
                                     text, re.M)
    for uri in candidates:
        if uri.rstrip("/").endswith("/debian"):
            return uri.rstrip("/")
    fail("no Debian archive in the apt sources to fetch the source package "
         "from")


def fetch_suite(cache, version):
    """Extracts the release's test folder into cache/<version>/ once."""
    target = os.path.join(cache, version)
    if os.path.isfile(os.path.join(target, ".complete")):
        return os.path.join(target, SUITE)
    major = version.split(".")[0]
    package = "llvm-toolchain-%s" % major
    apt = os.path.join(cache, "apt")
    for sub in ["lists/partial", "cache/archives/partial", "sources.list.d"]:
        os.makedirs(os.path.join(apt, sub), exist_ok=True)
    with open(os.path.join(apt, "sources.list"), "w") as sources:
        sources.write("deb-src %s sid main\n" % archive_uri())
    options = []
    for key, value in [("Dir::Etc::sourcelist", "sources.list"),
                       ("Dir::Etc::sourceparts", "sources.list.d"),
                       ("Dir::State::Lists", "lists"),
                       ("Dir::Cache", "cache")]:
        options += ["-o", "%s=%s" % (key, os.path.join(apt, value))]
    options += ["-o", "APT::Sandbox::User=root"] if os.geteuid() == 0 else []
    print("conformance: reading the source index", file=sys.stderr)
    if run(["apt-get", "-qq"] + options + ["update"]).returncode != 0:
        fail("apt-get update of the private source index failed")
    shown = run(["apt-cache"] + options + ["showsrc", package],
                stdout=subprocess.PIPE).stdout.decode()
    orig = "%s_%s.orig.tar.xz" % (package, version)
    sums = re.findall(r"^ ([0-9a-f]{64}) \d+ %s$" % re.escape(orig), shown,
                      re.M)
    versions = re.findall(r"^Version: (\S+)$", shown, re.M)
    source_version = next((v for v in versions
                           if re.match(r"(\d+:)?%s-" % re.escape(version), v)),
                          None)
    if not sums or not source_version:
        fail("the archive's sources list no %s for LLVM %s (it has: %s)" %
             (package, version, ", ".join(versions) or "none"))
    download = os.path.join(cache, "download")
    os.makedirs(download, exist_ok=True)
    tarball = os.path.join(download, orig)
    if not os.path.isfile(tarball) or sha256(tarball) != sums[0]:
        print("conformance: downloading %s (about 200 MB, once)" % orig,
              file=sys.stderr)
        # apt-get source fetches the orig tarball before the .dsc, and the
        # .dsc of a superseded upload may be gone: judge by the tarball.
        fetched = run(["apt-get", "-qq", "--download-only"] + options +
                      ["source", "%s=%s" % (package, source_version)],
                      cwd=download, stdout=subprocess.PIPE,
                      stderr=subprocess.STDOUT)
        if not os.path.isfile(tarball):
            sys.stderr.write(fetched.stdout.decode(errors="replace"))
    if not os.path.isfile(tarball):
        fail("the download of %s failed" % orig)
    if sha256(tarball) != sums[0]:
        fail("%s does not match the checksum of the archive's index" % orig)
    extracted = tempfile.mkdtemp(dir=cache)
    prefix = "%s_%s/%s/" % (package, version, SUITE)
    with tarfile.open(tarball) as archive:
        members = [m for m in archive if m.name.startswith(prefix)]
        archive.extractall(extracted, members)
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    shutil.move(os.path.join(extracted, prefix),
                os.path.join(target, SUITE))
    shutil.rmtree(extracted)
    os.remove(tarball)
    open(os.path.join(target, ".complete"), "w").close()
    return os.path.join(target, SUITE)


def sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as data:
        for block in iter(lambda: data.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def prepare_suite(release_suite, work):
    """A copy of the test folder under our lit configuration: the suite's
    lit.local.cfg files are replaced by ours, which gate a target's folder
    on the target being registered (its tests name their -mtriple), not on
    the host being of that architecture, and leave features to run.py."""
    suite = os.path.join(work, "suite")
    shutil.rmtree(suite, ignore_errors=True)
    shutil.copytree(release_suite, suite)
    shutil.copy(os.path.join(HERE, "lit.cfg.py"), suite)
    for folder, _, files in os.walk(suite):
        if "lit.local.cfg" not in files:
            continue
        target = os.path.relpath(folder, suite).split(os.sep)[0]
        with open(os.path.join(folder, "lit.local.cfg"), "w") as local:
            if target in ("AArch64", "Mips", "PowerPC", "RISCV", "X86"):
                local.write("if %r not in config.root.targets:\n"
                            "    config.unsupported = True\n" % target)
    return suite


def probe(tool, *args):
    """The suite's own probe: measuring ADD64rr exits 0."""
    return run([tool, "-opcode-name=ADD64rr"] + list(args),
               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
               timeout=300).returncode == 0


def has_hardware_pmu():
    sources = "/sys/bus/event_source/devices"
    return os.path.isdir(sources) and any(
        name.startswith("cpu") for name in os.listdir(sources))


def own_features(tool):
    """What the suite's own probes find our tool can do here. The suite
    uses exegesis-can-measure-uops to gate tests of hardware counters too
    (validation-counters.asm reads instructions-retired), so it is given
    only where the kernel exposes a hardware PMU."""
    features = []
    if probe(tool, "-mode=latency"):
        features.append("exegesis-can-measure-latency")
    if has_hardware_pmu() and probe(tool, "-mode=uops"):
        features.append("exegesis-can-measure-uops")
    if probe(tool, "-mode=latency", "-x86-lbr-sample-period=123",
             "-repetition-mode=loop"):
        features.append("exegesis-can-measure-latency-lbr")
    return features


def run_lit(lit, suite, work, name, tool, llvm_tools_dir, features, targets,
            jobs, lit_args):
    exec_root = os.path.join(work, "out", name)
    shutil.rmtree(exec_root, ignore_errors=True)
    os.makedirs(exec_root)
    tools_dir = os.path.join(work, "bin", name)
    shutil.rmtree(tools_dir, ignore_errors=True)
    os.makedirs(tools_dir)
    os.symlink(os.path.abspath(tool), os.path.join(tools_dir, "llvm-exegesis"))
    params = {"exec_root": exec_root, "tools_dir": tools_dir,
              "llvm_tools_dir": llvm_tools_dir, "features": ",".join(features),
              "targets": ",".join(targets),
              "host_triple": "x86_64-unknown-linux-gnu"}
    cmd = [lit, "-q", "--timeout=600", "-j", str(jobs)]
    for key, value in params.items():
        cmd += ["--param", "%s=%s" % (key, value)]
    report = os.path.join(work, "out", name + ".json")
    cmd += ["--output", report] + lit_args + [suite]
    run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}
    with open(report) as data:
        for test in json.load(data)["tests"]:
            results[test["name"].split(" :: ", 1)[1]] = test["code"]
    return results


def counts(results):
    tally = {}
    for code in results.values():
        tally[code] = tally.get(code, 0) + 1
    return ", ".join("%s %d" % (code.lower(), tally[code])
                     for code in sorted(tally))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                       "llvm-exegesis"))
    parser.add_argument("--llvm-major", default="22")
    parser.add_argument("--upstream")
    parser.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
        "exegesis-conformance"))
    parser.add_argument("--work", default=os.path.join(ROOT, "build",
                                                       "conformance"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("lit_args", nargs="*")
    args = parser.parse_args()
    # lit runs each test from its own folder: a relative work folder would
    # put a relative folder on the tests' PATH, which resolves to nothing
    # there, and `llvm-exegesis` would be upstream's from LLVM's bin folder.
    args.work = os.path.abspath(args.work)

    llvm_bin = "/usr/lib/llvm-%s/bin" % args.llvm_major
    upstream = args.upstream or os.path.join(llvm_bin, "llvm-exegesis")
    lit = shutil.which("lit", path=llvm_bin) or shutil.which("lit")
    for path, what in [(args.tool, "our llvm-exegesis (./dev test builds it)"),
                       (upstream, "upstream's llvm-exegesis (llvm-%s-tools)" %
                        args.llvm_major),
                       (lit, "lit (llvm-%s-tools)" % args.llvm_major)]:
        if not path or not os.access(path, os.X_OK):
            fail("missing %s" % what)
    version = installed_llvm_version(args.llvm_major)
    release_suite = fetch_suite(args.cache, version)
    os.makedirs(args.work, exist_ok=True)
    suite = prepare_suite(release_suite, args.work)
    targets = run([os.path.join(llvm_bin, "llvm-config"), "--targets-built"],
                  stdout=subprocess.PIPE).stdout.decode().split()
    # The machine as upstream's configuration sees it without a PMU.
    base = ["x86_64-linux", "exegesis-can-execute-x86_64"]
    print("LLVM %s release suite (%d tests), features: %s" %
          (version, len(collect_tests(suite)), ", ".join(base)))
    ours = run_lit(lit, suite, args.work, "ours", args.tool, llvm_bin, base,
                   targets, args.jobs, args.lit_args)
    theirs = run_lit(lit, suite, args.work, "upstream", upstream, llvm_bin,
                     base, targets, args.jobs, args.lit_args)
    print("  upstream: %s" % counts(theirs))
    print("  ours:     %s" % counts(ours))
    differing = sorted(t for t in set(ours) | set(theirs)
                       if ours.get(t) != theirs.get(t))
    status = 0
    for test in differing:
        note = EXPECTED_DIFFERENCES.get(test)
        print("  differs: %-60s ours %s, upstream %s%s" %
              (test, ours.get(test), theirs.get(test),
               " (expected: %s)" % note if note else ""))
        if not note and ours.get(test) != "PASS":
            status = 1

    extra = own_features(args.tool)
    features = base + [f for f in extra if f not in base]
    print("With our own features (%s):" % ", ".join(extra or ["none"]))
    with_features = run_lit(lit, suite, args.work, "ours-features", args.tool,
                            llvm_bin, features, targets, args.jobs,
                            args.lit_args)
    print("  ours:     %s" % counts(with_features))
    for test in sorted(with_features):
        code = with_features[test]
        if code in ("PASS", "UNSUPPORTED"):
            continue
        note = EXPECTED_DIFFERENCES.get(test)
        print("  %s: %s%s" % (code.lower(), test,
                              " (expected: %s)" % note if note else ""))
        if not note:
            status = 1
    unsupported = sorted(t for t, c in with_features.items()
                         if c == "UNSUPPORTED")
    for test in unsupported:
        missing = missing_features(os.path.join(suite, test), features,
                                   targets)
        print("  unsupported: %s (lacks %s)" %
              (test, ", ".join(FEATURE_NEEDS.get(f, f) for f in missing)))
    print("Logs: lit -v --param ... as above; outputs in %s" %
          os.path.join(args.work, "out"))
    return status


def missing_features(test, features, targets):
    """The features of the test's REQUIRES lines this run lacks."""
    have = set(features) | {t.lower() + "-registered-target"
                            for t in targets}
    required = []
    with open(test, errors="replace") as text:
        for line in text:
            match = re.search(r"REQUIRES:(.*)", line)
            if match:
                required += [f.strip() for f in match.group(1).split(",")]
    return [f for f in required if f and f not in have]


def collect_tests(suite):
    found = []
    for folder, _, files in os.walk(suite):
        if "Inputs" in folder.split(os.sep):
            continue
        found += [f for f in files if f.endswith((".s", ".test", ".asm"))]
    return found


if __name__ == "__main__":
    sys.exit(main())
