#!/usr/bin/env bash
# bench/tar-rm.sh ROUNDS NAME=WFS [NAME=WFS ...]
#
# tar x, rm -rf and rsync -a of /usr/include files on a fresh `wfs local` per round and per build (WFS: a
# checkout's wfs-cli/target/wfs/bin/wfs), alternated round by round as bench/abn.sh does. The input:
# the first 1,500 files of `find /usr/include -type f` (and the last 600 for a warm-up run that
# is removed again). Prints
#   NAME ROUND tar_x_s S rm_rf_s S rsync_s S rm_rf_remounted_s S
# where tar_x_s and rsync_s (the same files, from a local folder into an empty one) include the final sync,
# and rm_rf_remounted_s removes the rsync'd tree after `wfs local` was stopped and started again (a tree
# the mount did not make in its session). Needs root (FUSE). Runs nothing else: start it on a quiet machine.
set -uo pipefail
rounds="${1:?usage: bench/tar-rm.sh ROUNDS NAME=WFS ...}"
shift
work="$(mktemp -d /tmp/wfs-tar-rm.XXXXXX)"
trap 'rm -rf "$work"' EXIT
# find ends on SIGPIPE when head has enough: not a failure here.
(cd /usr/include && { find . -type f | head -1500 > "$work/apps.list" || true; } && tar cf "$work/apps.tar" -T "$work/apps.list") \
  || { echo "tar-rm.sh: cannot build the input from /usr/include" >&2; exit 1; }
(cd /usr/include && { find . -type f | tail -600 > "$work/warm.list" || true; } && tar cf "$work/warm.tar" -T "$work/warm.list") \
  || { echo "tar-rm.sh: cannot build the warm-up input from /usr/include" >&2; exit 1; }
mkdir "$work/src" && tar xf "$work/apps.tar" -C "$work/src" \
  || { echo "tar-rm.sh: cannot unpack the rsync input" >&2; exit 1; }
for round in $(seq 1 "$rounds"); do
  for spec in "$@"; do
    name="${spec%%=*}"
    wfs="${spec#*=}"
    w="$(mktemp -d /tmp/wfs-tar-rm-run.XXXXXX)"
    if ! "$wfs" local --background --dir "$w/data" --mount "$w/mnt" > "$w/start.log" 2>&1; then
      echo "$name $round start failed: $(tail -1 "$w/start.log") (log in $w)"
      continue
    fi
    mkdir "$w/mnt/warm" && tar xf "$work/warm.tar" -C "$w/mnt/warm" && rm -rf "$w/mnt/warm"
    mkdir "$w/mnt/x"
    start=$(date +%s.%N)
    if ! { tar xf "$work/apps.tar" -C "$w/mnt/x" && sync; }; then
      echo "$name $round tar x failed (log in $w)"
      "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
      continue
    fi
    untarred=$(date +%s.%N)
    rm -rf "$w/mnt/x"
    removed=$(date +%s.%N)
    if ! { rsync -a "$work/src/" "$w/mnt/r/" && sync; }; then
      echo "$name $round rsync failed (log in $w)"
      "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
      continue
    fi
    synced=$(date +%s.%N)
    "$wfs" local stop --dir "$w/data" > /dev/null 2>&1
    if ! "$wfs" local --background --dir "$w/data" --mount "$w/mnt" > "$w/restart.log" 2>&1; then
      echo "$name $round restart failed: $(tail -1 "$w/restart.log") (log in $w)"
      continue
    fi
    again=$(date +%s.%N)
    rm -rf "$w/mnt/r"
    gone=$(date +%s.%N)
    echo "$name $round tar_x_s $(echo "$untarred - $start" | bc) rm_rf_s $(echo "$removed - $untarred" | bc)" \
      "rsync_s $(echo "$synced - $removed" | bc) rm_rf_remounted_s $(echo "$gone - $again" | bc)"
    "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
    rm -rf "$w"
  done
done
