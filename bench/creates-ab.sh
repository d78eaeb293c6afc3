#!/usr/bin/env bash
# bench/creates-ab.sh PASSES NAME=WFS [NAME=WFS ...]
#
# Warm empty-file creates, builds alternated: for each pass and each NAME, a fresh `wfs local`
# of that launcher (a checkout's wfs-cli/target/wfs/bin/wfs), six rounds of
# bench/creates-rounds.py (4 processes, 10,000 creates over 10 new directories per round), then
# the Raft entries its meta leaders proposed (raft_g*_entry_commands_count). Prints
#   NAME pass P rounds: R1/s ... R6/s | entries N
# Needs root (FUSE). Runs nothing else: start it on a quiet machine.
set -euo pipefail
passes=$1; shift
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/wfs-creates-ab.XXXXXX)
trap 'for s in "$@"; do "${s#*=}" local stop --dir="$work/d" >/dev/null 2>&1 || true; done; rm -rf "$work"' EXIT
for pass in $(seq 1 "$passes"); do
  for spec in "$@"; do
    name=${spec%%=*}; wfs=${spec#*=}
    rm -rf "$work/d" "$work/m"; mkdir -p "$work/m"
    "$wfs" local -b --dir="$work/d" --mount="$work/m" > "$work/local.log" 2>&1 || { cat "$work/local.log"; exit 1; }
    mkdir -p "$work/m/bench"
    rates=""
    for r in 1 2 3 4 5 6; do
      rates="$rates $(python3 "$here/creates-rounds.py" "$work/m/bench" "$r" | awk '{print $NF}')"
    done
    entries=0
    for url in $(grep "^meta" "$work/d/metrics.properties" | grep -o "http://[^ ]*"); do
      n=$(curl -s "$url" | awk '/^raft_g[0-9]+_entry_commands_count/ {s += $2} END {printf "%d", s}')
      entries=$((entries + n))
    done
    echo "$name pass $pass rounds:$rates | entries $entries"
    "$wfs" local stop --dir="$work/d" > /dev/null 2>&1
  done
done
