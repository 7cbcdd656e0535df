"""Usage: run-and-interrupt.py SIGNAL PIDFILE COMMAND...

Runs COMMAND (with SIGNAL's default disposition, whatever the caller
ignores), waits until it has forked a child (the benchmarking subprocess,
or the fork server that forks it; at most 60 s), sends SIGNAL to COMMAND
and waits for it to end. COMMAND's pid goes to PIDFILE. Fails unless
COMMAND exited with 128 + SIGNAL (an interrupted run ends so) and its
descendants are gone within 10 s."""
import os
import signal
import subprocess
import sys
import time

sig = getattr(signal, "SIG" + sys.argv[1])
pid_file = sys.argv[2]
command = sys.argv[3:]


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "Inputs"))
from processes import descendants, running  # noqa: E402

tool = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL,
                        preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
with open(pid_file, "w") as f:
    f.write("%d\n" % tool.pid)
deadline = time.time() + 60
while not descendants(tool.pid) and time.time() < deadline:
    time.sleep(0.05)
child = descendants(tool.pid)
if not child:
    sys.exit("the tool forked no child within 60 s")
tool.send_signal(sig)
status = tool.wait()
if status != 128 + sig:
    sys.exit("the tool ended with status %d, not 128 + the signal" % status)
deadline = time.time() + 10
while any(running(p) for p in child) and time.time() < deadline:
    time.sleep(0.05)
if any(running(p) for p in child):
    sys.exit("the benchmarking subprocess outlived the tool")
