#!/usr/bin/env bash
# Records the golden decision logs of tests/golden/ again, with the parameters each file's header
# names (ruleset, scenario, options, seed; up to 1500 steps), using the wg-golden of a build.
#
#   bash tools/golden-record.sh [BUILD_DIR] [PATTERN]     e.g.  bash tools/golden-record.sh build 'lga-*'
#
# Run it when a change of the rules changes what seeded random games decide, and say so in
# CHANGELOG.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
dir=${1:-build}
pattern=${2:-*}
tool=$dir/bench/wg-golden
[[ -x $tool ]] || { echo "golden-record: $tool not built" >&2; exit 1; }
for f in tests/golden/$pattern.wgd; do
    rs=$(sed -n 's/^ruleset //p' "$f")
    sc=$(sed -n 's/^scenario //p' "$f")
    seed=$(sed -n 's/^seed //p' "$f")
    opts=$(sed -n 's/^options "\(.*\)"$/\1/p' "$f")
    steps=1500
    "$tool" "$rs" "$sc" "$seed" "$steps" "$opts" > "$f.new"
    mv "$f.new" "$f"
    echo "golden-record: $f ($rs $sc seed $seed, $steps steps, options \"$opts\")"
done
