#!/usr/bin/env python3
"""Strict structural check of an HTML report: every element closed in
order, no stray end tag, only known entities, nothing fetched from outside
(no script, link, src or href), one html/head/body. Prints a summary that
tests can FileCheck, or the first problems and exits 1."""
import html.entities
import sys
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "source", "track", "wbr"}
# SVG elements written as <x/>; HTML parsers accept the self-closing form.
SVG_LEAVES = {"circle", "line", "path", "rect", "polyline", "polygon"}


class StrictParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.stack = []
        self.errors = []
        self.counts = {}
        self.doctype = False
        self.chart_rows = 0

    def error_at(self, message):
        line, col = self.getpos()
        self.errors.append("line %d:%d: %s" % (line, col + 1, message))

    def check_attrs(self, tag, attrs):
        for name, value in attrs:
            if name in ("src", "href") or (value and "url(" in value):
                self.error_at("<%s> refers to an external resource" % tag)
        if tag in ("script", "link", "iframe", "object", "img"):
            self.error_at("<%s> is not allowed in a self-contained report" % tag)

    def handle_decl(self, decl):
        if decl.lower() == "doctype html":
            self.doctype = True

    def handle_starttag(self, tag, attrs):
        self.check_attrs(tag, attrs)
        in_svg = any(t == "svg" for t, _ in self.stack)
        # SVG has its own <title> (tooltips); only the page's is counted.
        key = "svg:" + tag if in_svg else tag
        self.counts[key] = self.counts.get(key, 0) + 1
        if tag == "g" and dict(attrs).get("class") in ("good", "bad"):
            self.chart_rows += 1
        if tag not in VOID:
            self.stack.append((tag, self.getpos()))

    def handle_startendtag(self, tag, attrs):
        self.check_attrs(tag, attrs)
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag not in VOID and tag not in SVG_LEAVES:
            self.error_at("<%s/> is not a void element" % tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            self.error_at("end tag for void element </%s>" % tag)
            return
        if not self.stack:
            self.error_at("stray </%s>" % tag)
            return
        open_tag, pos = self.stack.pop()
        if open_tag != tag:
            self.error_at("</%s> closes <%s> opened at line %d" %
                          (tag, open_tag, pos[0]))

    def handle_entityref(self, name):
        if name not in html.entities.name2codepoint:
            self.error_at("unknown entity &%s;" % name)

    def handle_data(self, data):
        if "<" in data or ("&" in data and not data.strip().startswith("&")):
            # A bare '<' or '&' in text means something was not escaped.
            if "<" in data:
                self.error_at("unescaped '<' in text")


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    parser = StrictParser()
    parser.feed(text)
    parser.close()
    for tag, pos in parser.stack:
        parser.errors.append("line %d: <%s> never closed" % (pos[0], tag))
    if not parser.doctype:
        parser.errors.append("missing <!DOCTYPE html>")
    for tag in ("html", "head", "body", "title"):
        if parser.counts.get(tag, 0) != 1:
            parser.errors.append("expected one <%s>, found %d" %
                                 (tag, parser.counts.get(tag, 0)))
    if parser.errors:
        for e in parser.errors[:20]:
            print("error: " + e)
        sys.exit(1)
    print("valid html: %d elements, %d tables, %d svg, %d chart rows" %
          (sum(parser.counts.values()), parser.counts.get("table", 0),
           parser.counts.get("svg", 0), parser.chart_rows))


if __name__ == "__main__":
    main()
