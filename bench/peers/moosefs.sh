#!/usr/bin/env bash
# Set up / tear down a private single-machine MooseFS cluster for benchmarks.
#
#   moosefs.sh up   WORKDIR MOUNTPOINT   # 1 master + 1 metalogger + 3 chunkservers, goal 3, mounted
#   moosefs.sh down WORKDIR MOUNTPOINT   # unmount, stop every daemon by pid, delete the netns
#
# MooseFS refuses chunkservers that register from 127.0.0.0/8, so every
# daemon and mfsmount run inside a private network namespace whose `lo` also
# carries 198.18.0.1/32 (RFC 2544 benchmark range; it never leaves the netns).
# Only the network namespace is entered (nsenter --net), NOT a mount namespace
# (`ip netns exec` would unshare one), so the FUSE mount is visible on the host.
#
# Everything (configs, metadata, chunk folders, logs, pid files) lives under
# WORKDIR; /etc/mfs and /var/lib/mfs are never read for config nor written.
# MooseFS tools that talk to the master (mfsfileinfo, mfssetgoal, mfscli, ...)
# must also run inside the netns:
#   nsenter --net=/var/run/netns/$(cat WORKDIR/netns) mfsfileinfo FILE
#
# Environment knobs:
#   MFS_NICE      nice level for daemons and mfsmount (default 0; MooseFS's own
#                 default is -19, which would favour it over the other peers)
#   MFS_UP_TIMEOUT seconds to wait for each readiness step (default 60)
set -euo pipefail

PROG="moosefs.sh"
IP=198.18.0.1
MASTER_ML_PORT=9419   # metalogger -> master
MASTER_CS_PORT=9420   # chunkserver -> master
MASTER_CL_PORT=9421   # client/tools -> master
CS_PORTS=(9422 9432 9442)
PACKAGES=(moosefs-master moosefs-chunkserver moosefs-metalogger moosefs-client moosefs-cli)
MFS_NICE=${MFS_NICE:-0}
MFS_UP_TIMEOUT=${MFS_UP_TIMEOUT:-60}

# shellcheck source=bench/peers/common.sh
. "$(dirname "$(readlink -f "$0")")/common.sh"

parse_args WORKDIR "$@"
WORKDIR=$DIR
[ "$WORKDIR" != / ] || die "WORKDIR must not be /"

# Netns name is derived from WORKDIR so `down` finds it without state files.
NS="wfsbench-mfs-$(printf '%s' "$WORKDIR" | sha1sum | cut -c1-12)"
NSPATH="/var/run/netns/$NS"
PIDDIR="$WORKDIR/pids"
LOGDIR="$WORKDIR/logs"
UP_FAILURE_NOTE="logs kept in $LOGDIR"
CFGDIR="$WORKDIR/etc"

innet() { nsenter --net="$NSPATH" -- "$@"; }

# ---------------------------------------------------------------- helpers

is_mounted() {  # true if MNT is a mount point (works for dead FUSE mounts too)
  findmnt -rn --mountpoint "$MNT" >/dev/null 2>&1
}

# pid_ok PID NEEDLE: PID is alive and its command line contains NEEDLE
# (WORKDIR/ for daemons, the mountpoint for mfsmount; see needle_for), so a
# recycled pid is never hit. NEEDLE may hold several alternatives, one a line.
pid_ok() {
  local pid=$1 needle=$2
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  alive "$pid" || return 1
  [ -n "$needle" ] || return 0
  { tr '\0' ' ' <"/proc/$pid/cmdline"; echo; } 2>/dev/null | grep -qF -- "$needle"
}

needle_for() {  # what the command line of daemon NAME must contain
  if [ "$1" = mfsmount ]; then
    # before/after mfsmount rewrites its title to "mfsmount (mounted on: MNT)"
    printf ' %s \n: %s)\n' "$MNT" "$MNT"
  else
    printf '%s\n' "-c $CFGDIR/"
  fi
}

