# Sourced by the scripts under bench/: what a script needs is checked before
# it runs, and when something is missing, one line says which command
# provides it (`./dev bench-deps` installs every Debian package the scripts
# use; `./dev test` builds the tool). Nothing is installed from here.

# bench_needs COMMAND PACKAGE: COMMAND (a name on PATH, or a path) must run.
bench_needs() {
  if [[ $1 == */* ]] && [[ -x $1 ]]; then return 0; fi
  if [[ $1 != */* ]] && command -v "$1" > /dev/null 2>&1; then return 0; fi
  echo "$(basename "$0"): needs $1 (Debian package $2): run ./dev bench-deps" >&2
  exit 2
}

# bench_needs_upstream PATH: upstream's llvm-exegesis, from Debian's llvm-22.
bench_needs_upstream() {
  bench_needs "$1" llvm-22
}

# bench_needs_built PATH: a program of this project's build.
bench_needs_built() {
  if [[ -x $1 ]]; then return 0; fi
  echo "$(basename "$0"): no executable '$1': build it with ./dev test" \
       "(or give the path of another build)" >&2
  exit 2
}
