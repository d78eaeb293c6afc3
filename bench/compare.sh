#!/usr/bin/env bash
# Side-by-side comparison on one machine, in one run (issue 8): a local folder (the kernel
# baseline), bindfs over it (the FUSE pass-through ceiling), MooseFS (Debian packages: master,
# metalogger, 3 chunkservers, goal 3, in a private network namespace) and `wfs local`
# (3 replicas). Each file system is set up, measured and torn down in turn, so they never
# compete for the 2 cores. Prints the table of figures with the ratios WFS / peer and writes it
# to --out. Needs root (mounts, network namespace, dropping the page cache).
#
#   bench/compare.sh [--out FILE] [--meta-files N] [--small-files N] [--procs P]
#                    [--fio-size MiB] [--fio-runtime S] [--only "local bindfs moosefs wfs"]
#                    [--apps-files N]   (files of /usr/include for git clone and tar x; default all)
#                    [--pgbench-scale S] [--pgbench-seconds T]   (the database phase; default 5, 30)
#                    [--epochs-only]    (only the second-epoch phase: local folder, bindfs and WFS)
#
# The second-epoch phase (issue 17, item 5) runs on the local folder, bindfs and WFS: --small-files
# files of 128 KiB read twice in random order, the page cache dropped before each epoch; WFS
# reads through a second mount with the local read cache on (wfs mount --cache-dir). bindfs, a
# FUSE pass-through to the local disk, is what any FUSE file system's second epoch can reach here.
#
# A full run takes 20-40 minutes on a 2-core machine; CI runs a tiny one (CompareScriptIT).
# WFS_LAUNCHER: the wfs command to use (default: the checkout's ./wfs, which builds if needed).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
# shellcheck source=extra-mount.sh
. "$root/bench/extra-mount.sh"
out="$root/bench/results/compare-$(date -u +%Y-%m-%d).md"
wfs_cmd="${WFS_LAUNCHER:-$root/wfs}"
meta_files=4000
small_files=10000
procs=4
fio_size=512
fio_runtime=15
only="local bindfs moosefs wfs"
apps_files=0
pg_scale=5
pg_seconds=30
epochs_only=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --meta-files) meta_files="$2"; shift 2 ;;
    --small-files) small_files="$2"; shift 2 ;;
    --procs) procs="$2"; shift 2 ;;
    --fio-size) fio_size="$2"; shift 2 ;;
    --fio-runtime) fio_runtime="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --apps-files) apps_files="$2"; shift 2 ;;
    --pgbench-scale) pg_scale="$2"; shift 2 ;;
    --pgbench-seconds) pg_seconds="$2"; shift 2 ;;
    --epochs-only) epochs_only=1; only="local bindfs wfs"; shift ;;
    -h|--help) sed -n '2,18p' "$0" | cut -c3-; exit 0 ;;
    *) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
if [ "$(id -u)" != 0 ]; then
  echo "compare.sh: needs root (FUSE mounts, a network namespace for MooseFS, drop_caches)" >&2
  exit 1
