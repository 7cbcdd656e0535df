#!/usr/bin/env python3
"""Checks that the library's layout is the one docs/Layout.rst describes.

docs/Layout.rst holds the layer table, the one source of truth: each row a
layer number, its folder (several for the target folders' one layer, the
driver's file for the top) and the folder's umbrella header. This script
reads that table and checks the tree against it:

  folders      every folder under lib/ is in the table, every folder of the
               table is under lib/, and no source file sits at lib/'s root;
  written      an include of the library is written from lib/
               ("Core/LLVMState.h"), the include root of every file;
  layers       a file includes only its own folder and the folders of lower
               layers;
  targets      nothing outside a target folder includes a target's file, and
               no target includes another target's;
  cycles       no two file pairs (X.h and X.cpp) include each other, directly
               or through others;
  umbrella     every subsystem folder's row names its umbrella header, the
               header exists, and its leading comment names every other
               header of the folder;
  driver       the driver includes no executor header of Execution/ and no
               target header.

Each failure is one line: the file (and line), the include, the rule. The
exit status is 1 when anything fails, 2 when the table cannot be read.
ctest runs it as docs-layers, and its self-test (a small tree, clean and
then with one violation of each rule) as docs-layers-self-test.

Usage: check-layers.py [--layout RST] [--lib DIR] [--driver CPP]
       check-layers.py --self-test
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

SOURCE_SUFFIXES = (".h", ".cpp", ".c", ".inc", ".def")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
LITERAL_RE = re.compile(r"``([^`]+)``")


class Layer:
    def __init__(self, number, folders, umbrella, targets, driver):
        self.number = number
        self.folders = folders  # folder names under lib/, without '/'
        self.umbrella = umbrella  # lib-relative path, or None
        self.targets = targets  # the row of the target folders
        self.driver = driver  # the row of the driver's file


def fail(message):
    print("check-layers: error: " + message, file=sys.stderr)
    sys.exit(2)


def parse_simple_table(lines, start, where):
    """The rows (lists of cells) of the reStructuredText simple table whose
    top border is lines[start]."""
    border = lines[start].rstrip()
    spans = [(m.start(), m.end()) for m in re.finditer(r"=+", border)]
    borders = [start]
    i = start + 1
    while i < len(lines) and len(borders) < 3:
        if lines[i].rstrip() and set(lines[i].strip()) <= {"=", " "}:
            borders.append(i)
        i += 1
    if len(borders) < 3:
        fail("%s:%d: the layer table has no closing border"
             % (where, start + 1))

    def cells(line):
        out = []
        for n, (b, e) in enumerate(spans):
            end = spans[n + 1][0] if n + 1 < len(spans) else len(line)
            out.append(line[b:end].strip())
        return out

    rows = []
    for n in range(borders[1] + 1, borders[2]):
        line = lines[n].rstrip()
        if not line:
            continue
        c = cells(line)
        if not c[0] and rows:  # a continuation line
            rows[-1][1] = [
                (a + " " + b).strip() for a, b in zip(rows[-1][1], c)
            ]
        else:
            rows.append([n + 1, c])
    return cells(lines[start + 1]), rows


def read_layers(layout_path):
    """The layers of docs/Layout.rst's table, from the ground up."""
    try:
        with open(layout_path, encoding="utf-8") as f:
            lines = f.read().split("\n")
    except OSError as e:
        fail("cannot read %s: %s" % (layout_path, e.strerror))
    for start in range(len(lines) - 1):
        if re.match(r"^=+( +=+)+\s*$", lines[start]) and lines[
            start + 1
        ].lstrip().startswith("Layer"):
            break
    else:
        fail("%s: no table whose first column is 'Layer'" % layout_path)
    header, rows = parse_simple_table(lines, start, layout_path)
    columns = [h.lower() for h in header]
    if len(columns) < 3 or not columns[1].startswith("folder") or not (
        columns[2].startswith("umbrella")
    ):
        fail(
            "%s:%d: the layer table's columns must be Layer, Folder, "
            "Umbrella header" % (layout_path, start + 2)
        )
    layers = []
    for line_number, c in rows:
        where = "%s:%d" % (layout_path, line_number)
        if not c[0].isdigit():
            fail("%s: a layer number, not '%s'" % (where, c[0]))
        names = LITERAL_RE.findall(c[1])
        driver = [n for n in names if n.endswith(".cpp")]
        folders = [n.rstrip("/") for n in names if n.endswith("/")]
        umbrellas = [n for n in LITERAL_RE.findall(c[2]) if n.endswith(".h")]
        targets = len(folders) > 1 or "target" in c[2].lower()
        if not driver and not folders:
            fail("%s: the folder column names no ``Folder/``" % where)
        if len(folders) > 1 and umbrellas:
            fail("%s: only a row of one folder has an umbrella header" % where)
        layers.append(
            Layer(
                int(c[0]),
                folders,
                umbrellas[0] if umbrellas else None,
                targets,
                bool(driver),
            )
        )
    return layers


