# Sourced by the A/B scripts (bench/abn.sh, bench/stream-ab.sh): one place for their rounds.
#
# ab_rounds ROUNDS FN NAME=WFS[,ARG...] [NAME=WFS[,ARG...] ...]
# For each round and each NAME, in that order (builds alternate round by round): a fresh
# `wfs local` of launcher WFS (a checkout's wfs-cli/target/wfs/bin/wfs) started with the extra
# ARGs (comma-separated, e.g. --set,client.kernel-attr-timeout=0) in a new temporary folder W,
# then `FN NAME ROUND WFS W` (the cluster's data in W/data, its mount at W/mnt), then the
# cluster stopped and W removed. A cluster that does not start is reported and skipped.
ab_rounds() {
  local rounds="$1" fn="$2" round spec name wfs w
  shift 2
  for round in $(seq 1 "$rounds"); do
    for spec in "$@"; do
      name="${spec%%=*}"
      local parts=()
      IFS=, read -r -a parts <<< "${spec#*=}"
      wfs="${parts[0]}"
      w="$(mktemp -d /tmp/wfs-ab.XXXXXX)"
      if ! "$wfs" local --background --dir "$w/data" --mount "$w/mnt" "${parts[@]:1}" > "$w/start.log" 2>&1; then
        echo "$name $round start failed: $(tail -1 "$w/start.log") (log in $w)"
        continue
      fi
      "$fn" "$name" "$round" "$wfs" "$w"
      "$wfs" local stop --dir "$w/data" > /dev/null 2>&1 || true
      rm -rf "$w"
    done
  done
}

# CPU seconds of process $1 so far (user + system): the cluster's JVM in the scripts that print it.
cpu_s() { awk -v h="$(getconf CLK_TCK)" '{printf "%.2f", ($14 + $15) / h}' "/proc/$1/stat"; }
