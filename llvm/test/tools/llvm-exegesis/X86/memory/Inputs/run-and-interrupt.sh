#!/bin/bash
# Usage: run-and-interrupt.sh SIGNAL PIDFILE COMMAND...
# Runs COMMAND, waits until it has forked a child (the benchmarking
# subprocess, at most 60 s), then sends it SIGNAL and waits for it to end.
# COMMAND's pid goes to PIDFILE.
# Job control, so that the background command does not start with SIGINT
# ignored.
set -m
Signal=$1
PidFile=$2
shift 2
"$@" > /dev/null 2>&1 &
Pid=$!
echo $Pid > "$PidFile"
Tries=0
while [ -z "$(pgrep -P $Pid)" ] && [ $Tries -lt 600 ]; do
  sleep 0.1
  Tries=$((Tries + 1))
done
kill -s "$Signal" $Pid
wait $Pid
exit 0