def source_files(root):
    for d, subdirs, files in os.walk(root):
        subdirs.sort()
        for f in sorted(files):
            if f.endswith(SOURCE_SUFFIXES):
                yield os.path.join(d, f)


def includes(path):
    """(line number, included name) of each quoted include of a file."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for n, line in enumerate(f, 1):
            m = INCLUDE_RE.match(line)
            if m:
                yield n, m.group(1)


def leading_comment(path):
    text = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if not line.startswith("//"):
                break
            text.append(line)
    return "".join(text)


def unit(rel):
    """A file pair: X.h and X.cpp are one unit."""
    return os.path.splitext(rel)[0]


def find_cycles(edges):
    """The strongly connected components of more than one unit, each as one
    cycle through it (a list of units, the first repeated at the end)."""
    index, low, stack, on_stack, components = {}, {}, [], set(), []
    counter = [0]

    def visit(root):
        # Tarjan's algorithm, iteratively (no recursion limit to meet).
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        components.append(set(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    cycles = []
    for component in components:
        start = min(component)
        # The shortest way back to start, within the component.
        previous, frontier = {start: None}, [start]
        found = None
        while frontier and found is None:
            following = []
            for v in frontier:
                for w in sorted(edges.get(v, ())):
                    if w == start:
                        found = v
                        break
                    if w in component and w not in previous:
                        previous[w] = v
                        following.append(w)
                if found is not None:
                    break
            frontier = following
        path = [found]
        while previous[path[-1]] is not None:
            path.append(previous[path[-1]])
        path.reverse()
        cycles.append(path + [start])
    return sorted(cycles)


def check(repo, layout_path, lib, driver_path):
    """The failures of the tree, one line each."""
    layers = read_layers(layout_path)
    failures = []
    rel_repo = lambda p: os.path.relpath(p, repo)
    layout_name = rel_repo(layout_path)

    layer_of = {}
    target_folders = set()
    umbrellas = {}
    driver_layer = None
    for layer in layers:
        for folder in layer.folders:
            if folder in layer_of:
                failures.append(
                    "%s: folder %s/ is in the layer table twice [folders]"
                    % (layout_name, folder)
                )
            layer_of[folder] = layer.number
            if layer.targets:
                target_folders.add(folder)
        if layer.umbrella:
            umbrellas[layer.folders[0]] = layer.umbrella
        elif not layer.targets and not layer.driver:
            failures.append(
                "%s: layer %d, folder %s/, names no umbrella header "
                "[umbrella]" % (layout_name, layer.number, layer.folders[0])
            )
        if layer.driver:
            driver_layer = layer.number
    if driver_layer is None:
        driver_layer = max(layer_of.values(), default=0) + 1

    # folders: the tree and the table name the same folders.
    on_disk = sorted(
        e for e in os.listdir(lib) if os.path.isdir(os.path.join(lib, e))
    )
    for folder in on_disk:
        if folder not in layer_of:
            failures.append(
                "%s/: a folder that the layer table of %s does not name "
                "[folders]"
                % (rel_repo(os.path.join(lib, folder)), layout_name)
            )
    for folder in sorted(layer_of):
        if folder not in on_disk:
            failures.append(
                "%s: names folder %s/, which is not under %s [folders]"
                % (layout_name, folder, rel_repo(lib))
            )
    for e in sorted(os.listdir(lib)):
        path = os.path.join(lib, e)
        if os.path.isfile(path) and e.endswith(SOURCE_SUFFIXES):
            failures.append(
                "%s: a source file at lib/'s root, in no subsystem folder "
                "[folders]" % rel_repo(os.path.join(lib, e))
            )

    # The include graph: lib's files and the driver.
    files = [(os.path.relpath(p, lib), p) for p in source_files(lib)]
    driver_rel = None
    if driver_path:
        driver_rel = os.path.basename(driver_path)
        files.append((driver_rel, driver_path))
    edges = {}
    where = {}
    for rel, path in files:
        is_driver = rel == driver_rel
        folder = None if is_driver else rel.split(os.sep)[0]
        if not is_driver and folder not in layer_of:
            continue  # Reported above; no layer to check it against.
        own_layer = driver_layer if is_driver else layer_of[folder]
        for line, name in includes(path):
            at = "%s:%d: includes \"%s\"" % (rel_repo(path), line, name)
            target = os.path.normpath(os.path.join(lib, name))
            if not os.path.isfile(target):
                beside = os.path.normpath(
                    os.path.join(os.path.dirname(path), name)
                )
                if os.path.isfile(beside) and beside.startswith(lib + os.sep):
                    failures.append(
                        "%s: an include of the library is written from lib/ "
                        "(\"%s\") [written]"
                        % (at, os.path.relpath(beside, lib))
                    )
                    target = beside
                else:
                    continue  # LLVM's, the system's: not ours.
            inc = os.path.relpath(target, lib)
            inc_folder = inc.split(os.sep)[0]
            if inc_folder not in layer_of:
                continue
            edges.setdefault(unit(rel), set()).add(unit(inc))
            where.setdefault((unit(rel), unit(inc)), at)
            if inc_folder == folder:
                continue
            if inc_folder in target_folders:
                if folder in target_folders:
                    failures.append(
                        "%s: target %s/ includes another target's file "
                        "[targets]" % (at, folder)
                    )
                elif is_driver:
                    failures.append(
                        "%s: the driver includes a target's header [driver]"
                        % at
                    )
                else:
                    failures.append(
                        "%s: %s/ includes a target's file; only %s/ may "
                        "[targets]" % (at, folder, inc_folder)
                    )
                continue
            inc_layer = layer_of[inc_folder]
            if is_driver:
                if (
                    inc_folder == "Execution"
                    and "Executor" in os.path.basename(inc)
                ):
                    failures.append(
                        "%s: the driver includes an executor header; it "
                        "reaches the executors through Measure/ [driver]" % at
                    )
                continue
            if inc_layer > own_layer:
                failures.append(
                    "%s: %s/ (layer %d) includes %s/ (layer %d), a layer "
                    "above it [layers]"
                    % (at, folder, own_layer, inc_folder, inc_layer)
                )
            elif inc_layer == own_layer:
                failures.append(
                    "%s: %s/ includes %s/, a folder of its own layer %d "
                    "[layers]" % (at, folder, inc_folder, own_layer)
                )

    # cycles: between file pairs, directly or through others.
    pair_edges = {
        a: {b for b in bs if b != a} for a, bs in edges.items()
    }
    for cycle in find_cycles(pair_edges):
        steps = "; ".join(
            where[(a, b)] for a, b in zip(cycle, cycle[1:])
        )
        failures.append(
            "%s: file pairs that include each other: %s [cycles]"
            % (" -> ".join(cycle), steps)
        )

    # umbrella: each names every header of its folder.
    for folder, umbrella in sorted(umbrellas.items()):
        umbrella_path = os.path.join(lib, umbrella)
        if not umbrella.startswith(folder + "/"):
            failures.append(
                "%s: umbrella header %s is not in folder %s/ [umbrella]"
                % (layout_name, umbrella, folder)
            )
            continue
        if not os.path.isfile(umbrella_path):
            failures.append(
                "%s: umbrella header of %s/ that %s names is missing "
                "[umbrella]" % (rel_repo(umbrella_path), folder, layout_name)
            )
            continue
        comment = leading_comment(umbrella_path)
        named = set(re.findall(r"[A-Za-z0-9_]+\.h\b", comment))
        for path in source_files(os.path.join(lib, folder)):
            header = os.path.basename(path)
            if path == umbrella_path or not header.endswith(".h"):
                continue
            if header not in named:
                failures.append(
                    "%s: header %s is not named in the comment of its "
                    "folder's umbrella header %s [umbrella]"
                    % (rel_repo(path), header, umbrella)
                )
    return failures


SELF_TEST_LAYOUT = """\
Layout
======

