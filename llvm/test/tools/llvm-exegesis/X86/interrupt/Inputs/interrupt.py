"""Usage: interrupt.py SIGNAL WHEN COMMAND...

Runs COMMAND (with SIGNAL's default disposition, whatever the caller
ignores, and niceness 10 above the caller's), waits for the moment WHEN
names (at most 60 s), sends SIGNAL to COMMAND (to its whole process group,
as Ctrl-C does, when SIGNAL is written GROUP-INT and so on), waits for it to
end and prints `exit code: N` on stderr. WHEN is
  paused         a thread of COMMAND or of a descendant is in pause(2):
                 the snippet of Inputs/pause.s is running;
  docs:FILE:N    FILE holds N complete YAML documents.
Fails when that moment does not come, or when a descendant of COMMAND is still
running 10 s after COMMAND ended."""
import glob
import os
import signal
import subprocess
import sys
import time

SYS_PAUSE = 34  # x86-64

to_group = sys.argv[1].startswith("GROUP-")
sig = getattr(signal, "SIG" + sys.argv[1].replace("GROUP-", ""))
when = sys.argv[2]
command = sys.argv[3:]


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "Inputs"))
from processes import descendants, running  # noqa: E402

def in_pause(pid):
    for path in glob.glob("/proc/%d/task/*/syscall" % pid):
        try:
            with open(path) as f:
                if f.read().split()[0] == str(SYS_PAUSE):
                    return True
        except (OSError, IndexError):
            pass
    return False


def count_documents(path):
    try:
        with open(path) as f:
            return sum(1 for line in f if line.rstrip("\n") == "...")
    except OSError:
        return 0


def moment_has_come(tool):
    if when == "paused":
        return any(in_pause(p) for p in [tool.pid] + descendants(tool.pid))
    _, path, count = when.split(":")
    return count_documents(path) >= int(count)


def prepare_tool():
    signal.signal(sig, signal.SIG_DFL)
    # Below the watcher's priority: under load (bench/flake.sh runs lit -j8
    # beside stress-ng) a watcher starved for half a second once let a
    # 16-benchmark sweep finish before it saw the second document.
    os.nice(10)


tool = subprocess.Popen(command, start_new_session=to_group,
                        preexec_fn=prepare_tool)
deadline = time.time() + 60
while tool.poll() is None and not moment_has_come(tool):
    if time.time() > deadline:
        tool.kill()
        sys.exit("the moment '%s' did not come within 60 s" % when)
    time.sleep(0.02)
child = descendants(tool.pid)
if tool.poll() is None:
    if to_group:
        os.killpg(tool.pid, sig)
    else:
        tool.send_signal(sig)
status = tool.wait()
sys.stderr.write("exit code: %d\n" % status)
deadline = time.time() + 10
while any(running(p) for p in child) and time.time() < deadline:
    time.sleep(0.05)
if any(running(p) for p in child):
    sys.exit("a child of the tool outlived it")
