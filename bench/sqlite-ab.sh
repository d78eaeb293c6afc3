#!/bin/bash
# bench/sqlite-ab.sh ROUNDS NAME=LAUNCHER [NAME=LAUNCHER ...]
#
# SQLite on a fresh `wfs local` per build and round, builds alternated (A B A B): N one-row
# transactions (N=500 by default), each with its own fsyncs and fcntl locks, in WAL and in
# rollback-journal (delete) mode, after a 25-transaction warm-up of each. Prints seconds and
# transactions per second per mode. LAUNCHER is a build's bin/wfs (a worktree's
# wfs-cli/target/wfs/bin/wfs for an older commit).
set -euo pipefail
rounds=$1; shift
N=${N:-500}
work=$(mktemp -d "${TMPDIR:-/tmp}/sqlite-ab.XXXX")
current=""
cleanup() {
  if [ -n "$current" ]; then
    WFS_LOCAL_DIR=$current/data "$wfs" local stop --dir="$current/data" >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

for mode in wal delete; do
  python3 - "$mode" "$N" "$work/$mode.sql" <<'PY'
import sys
mode, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
s = "PRAGMA journal_mode=%s;\nCREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT);\n" % mode
for i in range(n):
    s += "BEGIN; INSERT INTO t(v) VALUES('row %d %s'); COMMIT;\n" % (i, "x" * (i % 200))
open(out, "w").write(s)
PY
done

for r in $(seq 1 "$rounds"); do
  for spec in "$@"; do
    name=${spec%%=*}; wfs=${spec#*=}
    current=$work/$name-$r; mkdir -p "$current/mnt"
    WFS_LOCAL_DIR=$current/data "$wfs" local -b --dir="$current/data" --mount="$current/mnt" >/dev/null
    for mode in wal delete; do
      head -52 "$work/$mode.sql" | sqlite3 "$current/mnt/warm-$mode.db" >/dev/null
    done
    line="$name round $r:"
    for mode in wal delete; do
      t0=$(date +%s.%N); sqlite3 "$current/mnt/$mode.db" < "$work/$mode.sql" >/dev/null; t1=$(date +%s.%N)
      line="$line $mode $(python3 -c "print('%.1f s (%.0f tx/s)' % ($t1 - $t0, $N / ($t1 - $t0)))")"
    done
    echo "$line"
    WFS_LOCAL_DIR=$current/data "$wfs" local stop --dir="$current/data" >/dev/null
    rm -rf "$current"; current=""
  done
done
