#!/usr/bin/env bash
# bench/sustained-creates.sh NAME SECONDS [wfs local args...]: sustained creates through the mount of a fresh
# `wfs local` (the hour-long fill's command), files a second over the second half. Needs root (FUSE). Runs nothing else.
set -uo pipefail
name=$1; secs=$2; shift 2
W="${WFS_LAUNCHER:-$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)/wfs-cli/target/wfs/bin/wfs}"
d=$(mktemp -d /tmp/wfs-sustained-$name.XXXX); mkdir -p $d/m
# Whatever happens, the cluster this run started is stopped and its folder removed.
trap 'cd /; [ -n "${fill:-}" ] && kill -- -$fill 2>/dev/null; $W local stop --dir $d/d > /dev/null 2>&1; rm -rf $d' EXIT
$W local --background --dir $d/d --mount $d/m "$@" > $d/start.log 2>&1 || { tail -3 $d/start.log; exit 1; }
url=$(grep meta0= $d/d/metrics.properties | cut -d= -f2)
inodes() { curl -s $url | awk '/^meta_namespace_inodes /{printf "%d\n", $2}'; }
pid=$(head -1 $d/d/local.pid)
cd $d/m
setsid sh -c "seq 1 100000 | xargs -P 4 -I{} sh -c 'mkdir d{} && cd d{} && seq 1 1000 | xargs touch'" > /dev/null 2>&1 &
fill=$!
half=$((secs/2))
sleep $half; a=$(inodes); ta=$(date +%s.%N); ja=$(ps -o nlwp= -p $pid)
sleep $half; b=$(inodes); tb=$(date +%s.%N); jb=$(ps -o nlwp= -p $pid)
kill -- -$fill 2>/dev/null
wait $fill 2>/dev/null
cd /
echo "$name first_half=$a second_half_rate=$(python3 -c "print(round(($b-$a)/($tb-$ta)))") threads=$ja,$jb"
