# Sphinx configuration of the exegesis manual: the reference manual in
# LLVM's CommandGuide form (CommandGuide/llvm-exegesis.rst), from which the
# manual page llvm-exegesis.1 is built, and the documents beside it.
# CMake runs sphinx-build (Debian: python3-sphinx) with -D version=...;
# see the docs rules in the top-level CMakeLists.txt and `./dev docs`.
import os

project = "exegesis"
author = "the exegesis developers"
copyright = "the exegesis developers"
version = release = "unknown"  # Set by CMake to the project's version.

root_doc = "index"
source_suffix = ".rst"
exclude_patterns = ["_build"]
templates_path = []
highlight_language = "none"
# One HTML theme that ships with Sphinx itself.
html_theme = "classic"
html_static_path = []
html_show_sourcelink = False

# name, source document, description, authors, section: as LLVM's own.
man_pages = [
    ("CommandGuide/llvm-exegesis", "llvm-exegesis",
     "LLVM Machine Instruction Benchmark", [author], 1),
]
man_show_urls = False

# How cycles are measured without a PMU is a document of its own,
# TimeBasedCycles.rst (added with one line in index.rst's toctree). Until it
# exists, |TimeBasedCycles| names it in plain text; from then on it is a
# link to it, in the HTML and the manual page alike.
_here = os.path.dirname(os.path.abspath(__file__))
if os.path.exists(os.path.join(_here, "TimeBasedCycles.rst")):
    rst_epilog = ".. |TimeBasedCycles| replace:: :doc:`/TimeBasedCycles`\n"
else:
    rst_epilog = (".. |TimeBasedCycles| replace:: *TimeBasedCycles* "
                  "(``docs/TimeBasedCycles.rst``, not written yet)\n")
