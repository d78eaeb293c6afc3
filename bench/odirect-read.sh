#!/usr/bin/env bash
# bench/odirect-read.sh [RUNS]: O_DIRECT 4 KiB random reads of a 128 MiB file on a fresh `wfs local`
# (issue 17), RUNS times (default 2) after a warm-up run. Each run prints one JSON line: fio's IOPS
# and mean/p50/p99 completion latency, the reads the mount sent to the stores and the KiB each
# brought back (from the mount's own metrics, `mount=` in DIR/metrics.properties), and a 1 MiB
# sequential read of the file after the page cache was dropped. Needs root (FUSE, drop_caches) and
# fio. Runs nothing else: start it on a quiet machine.
set -uo pipefail
runs="${1:-2}"
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
W="${WFS_LAUNCHER:-$root/wfs-cli/target/wfs/bin/wfs}"
d=$(mktemp -d /tmp/wfs-odirect.XXXX)
cleanup() { cd /; "$W" local stop --dir "$d/data" > /dev/null 2>&1; rm -rf "$d"; }
trap cleanup EXIT
mkdir -p "$d/m"
"$W" local --background --dir "$d/data" --mount "$d/m" > "$d/start.log" 2>&1 || { tail -3 "$d/start.log"; exit 1; }
f="$d/m/fio.dat"
fio --name=w --filename="$f" --rw=write --bs=1M --size=128M --end_fsync=1 > /dev/null 2>&1 || exit 1
u=$(sed -n 's/^mount=//p' "$d/data/metrics.properties")
reads() { curl -s "$u" | awk '/^rpc_client_read_block_latency_count /{c=$2} /^rpc_client_read_block_bytes_in /{b=$2} END {printf "%d %d", c, b}'; }
for run in $(seq 0 "$runs"); do
  read -r c0 b0 < <(reads)
  fio --name=r --filename="$f" --rw=randread --bs=4k --direct=1 --size=128M --runtime=8 --time_based \
    --ioengine=psync --output-format=json --output="$d/rr.json" > /dev/null 2>&1 || exit 1
  read -r c1 b1 < <(reads)
  sync; echo 3 > /proc/sys/vm/drop_caches
  fio --name=s --filename="$f" --rw=read --bs=1M --size=128M --ioengine=psync --output-format=json \
    --output="$d/sr.json" > /dev/null 2>&1 || exit 1
  [ "$run" = 0 ] && continue  # the warm-up: a fresh JVM's first seconds
  python3 - "$run" "$c0" "$b0" "$c1" "$b1" "$d" <<'PY'
import json, sys
run, c0, b0, c1, b1, d = int(sys.argv[1]), *map(float, sys.argv[2:6]), sys.argv[6]
r = json.load(open(d + "/rr.json"))["jobs"][0]["read"]
s = json.load(open(d + "/sr.json"))["jobs"][0]["read"]
p = r["clat_ns"]["percentile"]
print(json.dumps({"run": run, "randread_iops": round(r["iops"]), "clat_mean_us": round(r["clat_ns"]["mean"] / 1000),
                  "clat_p50_us": round(p["50.000000"] / 1000), "clat_p99_us": round(p["99.000000"] / 1000),
                  "reads": r["total_ios"], "store_reads": int(c1 - c0),
                  "kib_per_store_read": round((b1 - b0) / max(1, c1 - c0) / 1024, 1),
                  "seq_read_mib_s": round(s["bw"] / 1024)}))
PY
done
