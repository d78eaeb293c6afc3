#!/usr/bin/env bash
# bench/stream-ab.sh ROUNDS NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
#
# The data path of several builds (or settings) in one sitting, alternated round by round: for
# each round and each NAME, a fresh `wfs local` of that launcher (WFS: a checkout's
# wfs-cli/target/wfs/bin/wfs) with the extra ARGs (comma-separated), three warm-up passes (the
# JIT compiles the data path for minutes on 2 cores), then two counted passes, each a fio
# sequential write of 512 MiB in 1 MiB writes with end_fsync, then a sequential read of it after
# drop_caches. Prints per pass the MiB/s and the CPU seconds of the cluster's JVM (every server,
# the client and the mount share it):
#   NAME ROUND write MiB/s cpu s | read MiB/s cpu s
# Needs root (FUSE, drop_caches) and fio. Runs nothing else: start it on a quiet machine.
set -uo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
rounds="${1:?usage: bench/stream-ab.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
# shellcheck source=ab-rounds.sh
. "$root/bench/ab-rounds.sh"

# One pass in mount $1 of the cluster of pid $2: write, drop caches, read.
pass() {
  local mnt="$1" pid="$2" a b c wr rd
  rm -f "$mnt"/sw*
  a="$(cpu_s "$pid")"
  wr="$(fio --name=sw --directory="$mnt" --rw=write --bs=1M --size=512M --end_fsync=1 --output-format=terse \
    | awk -F';' '{printf "%.0f", $48 / 1024}')"
  b="$(cpu_s "$pid")"
  sync; echo 3 > /proc/sys/vm/drop_caches
  rd="$(fio --name=sw --directory="$mnt" --rw=read --bs=1M --size=512M --output-format=terse \
    | awk -F';' '{printf "%.0f", $7 / 1024}')"
  c="$(cpu_s "$pid")"
  echo "write $wr MiB/s cpu $(echo "$b - $a" | bc) s | read $rd MiB/s cpu $(echo "$c - $b" | bc) s"
}

one_round() {
  local name="$1" round="$2" w="$4" pid i
  pid="$(head -1 "$w/data/local.pid")"
  for i in 1 2 3; do pass "$w/mnt" "$pid" > /dev/null; done
  for i in 1 2; do echo "$name $round $(pass "$w/mnt" "$pid")"; done
}

ab_rounds "$rounds" one_round "$@"