fi
need=()
command -v fio >/dev/null || need+=(fio)
command -v python3 >/dev/null || need+=(python3)
command -v curl >/dev/null || need+=(curl)
command -v ip >/dev/null || need+=(iproute2)
command -v git >/dev/null || need+=(git)
if [ ${#need[@]} -gt 0 ]; then
  echo "compare.sh: installing ${need[*]}" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null || {
    apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" >/dev/null; }
fi

work="$(mktemp -d /tmp/wfs-compare.XXXXXX)"
# The database phase runs PostgreSQL as the postgres user, which must reach the folders below.
chmod 755 "$work"
results="$work/results"
mkdir -p "$results"
current_down=""
cleanup() {
  if [ -n "$current_down" ]; then
    echo "compare.sh: tearing down ($current_down)" >&2
    eval "$current_down" || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "[$(date -u +%H:%M:%S)] $*" >&2; }

# The applications' input, once, on the local disk: /usr/include (about 7,900 files, 130 MiB
# here) as a tar file and as a one-commit git repository.
prepare_apps() {
  local list="$work/apps.list"
  (cd /usr/include && find . -type f | sort) > "$list"
  if [ "$apps_files" -gt 0 ]; then
    head -n "$apps_files" "$list" > "$list.head" && mv "$list.head" "$list"
  fi
  (cd /usr/include && tar cf "$work/apps.tar" -T "$list")
  mkdir -p "$work/apps-repo"
  tar xf "$work/apps.tar" -C "$work/apps-repo"
  git -C "$work/apps-repo" init -q
  git -C "$work/apps-repo" add -A
  git -C "$work/apps-repo" -c user.name=wfs-bench -c user.email=bench@wfs.invalid commit -q -m "source tree"
  apps_count=$(wc -l < "$list")
  apps_mib=$(stat -c %s "$work/apps.tar" | awk '{printf "%.1f", $1 / 1048576}')
  echo "{\"files\": $apps_count, \"tar_mib\": $apps_mib}" > "$results/apps.input.json"
}
drop_caches() { sync; echo 3 > /proc/sys/vm/drop_caches; }

# fio_job NAME DIR RW BS JOBS [extra...]: one fio run, its JSON kept as results/FS.fio.NAME.json
fio_job() {
  local name="$1" dir="$2" rw="$3" bs="$4" jobs="$5"; shift 5
  local size=$((fio_size / jobs))
  fio --name="f$jobs" --directory="$dir" --rw="$rw" --bs="$bs" --size="${size}M" --numjobs="$jobs" \
      --group_reporting --output-format=json "$@" > "$results/$fs.fio.$name.json"
}

# memory_snapshot WHEN: the meta servers' namespace gauges (WFS) or the master's RSS (MooseFS)
memory_snapshot() {
  if [ -n "$metrics" ]; then
    curl -sf "$metrics" | awk '/^meta_namespace_(array_bytes|inodes) /{printf "%s=%s ", $1, $2}' > "$results/$fs.mem.$1"
  fi
  local pidfile
  pidfile="$(ls "$work"/mfs/pids/*master*.pid 2>/dev/null | head -1 || true)"
  if [ "$fs" = moosefs ] && [ -n "$pidfile" ]; then
    awk '/^VmRSS/{printf "master_rss_bytes=%d ", $2 * 1024}' "/proc/$(cat "$pidfile")/status" > "$results/$fs.mem.$1" || true
  fi
}

run_workloads() {  # DIR [meta metrics URL]
  local dir="$1"
  metrics="${2:-}"
  # The same short warm-up everywhere: a JVM (WFS) compiles its hot paths during the first
  # thousands of operations, and a long-running mount is what users have.
  log "$fs: warm-up (1,000 metadata operations and 500 small files, not measured)"
  python3 "$root/bench/workloads.py" meta "$dir" --files 200 --dirs 10 --procs "$procs" > /dev/null
  python3 "$root/bench/workloads.py" small "$dir" --files 500 --size 4096 --procs "$procs" > /dev/null
  log "$fs: metadata (mdtest-like: $meta_files files in 10 dirs, $procs processes)"
  python3 "$root/bench/workloads.py" meta "$dir" --files "$meta_files" --dirs 10 --procs "$procs" > "$results/$fs.meta.json"
  for size in 4096 131072; do
    # Memory per file is read around the first small-file phase only: the namespace is fresh
    # then; later phases reuse the slots that deletions freed.
    local measure=""
    [ "$size" = 4096 ] && measure=1
    [ -n "$measure" ] && memory_snapshot before
    log "$fs: small files ($small_files x $((size / 1024)) KiB, $procs writers, caches dropped, $procs random readers)"
    python3 "$root/bench/workloads.py" small "$dir" --files "$small_files" --size "$size" --procs "$procs" \
        --drop-caches --keep > "$results/$fs.small$size.json"
    [ -n "$measure" ] && memory_snapshot after
    rm -rf "$dir"/wfsbench-small-*
  done
  log "$fs: applications (git clone --no-local of $apps_count files, tar x of $apps_mib MiB, each with sync)"
  python3 "$root/bench/workloads.py" apps "$dir" --git-src "$work/apps-repo" --tar "$work/apps.tar" > "$results/$fs.apps.json"
  log "$fs: database (PostgreSQL on the file system: pgbench scale $pg_scale, 2 clients, ${pg_seconds}s, fsync on)"
  python3 "$root/bench/workloads.py" database "$dir" --scale "$pg_scale" --seconds "$pg_seconds" > "$results/$fs.database.json"
  for jobs in 1 4; do
    log "$fs: fio sequential 1 MiB write and read, $jobs job(s), ${fio_size} MiB in all"
    fio_job "seqwrite$jobs" "$dir" write 1M "$jobs" --end_fsync=1
    drop_caches
    fio_job "seqread$jobs" "$dir" read 1M "$jobs"
    log "$fs: fio random 4 KiB read and write, $jobs job(s), ${fio_runtime}s each"
    drop_caches
    fio_job "randread$jobs" "$dir" randread 4k "$jobs" --time_based --runtime="$fio_runtime"
    if [ "$jobs" = 1 ]; then
      # O_DIRECT: every read reaches the file system (issue 17's latency target); a file system
      # that refuses O_DIRECT leaves the cell empty rather than ending the run.
      log "$fs: fio O_DIRECT random 4 KiB read, 1 job, ${fio_runtime}s"
      fio_job "directread1" "$dir" randread 4k 1 --direct=1 --time_based --runtime="$fio_runtime" \
        || echo '{}' > "$results/$fs.fio.directread1.json"
    fi
    fio_job "randwrite$jobs" "$dir" randwrite 4k "$jobs" --time_based --runtime="$fio_runtime" --end_fsync=1
    rm -f "$dir"/f"$jobs".*
  done
}

# run_epochs DIR [CACHE]: the second-epoch phase; CACHE is the read cache folder of the mount at DIR
run_epochs() {
  log "$fs: second epoch ($small_files x 128 KiB files read twice in random order, caches dropped before each${2:+, read cache on})"
  python3 "$root/bench/workloads.py" epochs "$1" --files "$small_files" --size 131072 --procs "$procs" \
      ${2:+--cache-dir "$2"} > "$results/$fs.epochs.json"
}

# A second WFS mount of the wfs local cluster with the local read cache on, at $work/wfs-cache-mnt.
wfs_cache_up() {
  mkdir -p "$work/wfs-cache"
  local rc=0
  extra_mount "$wfs_cmd" "$work/wfs-data" "$work/wfs-cache-mnt" "$work/wfs-cache-mount.log" \
      --cache-dir "$work/wfs-cache" --cache-size 8G || rc=1
  cache_mount_pid="$extra_mount_pid" # stopped by wfs_cache_down even when it never became ready
  return "$rc"
}
wfs_cache_down() {
  if [ -n "${cache_mount_pid:-}" ]; then
    "$wfs_cmd" umount "$work/wfs-cache-mnt" >&2 || true
    wait "$cache_mount_pid" || true
    cache_mount_pid=""
  fi
}

if [ -z "$epochs_only" ]; then
  log "preparing the applications' input (from /usr/include)"
  prepare_apps
fi
for fs in $only; do
  case "$fs" in
    local)
      mkdir -p "$work/local"
      [ -n "$epochs_only" ] || run_workloads "$work/local"
      run_epochs "$work/local" ;;
    bindfs)
      mkdir -p "$work/bindfs-src" "$work/bindfs"
      current_down="'$root/bench/peers/bindfs.sh' down '$work/bindfs-src' '$work/bindfs'"
      "$root/bench/peers/bindfs.sh" up "$work/bindfs-src" "$work/bindfs"
      [ -n "$epochs_only" ] || run_workloads "$work/bindfs"
      run_epochs "$work/bindfs"
      eval "$current_down"; current_down="" ;;
    moosefs)
      mkdir -p "$work/mfs" "$work/mfs-mnt"
      current_down="'$root/bench/peers/moosefs.sh' down '$work/mfs' '$work/mfs-mnt'"
      log "moosefs: starting master, metalogger and 3 chunkservers in a private network namespace"
      "$root/bench/peers/moosefs.sh" up "$work/mfs" "$work/mfs-mnt"
      run_workloads "$work/mfs-mnt"
      eval "$current_down"; current_down="" ;;
    wfs)
      mkdir -p "$work/wfs-mnt"
      current_down="'$wfs_cmd' local stop --dir '$work/wfs-data'"
      log "wfs: starting wfs local (manager, 3 meta replicas, 3 stores)"
      "$wfs_cmd" local --background --dir "$work/wfs-data" --mount "$work/wfs-mnt" >&2
      metrics="$(awk -F= '/^meta0=/{print $2}' "$work/wfs-data/metrics.properties")"
      [ -n "$epochs_only" ] || run_workloads "$work/wfs-mnt" "$metrics"
      current_down="wfs_cache_down; $current_down"
      log "wfs: a second mount with the read cache on (wfs mount --cache-dir)"
      wfs_cache_up
      run_epochs "$work/wfs-cache-mnt" "$work/wfs-cache"
      eval "$current_down"; current_down="" ;;
    *) echo "compare.sh: unknown file system $fs (local, bindfs, moosefs, wfs)" >&2; exit 2 ;;
  esac
done

mkdir -p "$(dirname "$out")"
python3 "$root/bench/compare_table.py" "$results" --small-files "$small_files" \
    --machine "$(nproc) cores, $(awk '/MemTotal/{printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(. /etc/os-release; echo "$PRETTY_NAME"), kernel $(uname -r)" \
    > "$out"
cat "$out"
log "table written to $out"
