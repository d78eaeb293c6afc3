#!/usr/bin/env bash
# bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]
#
# Before/after in one sitting, alternated A B A B...: bench/abn.sh with two builds named before
# and after (BEFORE_WFS / AFTER_WFS: a checkout's wfs-cli/target/wfs/bin/wfs). Prints one line per
# run: BUILD ROUND meta {json} small {json}. Needs root (FUSE, drop_caches).
set -euo pipefail
root="$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd)"
before="${1:?usage: bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]}"
after="${2:?usage: bench/ab-meta.sh BEFORE_WFS AFTER_WFS [ROUNDS]}"
exec "$root/bench/abn.sh" "${3:-3}" "before=$before" "after=$after"
