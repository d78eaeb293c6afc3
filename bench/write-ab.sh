#!/usr/bin/env bash
# bench/write-ab.sh ROUNDS NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
#
# Rewrites of existing files, several builds (or settings) in one sitting, alternated round by
# round (bench/ab-rounds.sh: a fresh `wfs local` each): a 256 MiB file written, then fio random
# 4 KiB writes over it for 10 s (1 job, fsync at the end, which the figure counts), then
# PostgreSQL's pgbench (workloads.py database: scale 5, 2 clients, 20 s, fsync on). Prints
#   NAME ROUND randwrite IOPS p50_us database {json}
# Needs root (FUSE), fio and PostgreSQL. Runs nothing else: start it on a quiet machine.
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
rounds="${1:?usage: bench/write-ab.sh ROUNDS NAME=WFS[,ARG...] ...}"
shift
# shellcheck source=ab-rounds.sh
. "$root/bench/ab-rounds.sh"

one_round() {
  local name="$1" round="$2" w="$4" rw db
  chmod 755 "$w" # the database runs as user postgres
  fio --name=w --directory="$w/mnt" --rw=write --bs=1M --size=256M --end_fsync=1 > /dev/null
  fio --name=w --directory="$w/mnt" --rw=randwrite --bs=4k --size=256M --time_based --runtime=10 --end_fsync=1 \
    --output-format=json --output="$w/rw.json" > /dev/null
  rw="$(python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['jobs'][0]['write']; \
print(round(r['iops']), round(r['clat_ns']['percentile']['50.000000'] / 1000))" "$w/rw.json")"
  db="$(python3 "$root/bench/workloads.py" database "$w/mnt" --scale 5 --seconds 20 | tail -1)"
  echo "$name $round randwrite $rw database $db"
}

ab_rounds "$rounds" one_round "$@"
