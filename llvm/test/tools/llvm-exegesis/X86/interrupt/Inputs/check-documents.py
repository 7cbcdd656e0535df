"""Usage: check-documents.py RESULTS STDERR

Fails unless RESULTS holds exactly as many whole YAML documents as the
interruption line in STDERR says (`interrupted after N of M benchmarks`),
and nothing after the last one."""
import re
import sys

results = open(sys.argv[1]).read()
said = re.search(r"interrupted after (\d+) of", open(sys.argv[2]).read())
if not said:
    sys.exit("no interruption line")
starts = len(re.findall(r"^---$", results, re.M))
ends = len(re.findall(r"^\.\.\.$", results, re.M))
if starts != ends or ends != int(said.group(1)):
    sys.exit("%d documents started, %d ended, %s said" %
             (starts, ends, said.group(1)))
if results and not results.endswith("...\n"):
    sys.exit("text after the last document")
