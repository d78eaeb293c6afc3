#!/usr/bin/env bash
# bench/chaos.sh [--minutes N] [--seed S]
#
# The long form of the chaos suite (issue 19, docs/reliability.md): ChaosIT with random faults
# for N minutes (default 30) instead of each fault kind once as in CI, from seed S (default: the
# clock). A cluster of processes (1 manager, 3 meta nodes, 4 stores, 3 mounts), each in a network
# namespace of its own, under a mixed workload; the nemesis kills, pauses, isolates and slows its
# nodes. Prints the seed, every fault injected, the operations acknowledged and the ones lost
# (must be 0), then whether wfs fsck came out clean. Needs root (FUSE, network namespaces).
# Builds the distribution first if it is missing. Run nothing else beside it.
set -euo pipefail
minutes=30
seed=$(date +%s)
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "usage: bench/chaos.sh [--minutes N] [--seed S]" >&2; exit 2 ;;
  esac
done
cd "$(dirname "$0")/.."
[ -x wfs-cli/target/wfs/bin/wfs ] || mvn -B -ntp -q install -DskipTests
echo "chaos.sh: seed $seed, $minutes minutes of faults ($(date -u +%FT%TZ))" >&2
status=0
# JUnit's per-test timeout (20 minutes for ChaosIT) would end a long run: off for this one.
mvn -B -ntp verify -pl wfs-it -Dit.test=ChaosIT -Dfailsafe.failIfNoSpecifiedTests=false -Dtest=NONE \
  -Dsurefire.failIfNoSpecifiedTests=false -Dwfs.chaos.minutes="$minutes" -Dwfs.chaos.seed="$seed" \
  -Djunit.jupiter.execution.timeout.mode=disabled >/tmp/chaos-sh.$$.log 2>&1 || status=$?
grep -h '^chaos: \|^nemesis: ' wfs-it/target/failsafe-reports/io.wfs.it.ChaosIT-output.txt 2>/dev/null || true
if [ $status -ne 0 ]; then
  grep -E 'Tests run:|AssertionError|lost:' /tmp/chaos-sh.$$.log | head -20 >&2
  echo "chaos.sh: FAILED (seed $seed); the maven log is /tmp/chaos-sh.$$.log, the nodes' logs wfs-it/target/chaos-logs/" >&2
  exit $status
fi
rm -f /tmp/chaos-sh.$$.log
echo "chaos.sh: passed: nothing acknowledged was lost, wfs fsck clean, one leader per term (seed $seed)" >&2