=====  ============================  ======================
Layer  Folder                        Umbrella header
=====  ============================  ======================
1      ``Base/``                     ``Base/BaseAll.h``
2      ``TA/`` ``TB/``               none: target folders
3      ``Execution/``                ``Execution/ExecAll.h``
4      ``Top/``                      ``Top/TopAll.h``
5      ``tool.cpp``                  none: the driver
=====  ============================  ======================
"""

# A clean tree, then one change per rule and the failure it must give.
SELF_TEST_TREE = {
    "lib/Base/BaseAll.h":
        '// BaseAll.h: names A.h and B.h.\n#include "Base/A.h"\n',
    "lib/Base/A.h": "",
    "lib/Base/A.cpp": '#include "Base/A.h"\n#include "Base/B.h"\n',
    "lib/Base/B.h": "",
    "lib/TA/T.cpp": '#include "Base/A.h"\n',
    "lib/TB/U.cpp": '#include "Base/A.h"\n',
    "lib/TA/T.h": "",
    "lib/TB/U.h": "",
    "lib/Execution/ExecAll.h": "// ExecAll.h: names OneExecutor.h.\n",
    "lib/Execution/OneExecutor.h": '#include "Base/A.h"\n',
    "lib/Top/TopAll.h": "// TopAll.h: names Top.h and Solo.h.\n",
    "lib/Top/Top.h":
        '#include "Base/A.h"\n#include "Execution/OneExecutor.h"\n',
    "lib/Top/Solo.h": "",
    "tool.cpp": '#include "Top/Top.h"\n#include "llvm/Support/Error.h"\n',
}
SELF_TEST_CASES = [
    ("lib/Stray.cpp", "", "lib/Stray.cpp: a source file at lib/'s root"),
    ("lib/Extra/E.h", "", "lib/Extra/: a folder that the layer table"),
    ("lib/Base/B.h", '#include "Top/Solo.h"\n',
     'lib/Base/B.h:1: includes "Top/Solo.h": Base/ (layer 1) includes Top/'),
    ("lib/Execution/OneExecutor.h", '#include "Top/Solo.h"\n',
     'includes "Top/Solo.h": Execution/ (layer 3) includes Top/ (layer 4)'),
    ("lib/Top/Top.cpp", '#include "TA/T.h"\n',
     'includes "TA/T.h": Top/ includes a target\'s file'),
    ("lib/TA/T.h", '#include "TB/U.h"\n',
     'includes "TB/U.h": target TA/ includes another target'),
    ("lib/Base/B.cpp", '#include "Base/A.h"\n',
     "Base/A -> Base/B -> Base/A: file pairs that include each other"),
    ("lib/Base/C.h", "", "lib/Base/C.h: header C.h is not named"),
    ("lib/Top/Top.cpp", '#include "../Base/A.h"\n',
     'written from lib/ ("Base/A.h") [written]'),
    ("tool.cpp", '#include "TA/T.h"\n',
     'tool.cpp:3: includes "TA/T.h": the driver includes a target'),
    ("tool.cpp", '#include "Execution/OneExecutor.h"\n',
     'includes "Execution/OneExecutor.h": the driver includes an executor'),
    ("lib/Base/B.h", '#include "Base/BaseAll.h"\n',
     "Base/A -> Base/B -> Base/BaseAll -> Base/A: file pairs"),
    ("lib/Top/TopAll.h", None, "lib/Top/TopAll.h: umbrella header of Top/"),
    ("Layout.rst", ("``Top/TopAll.h``", "none yet"),
     "layer 4, folder Top/, names no umbrella header"),
]


def self_test():
    """Runs the checker on a small tree: clean, then with one violation of
    each rule; says which case did not give its failure."""
    bad = 0
    for case in [None] + SELF_TEST_CASES:
        root = tempfile.mkdtemp(prefix="check-layers-")
        try:
            tree = dict(SELF_TEST_TREE)
            tree["Layout.rst"] = SELF_TEST_LAYOUT
            if case:
                path, text, _ = case
                if text is None:
                    del tree[path]
                elif isinstance(text, tuple):
                    tree[path] = tree[path].replace(*text)
                else:
                    tree[path] = tree.get(path, "") + text
            for path, text in tree.items():
                full = os.path.join(root, path)
                os.makedirs(os.path.dirname(full), exist_ok=True)
                with open(full, "w") as f:
                    f.write(text)
            layout = os.path.join(root, "Layout.rst")
            failures = check(
                root, layout, os.path.join(root, "lib"),
                os.path.join(root, "tool.cpp"),
            )
        finally:
            shutil.rmtree(root)
        if case is None:
            if failures:
                bad += 1
                print("self-test: the clean tree fails:", *failures,
                      sep="\n  ")
            continue
        expected = case[2]
        if len(failures) != 1 or expected not in failures[0]:
            bad += 1
            print("self-test: with %s changed, expected one failure "
                  "containing\n  %s\ngot:" % (case[0], expected),
                  *(failures or ["nothing"]), sep="\n  ")
    print("self-test: %d of %d cases right"
          % (len(SELF_TEST_CASES) + 1 - bad, len(SELF_TEST_CASES) + 1))
    return 1 if bad else 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(here)
    tool = os.path.join(repo, "llvm", "tools", "llvm-exegesis")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--layout", default=os.path.join(here, "Layout.rst"))
    parser.add_argument("--lib", default=os.path.join(tool, "lib"))
    parser.add_argument(
        "--driver", default=os.path.join(tool, "llvm-exegesis.cpp")
    )
    parser.add_argument("--self-test", action="store_true",
                        help="check the checker on a small tree of its own")
    args = parser.parse_args()
    if args.self_test:
        return self_test()
    lib = os.path.abspath(args.lib)
    if not os.path.isdir(lib):
        fail("no library folder %s" % lib)
    failures = check(repo, os.path.abspath(args.layout), lib,
                     os.path.abspath(args.driver))
    for f in failures:
        print(f)
    if failures:
        print("%d failure%s of the layout of %s"
              % (len(failures), "" if len(failures) == 1 else "s",
                 os.path.relpath(args.layout, repo)))
        return 1
    print("the tree follows the layers of %s"
          % os.path.relpath(args.layout, repo))
    return 0


if __name__ == "__main__":
    sys.exit(main())
