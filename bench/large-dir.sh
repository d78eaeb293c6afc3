#!/usr/bin/env bash
# bench/large-dir.sh FILES [MOUNTS] [wfs local args...]: one directory of FILES empty files made
# from MOUNTS mounts at once (default 4: the `wfs local` mount and MOUNTS-1 more `wfs mount`
# processes of the same cluster, PROCS creating processes each, default 1), on a fresh `wfs local` (issue 16,
# item 6). Prints one JSON line: the create time and rate, the meta leader's namespace bytes per
# entry, the time to the first name and to the last of `ls -f` (page cache dropped), and the p50
# and p99 of `stat` of 2,000 random entries through a second mount that never listed the directory
# (cold) and again (warm), and the resident memory of the `wfs local` process.
# WFS_MOUNT_ARGS: extra arguments of the extra mounts (e.g. --set KEY=VALUE). FILL=client: the
# files are made by `wfs bench fill --dirs 1` (the client library's creates, no mount: 10 M
# entries in minutes rather than hours; names big/d00000/fN) instead of processes on the mounts.
# Needs root (FUSE, drop_caches). Runs nothing else: start it on a quiet machine.
set -uo pipefail
files="${1:?usage: bench/large-dir.sh FILES [MOUNTS] [wfs local args...]}"
mounts="${2:-4}"
shift; [ $# -gt 0 ] && shift
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
W="${WFS_LAUNCHER:-$root/wfs-cli/target/wfs/bin/wfs}"
# shellcheck source=extra-mount.sh
. "$root/bench/extra-mount.sh"
d=$(mktemp -d /tmp/wfs-large-dir.XXXX)
extra=()
# Whatever happens, the mounts and the cluster this run started are stopped and its folder removed.
cleanup() {
  cd /
  for i in "${!extra[@]}"; do
    "$W" umount "$d/m$((i + 1))" > /dev/null 2>&1
    wait "${extra[$i]}" 2> /dev/null
  done
  "$W" local stop --dir "$d/data" > /dev/null 2>&1
  rm -rf "$d"
}
trap cleanup EXIT
mkdir -p "$d/m0"
"$W" local --background --dir "$d/data" --mount "$d/m0" "$@" > "$d/start.log" 2>&1 || { tail -3 "$d/start.log"; exit 1; }
for i in $(seq 1 $((mounts - 1))); do
  # shellcheck disable=SC2086
  ok=1
  extra_mount "$W" "$d/data" "$d/m$i" "$d/mount$i.log" ${WFS_MOUNT_ARGS:-} || ok=0
  extra+=("$extra_mount_pid") # stopped by cleanup even when it never became ready
  [ "$ok" = 1 ] || exit 1
done
metrics=$(grep '^meta' "$d/data/metrics.properties" | cut -d= -f2)
namespace() {  # array bytes and inodes of the replica that holds the most (all replicas hold the same)
  for u in $metrics; do
    curl -s "$u" | awk '/^meta_namespace_array_bytes /{b=$2} /^meta_namespace_inodes /{i=$2} END {printf "%d %d\n", i, b}'
  done | sort -n | tail -1 | awk '{print $2, $1}'
}
read -r bytes0 inodes0 < <(namespace)
if [ "${FILL:-}" = client ]; then
  big="big/d00000"; fmt="f%d"
  start=$(date +%s.%N)
  WFS_LOCAL_DIR="$d/data" "$W" bench fill --files "$files" --dirs 1 --threads 1 --prefix big --no-progress \
    > "$d/fill.log" 2>&1 || { tail -5 "$d/fill.log" >&2; exit 1; }
  python3 -c 'import json,sys; w=float(sys.argv[2])-float(sys.argv[1]); print(json.dumps({"processes": "wfs bench fill", "create_s": round(w, 1), "creates_per_s": round(int(sys.argv[3]) / w)}))' \
    "$start" "$(date +%s.%N)" "$files" > "$d/create.json"
else
big="big"; fmt="f%08d"
mkdir "$d/m0/big"
python3 - "$d" "$files" "$mounts" "${PROCS:-1}" <<'EOF' > "$d/create.json"
import json, os, sys, time
from multiprocessing import Process
d, files, mounts, per_mount = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
writers = mounts * per_mount
def make(i):
    folder = os.path.join(d, "m%d" % (i % mounts), "big")
    for k in range(i, files, writers):
        os.close(os.open(os.path.join(folder, "f%08d" % k), os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
start = time.perf_counter()
procs = [Process(target=make, args=(i,)) for i in range(writers)]
[p.start() for p in procs]
[p.join() for p in procs]
wall = time.perf_counter() - start
if any(p.exitcode for p in procs):
    sys.exit("a creating process failed")
print(json.dumps({"processes": writers, "create_s": round(wall, 1), "creates_per_s": round(files / wall)}))
EOF
fi
[ -s "$d/create.json" ] || exit 1
# Settled: every mount's delegated creates reached the servers (the namespace counts them all).
for _ in $(seq 1 600); do
  read -r bytes1 inodes1 < <(namespace)
  [ "$((inodes1 - inodes0))" -ge "$files" ] && break
  sleep 0.5
done
sync; echo 3 > /proc/sys/vm/drop_caches
python3 - "$d" "$files" "$mounts" "$(cat "$d/create.json")" "$bytes0" "$inodes0" "$bytes1" "$inodes1" "$big" "$fmt" <<'EOF'
import json, os, random, subprocess, sys, time
d, files, mounts, created = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])
bytes0, inodes0, bytes1, inodes1 = map(int, sys.argv[5:9])
big, fmt = sys.argv[9], sys.argv[10]
out = dict(files=files, mounts=mounts, **created)
out["namespace_bytes_per_entry"] = round((bytes1 - bytes0) / max(1, inodes1 - inodes0), 1)
with open(os.path.join(d, "data", "local.pid")) as f:  # the `wfs local` JVM: manager, meta and stores
    pid = f.readline().strip()
with open("/proc/%s/status" % pid) as f:
    out["local_rss_mb"] = next(int(l.split()[1]) // 1024 for l in f if l.startswith("VmRSS:"))
start = time.perf_counter()
ls = subprocess.Popen(["ls", "-f", os.path.join(d, "m0", big)], stdout=subprocess.PIPE)
ls.stdout.readline()
out["ls_first_name_ms"] = round((time.perf_counter() - start) * 1000)
names = 1 + sum(1 for _ in ls.stdout)
ls.wait()
out["ls_all_s"] = round(time.perf_counter() - start, 2)
out["ls_names"] = names
folder = os.path.join(d, "m%d" % (1 if mounts > 1 else 0), big)
picks = random.Random(16).sample(range(files), min(2000, files))
for label in ("cold", "warm"):
    lat = []
    for k in picks:
        t = time.perf_counter()
        os.stat(os.path.join(folder, fmt % k))
        lat.append(time.perf_counter() - t)
    lat.sort()
    out["stat_%s_p50_us" % label] = round(lat[len(lat) // 2] * 1e6)
    out["stat_%s_p99_us" % label] = round(lat[int(len(lat) * 0.99)] * 1e6)
print(json.dumps(out))
EOF
