#!/bin/sh
# Runs the tool as user nobody: copies it and the snippet file into a fresh
# directory that nobody can read (the build tree may sit under a private
# home), runs it there with setpriv, and removes the directory.
# Usage: run-unprivileged.sh TOOL SNIPPET [OPTION...]
set -u
tool=$1 snippet=$2
shift 2
dir=$(mktemp -d /tmp/exegesis-unprivileged.XXXXXX) || exit 1
trap 'rm -rf "$dir"' EXIT
cp "$tool" "$dir/llvm-exegesis" && cp "$snippet" "$dir/snippet.s" &&
  chmod 755 "$dir" "$dir/llvm-exegesis" && chmod 644 "$dir/snippet.s" || exit 1
cd "$dir" || exit 1
setpriv --reuid=65534 --regid=65534 --clear-groups \
  ./llvm-exegesis -snippets-file=snippet.s "$@"
