# Sourced by the scripts that mount one `wfs local` cluster more than once (bench/compare.sh,
# bench/large-dir.sh, bench/read-ab.sh, bench/odirect-ab.sh).
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

# settings_cluster WFS DIR NAME[=ARG,...]...: the setting A/B scripts' cluster (bench/read-ab.sh,
# bench/odirect-ab.sh): `WFS local` in DIR (data in DIR/data, its own mount at DIR/mnt), and for
# each NAME a `WFS mount` at DIR/mnt-NAME with the extra ARGs (comma-separated; a bare NAME: the
# defaults). Fills settings_names and settings_pids, and sets an EXIT trap that unmounts, stops
# and removes all of it (also when a mount never became ready, which returns 1).
settings_cluster() {
  settings_wfs="$1" settings_dir="$2"
  shift 2
  settings_names=()
  settings_pids=()
  trap settings_cleanup EXIT
  "$settings_wfs" local --background --dir "$settings_dir/data" --mount "$settings_dir/mnt" > "$settings_dir/start.log" 2>&1
  local spec name ok args
  for spec in "$@"; do
    name="${spec%%=*}"
    args=()
    [ "$spec" != "$name" ] && IFS=, read -r -a args <<< "${spec#*=}"
    settings_names+=("$name")
    ok=1
    extra_mount "$settings_wfs" "$settings_dir/data" "$settings_dir/mnt-$name" "$settings_dir/mount-$name.log" \
      "${args[@]}" || ok=0
    settings_pids+=("$extra_mount_pid") # stopped by the cleanup even when it never became ready
    [ "$ok" = 1 ] || return 1
  done
}

settings_cleanup() {
  local n p
  for n in "${settings_names[@]}"; do
    "$settings_wfs" umount "$settings_dir/mnt-$n" > /dev/null 2>&1 || true
  done
  for p in "${settings_pids[@]}"; do
    wait "$p" 2> /dev/null || true
  done
  "$settings_wfs" local stop --dir "$settings_dir/data" > /dev/null 2>&1 || true
  rm -rf "$settings_dir"
}
