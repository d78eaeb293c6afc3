# shellcheck shell=bash
# shellcheck disable=SC2034  # ACTION, DIR, MNT are read by the sourcing script
# Shared by the peer scripts (sourced, not run): logging, process liveness, Debian packages,
# and the clean-up of a failed `up`. The sourcing script sets PROG first, and defines
# do_down and UP_FAILURE_NOTE (where its logs are) before it traps on_up_failure.

log() { echo "$PROG: $*" >&2; }

# parse_args DIR_LABEL "$@": the peer scripts' shared command line, `up|down DIR MOUNTPOINT`,
# run as root; sets ACTION, DIR and MNT (absolute)
parse_args() {
  local label=$1
  shift
  if [ $# -ne 3 ] || { [ "$1" != up ] && [ "$1" != down ]; }; then
    echo "usage: $PROG up|down $label MOUNTPOINT" >&2
    exit 2
  fi
  ACTION=$1
  DIR=$(realpath -m -- "$2")
  MNT=$(realpath -m -- "$3")
  [ "$(id -u)" = 0 ] || die "must run as root (FUSE mounts; MooseFS also a network namespace)"
}
die() { log "ERROR: $*"; exit 1; }

# alive PID: the process exists and is not a zombie (an exited child of the script stays a
# zombie until the script ends)
alive() {
  local st
  st=$(sed -E 's/^.*\) ([A-Z]).*$/\1/' "/proc/$1/stat" 2>/dev/null) || return 1
  [ -n "$st" ] && [ "$st" != Z ] && [ "$st" != X ]
}

# apt_install PKG...: installs the packages not installed yet; on failure runs apt-get update
# once and retries (a fresh machine's package lists may be stale)
apt_install() {
  local missing=() p aptlog="/tmp/$PROG.apt.$$.log"
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >"$aptlog" 2>&1; then
    log "apt-get install failed; running apt-get update and retrying"
    apt-get update >>"$aptlog" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}" >>"$aptlog" 2>&1 ||
      { tail -n 20 "$aptlog" >&2; die "could not install ${missing[*]}"; }
  fi
  rm -f "$aptlog"
}

# trap on_up_failure EXIT INT TERM during `up`: whatever failed, tear down what was started
on_up_failure() {
  local rc=$?
  trap - EXIT INT TERM
  if [ $rc -ne 0 ]; then
    log "up failed (exit $rc); cleaning up ($UP_FAILURE_NOTE)"
    do_down || true
  fi
  exit $rc
}
