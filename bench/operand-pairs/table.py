#!/usr/bin/env python3
"""Prints the operand-pair latencies of a results file (run.sh) as a table:
opcode, its latency, each measured pair with the model's value for it from
the analysis report, and how many pairs were not measured."""
import html
import re
import sys

import yaml


def model_values(report):
    """(opcode, pair) -> the model's value, from the report's pair cells."""
    text = open(report).read()
    values = {}
    for cell in re.findall(r'<td class="operand-pairs">(.*?)</td>', text):
        for opcode, pairs in re.findall(r"<li>([^<:]+):<ul>(.*?)</ul></li>",
                                        cell):
            for pair, model in re.findall(
                    r'<span class="mono">([^<]+)</span> [^<]+ '
                    r'<span class="model">model: ([^<]+)</span>', pairs):
                values[(opcode, html.unescape(pair))] = model
    return values


def main(results, report):
    models = model_values(report)
    rows = 0
    print("%-14s %8s  %s" % ("opcode", "latency", "pairs: measured (model)"))
    for doc in yaml.safe_load_all(open(results)):
        if not doc:
            continue
        opcode = doc["key"]["instructions"][0].split()[0]
        if doc.get("error"):
            print("%-14s %8s  %s" % (opcode, "-", doc["error"]))
            continue
        measures = doc["measurements"]
        pairs = []
        for m in measures[1:]:
            pair = m["key"][len("latency["):-1]
            pairs.append("%s %.2f (%s)" % (pair, m["value"],
                                           models.get((opcode, pair), "?")))
        info = doc.get("info", "")
        missing = info.split("; not measured: ", 1)
        not_measured = (len(re.findall(r"->\S+ \(", missing[1]))
                        if len(missing) > 1 else 0)
        print("%-14s %8.2f  %s%s" % (
            opcode, measures[0]["value"], ", ".join(pairs) or "none",
            "; %d not measured" % not_measured if not_measured else ""))
        rows += 1
    print("%d opcodes" % rows)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
