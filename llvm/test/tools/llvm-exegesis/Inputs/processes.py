"""What the interruption tests' drivers ask of /proc about the tool and its
benchmarking subprocesses."""


def children(pid):
    """The direct children of process `pid` (none once it is gone)."""
    try:
        with open("/proc/%d/task/%d/children" % (pid, pid)) as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def descendants(pid):
    """The children of process `pid`, theirs, and so on: a benchmarking
    subprocess is a child of the tool's fork server."""
    found = []
    for child in children(pid):
        found.append(child)
        found.extend(descendants(child))
    return found


def running(pid):
    """Alive and not a zombie."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
