#!/usr/bin/env python3
"""Checks that the reference manual documents every option of the tool.

Every option that `llvm-exegesis --help-hidden` lists must have an
`.. option::` entry in docs/CommandGuide/llvm-exegesis.rst, under the
section named after the group --help lists it in ("llvm-exegesis benchmark
options" -> "Benchmark options"), and every value of an option with named
values (`=dbscan`) must appear in its entry. An entry for an option the tool
does not have is reported too. The test suite runs this against the built
tool (ctest: docs-options); a failure names each option to add, so that a
new option is easy to document.

Usage: check-option-coverage.py --manual RST (--tool EXE | --help-text FILE)
"""

import argparse
import re
import subprocess
import sys

OPTION_LINE = re.compile(r"^  (--?[A-Za-z0-9][A-Za-z0-9_-]*)(\S*)\s+- (.*)$")
VALUE_LINE = re.compile(r"^    =(\S+)\s+-\s+(.*)$")
DIRECTIVE = re.compile(r"^\.\. option::\s*(.*)$")
NAME = re.compile(r"^(--?[A-Za-z0-9][A-Za-z0-9_-]*)")
TITLE_UNDERLINE = re.compile(r"^([=\-~^\"'`#*+.:_])\1+\s*$")


class HelpOption:
    def __init__(self, name, spelling, description, group):
        self.name = name
        self.spelling = spelling  # e.g. --mode=<value>
        self.description = description
        self.group = group
        self.values = []


def parse_help(text):
    """The options of --help-hidden output, by name, in the order listed."""
    options = {}
    group = None
    current = None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            heading = line[:-1]
            if heading not in ("OVERVIEW", "USAGE", "OPTIONS"):
                group = heading
            current = None
            continue
        value = VALUE_LINE.match(line)
        if value and current:
            current.values.append(value.group(1))
            continue
        option = OPTION_LINE.match(line)
        if option and group:
            name = option.group(1)
            current = HelpOption(name, name + option.group(2),
                                 option.group(3).strip(), group)
            options[name] = current
    return options


def group_section(group):
    """The manual's section title for a --help group."""
    title = group.strip()
    if title.lower().startswith("llvm-exegesis "):
        title = title[len("llvm-exegesis "):]
    return title[:1].upper() + title[1:].lower()


class ManualEntry:
    def __init__(self, line_number, sections):
        self.line_number = line_number
        self.sections = sections
        self.text = ""


def parse_manual(text):
    """The `.. option::` entries, by option name: where each is and its
    text (the directive and the lines up to the next entry or section)."""
    lines = text.splitlines()
    levels = []  # underline characters, outermost first
    stack = []  # section titles, one per level
    entries = {}
    open_entries = []
    for number, line in enumerate(lines):
        underline = (TITLE_UNDERLINE.match(lines[number + 1])
                     if number + 1 < len(lines) else None)
        if (underline and line.strip() and not line.startswith(" ")
                and len(lines[number + 1].rstrip()) >= len(line.rstrip())):
            char = underline.group(1)
            if char not in levels:
                levels.append(char)
            level = levels.index(char)
            stack = stack[:level] + [line.strip()]
            open_entries = []
            continue
        directive = DIRECTIVE.match(line)
        if directive:
            open_entries = []
            for form in directive.group(1).split(", "):
                name = NAME.match(form.strip())
                if not name:
                    continue
                entry = ManualEntry(number + 1, list(stack))
                entries.setdefault(name.group(1), entry)
                open_entries.append(entries[name.group(1)])
        for entry in open_entries:
            entry.text += line + "\n"
    return entries


def mentions(text, value):
    return re.search(r"(?<![A-Za-z0-9_-])" + re.escape(value) +
                     r"(?![A-Za-z0-9_-])", text) is not None


def check(options, entries, manual_name):
    missing, misplaced, values, stale = [], [], [], []
    for name, option in options.items():
        entry = entries.get(name)
        section = group_section(option.group)
        if not entry:
            missing.append(option)
            continue
        if section.lower() not in (s.lower() for s in entry.sections):
            misplaced.append("  %s (line %d): under '%s', but --help lists "
                             "it in '%s': move it under '%s'" %
                             (name, entry.line_number,
                              " > ".join(entry.sections), option.group,
                              section))
        for value in option.values:
            if not mentions(entry.text, value):
                values.append("  %s=%s (line %d): the value is not "
                              "described in the option's entry" %
                              (name, value, entry.line_number))
    for name, entry in entries.items():
        if name not in options:
            stale.append("  %s (line %d): the tool has no such option" %
                         (name, entry.line_number))

    problems = 0
    if missing:
        problems += len(missing)
        print("%s: %d option%s that 'llvm-exegesis --help-hidden' lists %s "
              "not documented:" %
              (manual_name, len(missing), "" if len(missing) == 1 else "s",
               "is" if len(missing) == 1 else "are"))
        for option in missing:
            print("  %s  [%s] %s" %
                  (option.spelling, option.group, option.description))
            for value in option.values:
                print("      =%s" % value)
        print("Document each with `.. option:: %s` and its default, under "
              "the section named after its group (e.g. '%s')." %
              (missing[0].spelling, group_section(missing[0].group)))
    for title, lines in (("in the wrong section", misplaced),
                         ("with undocumented values", values),
                         ("documented but not in --help-hidden", stale)):
        if lines:
            problems += len(lines)
            print("%s: options %s:" % (manual_name, title))
            for line in lines:
                print(line)
    if not problems:
        print("%s: all %d options of --help-hidden are documented" %
              (manual_name, len(options)))
    return problems == 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manual", required=True)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--tool", help="the llvm-exegesis to ask")
    source.add_argument("--help-text", help="saved --help-hidden output")
    args = parser.parse_args()
    if args.tool:
        run = subprocess.run([args.tool, "--help-hidden"], capture_output=True,
                             text=True)
        if run.returncode != 0:
            sys.exit("%s --help-hidden failed (exit %d): %s" %
                     (args.tool, run.returncode, run.stderr.strip()))
        help_text = run.stdout
    else:
        with open(args.help_text) as f:
            help_text = f.read()
    options = parse_help(help_text)
    if not options:
        sys.exit("no options found in the --help-hidden output")
    with open(args.manual) as f:
        entries = parse_manual(f.read())
    sys.exit(0 if check(options, entries, args.manual) else 1)


if __name__ == "__main__":
    main()
