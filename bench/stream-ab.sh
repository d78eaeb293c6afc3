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
rounds="${1:?usage: bench/stream-ab.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
hz="$(getconf CLK_TCK)"
for round in $(seq 1 "$rounds"); do
  for spec in "$@"; do
    name="${spec%%=*}"
    IFS=, read -r -a parts <<< "${spec#*=}"
    wfs="${parts[0]}"
    extra=("${parts[@]:1}")
    w="$(mktemp -d /tmp/wfs-stream.XXXXXX)"
    if ! "$wfs" local --background --dir "$w/data" --mount "$w/mnt" "${extra[@]}" > "$w/start.log" 2>&1; then
      echo "$name $round start failed: $(tail -1 "$w/start.log") (log in $w)"
      continue
    fi
    pid="$(head -1 "$w/data/local.pid")"
    cpu() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
    pass() {
      rm -f "$w"/mnt/sw*
      local a b c wr rd
      a="$(cpu)"
      wr="$(fio --name=sw --directory="$w/mnt" --rw=write --bs=1M --size=512M --end_fsync=1 --output-format=terse \
        | awk -F';' '{printf "%.0f", $48 / 1024}')"
      b="$(cpu)"
      sync; echo 3 > /proc/sys/vm/drop_caches
      rd="$(fio --name=sw --directory="$w/mnt" --rw=read --bs=1M --size=512M --output-format=terse \
        | awk -F';' '{printf "%.0f", $7 / 1024}')"
      c="$(cpu)"
      echo "write $wr MiB/s cpu $(awk -v t=$((b - a)) -v h="$hz" 'BEGIN{printf "%.1f", t / h}') s | read $rd MiB/s cpu $(awk -v t=$((c - b)) -v h="$hz" 'BEGIN{printf "%.1f", t / h}') s"
    }
    for i in 1 2 3; do pass > /dev/null; done
    for i in 1 2; do echo "$name $round $(pass)"; done
    "$wfs" local stop --dir "$w/data" > /dev/null
    rm -rf "$w"
  done
done
