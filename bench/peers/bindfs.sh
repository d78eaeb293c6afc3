#!/usr/bin/env bash
# Set up / tear down a bindfs FUSE pass-through mount, the "FUSE overhead only"
# baseline for benchmarks.
#
#   bindfs.sh up   SRC_DIR MOUNTPOINT   # mount SRC_DIR at MOUNTPOINT via bindfs
#   bindfs.sh down SRC_DIR MOUNTPOINT   # unmount, stop the bindfs process by pid
#
# Options used: -f (foreground, so we own its pid), --multithreaded (bindfs
# >= 1.11 is single-threaded by default; the race it warns about only matters
# when bindfs rewrites permissions, which we don't), -o big_writes (bindfs in
# Debian 12 is built on libfuse 2.9, which without it sends 4 KiB write
# requests: measured 28 MB/s vs 354 MB/s for a 1 GiB dd), allow_other is
# added by bindfs itself when run as root.
#
# State (pid file, log) lives in /run/wfsbench-peers/, keyed by MOUNTPOINT.
set -euo pipefail

PROG="bindfs.sh"
STATEDIR=/run/wfsbench-peers
UP_TIMEOUT=${BINDFS_UP_TIMEOUT:-30}

# shellcheck source=bench/peers/common.sh
. "$(dirname "$(readlink -f "$0")")/common.sh"
parse_args SRC_DIR "$@"
SRC=$DIR
[ "$SRC" != "$MNT" ] || die "SRC_DIR and MOUNTPOINT must differ"

KEY=$(printf '%s' "$MNT" | sha1sum | cut -c1-12)
PIDFILE="$STATEDIR/bindfs-$KEY.pid"
LOGFILE="$STATEDIR/bindfs-$KEY.log"
UP_FAILURE_NOTE="log: $LOGFILE"

is_mounted() { findmnt -rn --mountpoint "$MNT" >/dev/null 2>&1; }

pid_ok() {  # PID alive and its command line names our mountpoint (no recycled pid)
  [[ "$1" =~ ^[0-9]+$ ]] || return 1
  alive "$1" || return 1
  { tr '\0' ' ' <"/proc/$1/cmdline"; echo; } 2>/dev/null | grep -qF -- " $MNT "
}

# stop_pid PID (checked by the caller with pid_ok; bindfs -f may have exited
# by itself after the unmount): SIGTERM, wait up to 30 s, SIGKILL, then give
# init up to 5 s to reap it so `ps` is clean when `down` returns.
stop_pid() {
  local pid=$1 i ppid
  [[ "$pid" =~ ^[0-9]+$ ]] && [ -e "/proc/$pid" ] || return 0
  if alive "$pid"; then
    log "stopping bindfs (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
  fi
  for ((i = 0; i < 300; i++)); do alive "$pid" || break; sleep 0.1; done
  if alive "$pid"; then
    log "bindfs (pid $pid) did not exit after SIGTERM; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do alive "$pid" || break; sleep 0.1; done
  fi
  ppid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
  if [ "$ppid" = "$$" ]; then wait "$pid" 2>/dev/null || true; fi
  for ((i = 0; i < 50; i++)); do [ -e "/proc/$pid" ] || return 0; sleep 0.1; done
  alive "$pid" && log "WARNING: bindfs (pid $pid) is still running"
  return 0
}

do_down() {
  local pid=""
  # identify our bindfs before unmounting (it exits by itself on unmount)
  [ -f "$PIDFILE" ] && pid=$(cat "$PIDFILE" 2>/dev/null || true)
  # a live process that is not our bindfs is left alone; a zombie is reaped
  if ! pid_ok "$pid" && alive "$pid"; then pid=""; fi
  if is_mounted; then
    log "unmounting $MNT"
    fusermount -u "$MNT" 2>/dev/null || {
      log "$MNT busy; lazy unmount"
      fusermount -uz "$MNT" 2>/dev/null || umount -l "$MNT" 2>/dev/null ||
        log "WARNING: could not unmount $MNT"
    }
  fi
  if [ -n "$pid" ]; then stop_pid "$pid"; fi
  rm -f "$PIDFILE"
  if is_mounted; then log "WARNING: $MNT is still mounted"; return 1; fi
  return 0
}

install_bindfs() {
  command -v fusermount >/dev/null || die "fusermount not found (package fuse/fuse3)"
  command -v findmnt >/dev/null || die "findmnt not found (package util-linux)"
  apt_install bindfs
}

do_up() {
  local t0=$SECONDS deadline pid probe
  install_bindfs
  [ -f "$PIDFILE" ] && pid_ok "$(cat "$PIDFILE")" && die "bindfs already running for $MNT; run '$PROG down' first"
  is_mounted && die "$MNT is already a mount point"

  trap on_up_failure EXIT
  trap 'exit 130' INT TERM

  mkdir -p "$SRC" "$MNT" "$STATEDIR"
  [ -z "$(ls -A "$MNT" 2>/dev/null)" ] || die "mountpoint $MNT is not empty"

  log "mounting $SRC at $MNT"
  # setsid and bindfs both exec (a background job of a script is never a
  # process group leader, so setsid does not fork): $! is bindfs's pid.
  setsid bindfs -f --multithreaded -o big_writes "$SRC" "$MNT" </dev/null >"$LOGFILE" 2>&1 &
  pid=$!
  echo "$pid" >"$PIDFILE"
  deadline=$((SECONDS + UP_TIMEOUT))
  until is_mounted; do
    if ! alive "$pid"; then cat "$LOGFILE" >&2; die "bindfs exited before mounting"; fi
    [ $SECONDS -lt $deadline ] || die "timed out after ${UP_TIMEOUT}s waiting for the mount"
    sleep 0.1
  done

  # round trip: a file written through the mount must appear in SRC
  probe=".wfsbench-probe.$$"
  echo ok >"$MNT/$probe"
  [ "$(cat "$SRC/$probe" 2>/dev/null)" = ok ] || die "probe file did not reach $SRC"
  rm -f "$MNT/$probe"

  trap - EXIT INT TERM
  log "up: bindfs $(bindfs --version 2>/dev/null | awk '{print $2; exit}') $SRC -> $MNT (pid $pid, $((SECONDS - t0))s)"
}

case "$ACTION" in
  up) do_up ;;
  down)
    if do_down; then log "down: done"; else die "down: could not clean up completely"; fi
    ;;
esac