# stop_pids NAME PID NEEDLE [NAME PID NEEDLE ...]: SIGTERM every live,
# matching PID (NEEDLE "-": already checked by the caller) at once, wait up to 30 s for all, SIGKILL survivors, then give
# init up to 5 s to reap the zombies so that `ps` is clean once `down` returns.
stop_pids() {
  local -a pids=()
  local pid i any ppid
  while [ $# -ge 3 ]; do
    if [ "$3" = - ] && [[ "$2" =~ ^[0-9]+$ ]] && [ -e "/proc/$2" ]; then
      # checked by the caller just before (it may have exited since): reap only
      pids+=("$2")
      if alive "$2"; then log "stopping $1 (pid $2)"; kill -TERM "$2" 2>/dev/null || true; fi
    elif [ "$3" != - ] && pid_ok "$2" "$3"; then
      log "stopping $1 (pid $2)"
      kill -TERM "$2" 2>/dev/null || true
      pids+=("$2")
    elif [[ "$2" =~ ^[0-9]+$ ]] && [ -e "/proc/$2" ] && ! alive "$2"; then
      pids+=("$2")   # already exited (zombie): only wait for it to be reaped
    fi
    shift 3
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  for ((i = 0; i < 300; i++)); do
    any=0
    for pid in "${pids[@]}"; do alive "$pid" && any=1; done
    [ $any = 0 ] && break
    sleep 0.1
  done
  if [ $any = 1 ]; then
    for pid in "${pids[@]}"; do
      if alive "$pid"; then
        log "pid $pid did not exit after SIGTERM; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
      fi
    done
    sleep 0.5
  fi
  for ((i = 0; i < 50; i++)); do
    any=0
    for pid in "${pids[@]}"; do
      [ -e "/proc/$pid" ] || continue
      ppid=$(awk '/^PPid:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || true)
      # our own exited child (failure path of `up`): reap it ourselves
      if [ "$ppid" = "$$" ] && ! alive "$pid"; then wait "$pid" 2>/dev/null || true; fi
      [ -e "/proc/$pid" ] && any=1
    done
    [ $any = 0 ] && return 0
    sleep 0.1
  done
  for pid in "${pids[@]}"; do
    alive "$pid" && log "WARNING: pid $pid is still running"
  done
  return 0
}

# ---------------------------------------------------------------- down

do_down() {
  local f name pid group mntpid=""
  local -a args

  # 1. unmount; mfsmount -f exits by itself then, so identify it first
  if [ -f "$PIDDIR/mfsmount.pid" ]; then
    pid=$(cat "$PIDDIR/mfsmount.pid" 2>/dev/null || true)
    # a live process that is not our mfsmount is left alone; a zombie is reaped
    if pid_ok "$pid" "$(needle_for mfsmount)" || ! alive "$pid"; then mntpid=$pid; fi
  fi
  if is_mounted; then
    log "unmounting $MNT"
    fusermount -u "$MNT" 2>/dev/null || {
      log "$MNT busy; lazy unmount"
      fusermount -uz "$MNT" 2>/dev/null || umount -l "$MNT" 2>/dev/null ||
        log "WARNING: could not unmount $MNT"
    }
  fi

  # 2. stop recorded processes: client, chunkservers and metalogger, then master
  for group in "mfsmount cs1 cs2 cs3 metalogger" "master"; do
    args=()
    for name in $group; do
      f="$PIDDIR/$name.pid"
      [ -f "$f" ] || continue
      pid=$(cat "$f" 2>/dev/null || true)
      if [ "$name" = mfsmount ]; then
        [ -n "$mntpid" ] && args+=("$name" "$mntpid" -)
      else
        args+=("$name" "$pid" "$(needle_for "$name")")
      fi
    done
    if [ ${#args[@]} -gt 0 ]; then stop_pids "${args[@]}"; fi
    for name in $group; do rm -f "$PIDDIR/$name.pid"; done
  done

  # 3. safety net: the daemons' own lock files (they hold the pid) under WORKDIR
  args=()
  for f in "$WORKDIR"/cs?/.mfschunkserver.lock "$WORKDIR"/metalogger/.mfsmetalogger.lock \
           "$WORKDIR"/master/.mfsmaster.lock; do
    [ -f "$f" ] || continue
    pid=$(tr -dc '0-9' <"$f" 2>/dev/null || true)
    [ -n "$pid" ] && args+=("$(basename "$f")" "$pid" "$(needle_for daemon)")
  done
  if [ ${#args[@]} -gt 0 ]; then stop_pids "${args[@]}"; fi

  # 4. anything still inside our private netns was started by this script
  if [ -e "$NSPATH" ]; then
    args=()
    for pid in $(ip netns pids "$NS" 2>/dev/null || true); do
      args+=("netns process" "$pid" "")   # any live pid in our own netns
    done
    if [ ${#args[@]} -gt 0 ]; then stop_pids "${args[@]}"; fi
    log "deleting netns $NS"
    ip netns del "$NS" 2>/dev/null || log "WARNING: could not delete netns $NS"
  fi

  if is_mounted; then
    log "WARNING: $MNT is still mounted"
    return 1
  fi
  return 0
}

# ---------------------------------------------------------------- up

install_packages() {
  local p
  for p in ip nsenter findmnt fusermount; do
    command -v "$p" >/dev/null || die "required command '$p' not found"
  done
  apt_install "${PACKAGES[@]}"
}

write_configs() {
  local i empty
  empty=$(dpkg -L moosefs-master | grep -m1 '/metadata\.mfs\.empty$' || true)
  [ -n "$empty" ] && [ -f "$empty" ] || die "metadata.mfs.empty not found in moosefs-master"

  # start from scratch: only the folders this script owns
  rm -rf "$CFGDIR" "$PIDDIR" "$LOGDIR" "$WORKDIR/master" "$WORKDIR/metalogger" \
         "$WORKDIR"/cs1 "$WORKDIR"/cs2 "$WORKDIR"/cs3 "$WORKDIR"/hdd1 "$WORKDIR"/hdd2 "$WORKDIR"/hdd3
  mkdir -p "$CFGDIR" "$PIDDIR" "$LOGDIR" "$WORKDIR/master" "$WORKDIR/metalogger"
  cp "$empty" "$WORKDIR/master/metadata.mfs"

  local common="WORKING_USER = root
WORKING_GROUP = root
NICE_LEVEL = $MFS_NICE"

  cat >"$CFGDIR/mfsmaster.cfg" <<EOF
$common
SYSLOG_IDENT = wfsbench-mfsmaster
DATA_PATH = $WORKDIR/master
EXPORTS_FILENAME = $CFGDIR/mfsexports.cfg
TOPOLOGY_FILENAME = $CFGDIR/mfstopology.cfg
MATOML_LISTEN_HOST = $IP
MATOML_LISTEN_PORT = $MASTER_ML_PORT
MATOCS_LISTEN_HOST = $IP
MATOCS_LISTEN_PORT = $MASTER_CS_PORT
MATOCL_LISTEN_HOST = $IP
MATOCL_LISTEN_PORT = $MASTER_CL_PORT
EOF
  printf '*\t/\trw,alldirs,maproot=0\n*\t.\trw\n' >"$CFGDIR/mfsexports.cfg"
  : >"$CFGDIR/mfstopology.cfg"

  cat >"$CFGDIR/mfsmetalogger.cfg" <<EOF
$common
SYSLOG_IDENT = wfsbench-mfsmetalogger
DATA_PATH = $WORKDIR/metalogger
MASTER_HOST = $IP
MASTER_PORT = $MASTER_ML_PORT
EOF

  for i in 1 2 3; do
    mkdir -p "$WORKDIR/cs$i" "$WORKDIR/hdd$i"
    echo "$WORKDIR/hdd$i" >"$CFGDIR/mfshdd$i.cfg"
    cat >"$CFGDIR/mfschunkserver$i.cfg" <<EOF
$common
SYSLOG_IDENT = wfsbench-mfschunkserver$i
DATA_PATH = $WORKDIR/cs$i
HDD_CONF_FILENAME = $CFGDIR/mfshdd$i.cfg
MASTER_HOST = $IP
MASTER_PORT = $MASTER_CS_PORT
BIND_HOST = $IP
CSSERV_LISTEN_HOST = $IP
CSSERV_LISTEN_PORT = ${CS_PORTS[$((i - 1))]}
EOF
  done
  # empty mfsmount config so /etc/mfs/mfsmount.cfg is never consulted
  : >"$CFGDIR/mfsmount.cfg"
  echo "$NS" >"$WORKDIR/netns"
}

# start_daemon NAME CMD...: run CMD in the foreground (-f) inside the netns,
# in the background of this script, logging to LOGDIR/NAME.log.
start_daemon() {
  local name=$1; shift
  # setsid (a background job of a non-interactive shell is never a process
  # group leader, so setsid does not fork) and nsenter (no fork without --pid)
  # both exec, so $! is the daemon's own pid. The new session keeps the
  # daemons out of the caller's process group (Ctrl-C, SIGHUP).
  setsid nsenter --net="$NSPATH" -- "$@" </dev/null >"$LOGDIR/$name.log" 2>&1 &
  echo $! >"$PIDDIR/$name.pid"
  log "started $name (pid $!)"
}

# wait_for DESC CMD...: poll CMD until it succeeds or MFS_UP_TIMEOUT passes;
# also fail fast if a recorded daemon died.
wait_for() {
  local desc=$1; shift
  local deadline=$((SECONDS + MFS_UP_TIMEOUT)) f pid
  while ! "$@" >/dev/null 2>&1; do
    for f in "$PIDDIR"/*.pid; do
      [ -f "$f" ] || continue
      pid=$(cat "$f")
      if ! alive "$pid"; then
        tail -n 20 "$LOGDIR/$(basename "$f" .pid).log" >&2 2>/dev/null || true
        die "$(basename "$f" .pid) (pid $pid) exited while waiting for $desc"
      fi
    done
    [ $SECONDS -lt $deadline ] || die "timed out after ${MFS_UP_TIMEOUT}s waiting for $desc"
    sleep 0.2
  done
}

listening() { innet ss -Hltn "src $IP:$1" | grep -q .; }

connected_cs() {  # chunkservers connected to the master and reporting disk space
  # lines look like: chunk servers:|IP|PORT|ID|-|VERSION|CHUNKS|MAINT|USED|TOTAL|...
  innet mfscli -H "$IP" -P "$MASTER_CL_PORT" -n -p -s '|' -SCS 2>/dev/null |
    awk -F'|' -v ip="$IP" '$1 == "chunk servers:" && $2 == ip && $11 + 0 > 0 { n++ } END { print n + 0 }'
}
three_cs() { [ "$(connected_cs)" -ge 3 ]; }

metalogger_connected() {
  innet mfscli -H "$IP" -P "$MASTER_CL_PORT" -n -p -s '|' -SMB 2>/dev/null |
    grep -qF "metadata backup loggers:|$IP|"
}

probe_copies() {  # number of valid copies of the probe file's first chunk
  innet mfsfileinfo "$MNT/.wfsbench-probe" 2>/dev/null | grep -cE '^\s*copy [0-9]+: .*status:VALID' || true
}
probe_has_3() { [ "$(probe_copies)" -ge 3 ]; }

do_up() {
  local t0=$SECONDS i
  install_packages

  # refuse to clobber a running instance
  if [ -d "$PIDDIR" ]; then
    for f in "$PIDDIR"/*.pid; do
      [ -f "$f" ] || continue
      pid_ok "$(cat "$f")" "$(needle_for "$(basename "$f" .pid)")" && die "an instance for $WORKDIR seems to be running (see $PIDDIR); run '$PROG down' first"
    done
  fi
  [ -e "$NSPATH" ] && die "netns $NS already exists; run '$PROG down $WORKDIR $MNT' first"
  is_mounted && die "$MNT is already a mount point"

  trap on_up_failure EXIT
  trap 'exit 130' INT TERM

  mkdir -p "$WORKDIR" "$MNT"
  [ -z "$(ls -A "$MNT" 2>/dev/null)" ] || die "mountpoint $MNT is not empty"
  write_configs

  log "creating netns $NS with $IP on lo"
  ip netns add "$NS"
  ip -n "$NS" link set lo up
  ip -n "$NS" addr add "$IP/32" dev lo

  start_daemon master mfsmaster -c "$CFGDIR/mfsmaster.cfg" -f start
  wait_for "mfsmaster to listen on $IP:$MASTER_CL_PORT" listening "$MASTER_CL_PORT"
  wait_for "mfsmaster to listen on $IP:$MASTER_CS_PORT" listening "$MASTER_CS_PORT"

  start_daemon metalogger mfsmetalogger -c "$CFGDIR/mfsmetalogger.cfg" -f start
  for i in 1 2 3; do
    start_daemon "cs$i" mfschunkserver -c "$CFGDIR/mfschunkserver$i.cfg" -f start
  done
  log "waiting for 3 chunkservers to register"
  wait_for "3 chunkservers to register" three_cs
  wait_for "metalogger to connect" metalogger_connected

  log "mounting $MNT"
  start_daemon mfsmount mfsmount "$MNT" -f -H "$IP" -P "$MASTER_CL_PORT" \
    -o "mfscfgfile=$CFGDIR/mfsmount.cfg,mfsnice=$MFS_NICE"
  wait_for "mfsmount to mount $MNT" is_mounted
  wait_for "$MNT to be usable" stat -f "$MNT"

  log "setting goal 3 and trash time 0 on $MNT"
  innet mfssetgoal -r 3 "$MNT" >/dev/null ||
    die "mfssetgoal -r 3 $MNT failed"
  # default trash time is 24 h: deleted benchmark files would keep their
  # chunks (x3) on disk for a day; 0 frees them right away
  innet mfssettrashtime -r 0 "$MNT" >/dev/null ||
    die "mfssettrashtime -r 0 $MNT failed"

  log "checking replication with a probe file"
  head -c 65536 /dev/urandom >"$MNT/.wfsbench-probe"
  sync "$MNT/.wfsbench-probe" 2>/dev/null || true
  wait_for "probe file to have 3 chunk copies" probe_has_3
  rm -f "$MNT/.wfsbench-probe"

  trap - EXIT INT TERM
  log "up: MooseFS $(mfsmaster -v 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -1) mounted at $MNT," \
    "3 chunkservers, goal 3, trash time 0, netns $NS ($((SECONDS - t0))s)"
}

case "$ACTION" in
  up) do_up ;;
  down)
    if do_down; then
      log "down: done"
    else
      die "down: could not clean up completely"
    fi
    ;;
esac
