#!/bin/sh
# Renders an inconsistencies report to a PNG with headless Chromium, so that
# a person can look at it (the report is self-contained: nothing is fetched).
#   render_report.sh REPORT.html [OUT.png] [WIDTH]
# Needs /usr/bin/chromium (Debian's `chromium`, large: neither CI nor
# ./dev bench-deps installs it; the line below says how).
set -e
HTML=${1:?usage: render_report.sh REPORT.html [OUT.png] [WIDTH]}
PNG=${2:-${HTML%.html}.png}
WIDTH=${3:-1200}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
  echo "render_report.sh: needs $CHROMIUM (Debian package chromium): run sudo apt-get install chromium" >&2
  exit 2
fi
# Tall enough for the chart of a few hundred instructions.
HEIGHT=$(python3 -c "import re,sys; t=open(sys.argv[1]).read(); \
print(max(1600, 600 + sum(int(h) for h in re.findall(r'<svg class=\"chart\"[^>]* height=\"(\d+)\"', t)) \
+ 120 * t.count('class=\"sched-class\"')))" "$HTML")
PROFILE=$(mktemp -d)
trap 'rm -rf "$PROFILE"' EXIT
ABS=$(cd "$(dirname "$HTML")" && pwd)/$(basename "$HTML")
"$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$PROFILE" --window-size="$WIDTH,$HEIGHT" \
  --screenshot="$PNG" "file://$ABS" 2>/dev/null
echo "rendered $HTML to $PNG (${WIDTH}x${HEIGHT})"
