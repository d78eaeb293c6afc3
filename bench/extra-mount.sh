# Sourced by the scripts that mount one `wfs local` cluster more than once (bench/compare.sh,
# bench/large-dir.sh, bench/read-ab.sh).
#
# extra_mount WFS DATA MOUNTPOINT LOG [ARG...]: starts `WFS mount [ARG...] MOUNTPOINT` (created
# if missing) of the cluster whose `wfs local` folder is DATA, in the background, its output in
# LOG and its pid in extra_mount_pid; returns once it is ready. When it exits or is not ready in
# two minutes: prints LOG to stderr and returns 1 (the caller stops what it started).
extra_mount() {
  local wfs="$1" data="$2" at="$3" log="$4" mgr
  shift 4
  mgr="$(sed -n 's/^manager\.rpc=//p' "$data/cluster.properties" | tr -d '\\')"
  mkdir -p "$at"
  "$wfs" mount --manager "$mgr" --secret-file "$data/secret" "$@" "$at" > "$log" 2>&1 &
  extra_mount_pid=$!
  for _ in $(seq 1 240); do
    grep -q "wfs mount ready" "$log" && return 0
    kill -0 "$extra_mount_pid" 2> /dev/null || break
    sleep 0.5
  done
  cat "$log" >&2
  return 1
}
