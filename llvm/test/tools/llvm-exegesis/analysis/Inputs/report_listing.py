#!/usr/bin/env python3
"""Prints what an inconsistencies report lists, whichever tool wrote it (ours
or upstream's, whose layouts differ): per section (a scheduling class or the
noise cluster), each row's cluster id, whether it agrees with the model, and
the instructions named in it, one per benchmark. Two reports that list the
same print the same. Noise rows get no verdict: upstream marks them all
alike, we mark each by its own class's model."""
import re
import sys

ROW = re.compile(r'<tr class="(good|bad)-cluster"><td>([^<]*)(.*?)</tr>', re.S)
ENTRY = re.compile(r'<li><span class="mono" title="[^"]*">(.*?)</span> '
                   r'<span class="mono">([^<]*)</span></li>', re.S)


def sections(page):
    body = page[page.find("<body"):]
    # Upstream opens each section with <div class="inconsistency">, we with
    # <div class="sched-class">.
    for part in re.split(r'<div class="(?:inconsistency|sched-class)">',
                         body)[1:]:
        title = re.search(r'sched-class-name">([^<]*)</span> contains', part)
        if not title:
            title = re.search(r"<p>(\[noise\] Cluster \(\d+ points\))</p>",
                              part)
        yield title.group(1), part


def main():
    page = open(sys.argv[1], encoding="utf-8").read()
    for title, part in sections(page):
        print(title)
        for verdict, cluster, cells in ROW.findall(part):
            entries = ["%s [%s]" % e for e in ENTRY.findall(cells)]
            cluster = cluster.strip()
            if cluster == "[noise]":
                verdict = "-"
            print("  %s %s: %s" % (cluster, verdict, ", ".join(entries)))


if __name__ == "__main__":
    main()
