#!/usr/bin/env bash
# bench/randwrite-ab.sh ROUNDS NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
#
# Random 4 KiB writes of several builds (or settings) in one sitting, alternated round by round
# (bench/ab-rounds.sh: a fresh `wfs local` each): one warm-up pass, then two counted passes, each
# fio random writes of 4 KiB over a 64 MiB file for 15 s with 1 job and then with 4 jobs, fsync
# at the end (the figure counts it: end_fsync). Prints per pass the IOPS and the CPU seconds of
# the cluster's JVM:
#   NAME ROUND 1 job IOPS cpu s | 4 jobs IOPS cpu s
# Needs root (FUSE) and fio. Runs nothing else: start it on a quiet machine.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
rounds="${1:?usage: bench/randwrite-ab.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
# shellcheck source=ab-rounds.sh
. "$root/bench/ab-rounds.sh"

# fio random writes in mount $1 with $2 jobs: the IOPS of all jobs together.
randwrite() {
  fio --name=rw --directory="$1" --rw=randwrite --bs=4k --size=64M --runtime=15 --time_based --end_fsync=1 \
    --ioengine=psync --numjobs="$2" --group_reporting --output-format=terse | awk -F';' '{printf "%.0f", $49}'
}

pass() {
  local mnt="$1" pid="$2" a b c one four
  rm -f "$mnt"/rw*
  a="$(cpu_s "$pid")"
  one="$(randwrite "$mnt" 1)"
  b="$(cpu_s "$pid")"
  four="$(randwrite "$mnt" 4)"
  c="$(cpu_s "$pid")"
  echo "1 job $one IOPS cpu $(echo "$b - $a" | bc) s | 4 jobs $four IOPS cpu $(echo "$c - $b" | bc) s"
}

one_round() {
  local name="$1" round="$2" w="$4" pid
  pid="$(head -1 "$w/data/local.pid")"
  pass "$w/mnt" "$pid" > /dev/null
  for i in 1 2; do echo "$name $round $(pass "$w/mnt" "$pid")"; done
}

ab_rounds "$rounds" one_round "$@"
