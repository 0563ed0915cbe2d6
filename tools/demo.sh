#!/usr/bin/env bash
# The main job: builds libwargame and its terminal front end `wg-play` (examples/play.c), then
# plays a bot-vs-bot game of a bundled scenario of La Grande Armée (ruleset lga) to the end,
# printing the turn log and the result.
#
#   bash tools/demo.sh [SCENARIO [SEED]]   (defaults: lga scenario 1805, seed 1805)
#
# Installs the Debian packages the build needs when missing, builds in build-demo/ (examples
# only: no tests, bindings, docs or benchmark) with WG_JOBS (default 2) jobs.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$WG_ROOT"

scenario=${1:-1805}
seed=${2:-1805}

wg_need_packages "${WG_BUILD_PACKAGES[@]}"

# The demo is the real program on a real scenario: without them it fails instead of pretending.
[[ -f examples/play.c ]] ||
    wg_die "examples/play.c (the wg-play front end) is not in this tree yet: there is no demo to run"

wg_log "configure build-demo/"
cmake -S . -B build-demo -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_BUILD_EXAMPLES=ON -DWG_BUILD_TESTS=OFF \
    -DWG_BUILD_BINDINGS=OFF -DWG_BUILD_DOCS=OFF -DWG_BUILD_BENCH=OFF -DWG_SANITIZE=OFF
wg_log "build wg-play"
cmake --build build-demo -j"$WG_JOBS" --target wg-play ||
    wg_die "building the wg-play target failed (is it declared in examples/CMakeLists.txt?)"

play=$(find build-demo -type f -name wg-play -perm -u+x | head -n 1)
[[ -n "$play" ]] || wg_die "the wg-play program was not built"

# Without -p, wg-play lets two random bots play to the end and prints the log and the result;
# without -s it takes the first bundled scenario of the ruleset (and fails if there is none).
# The rulebook prints only die roll 1 and part of roll 2 of the CRT: a game that lands on an
# unprinted cell stops there (WG_ETABLEGAP).  The demo opts in to the labelled completion
# (data/lga/crt-completion.wgd, not the printed table) so that the game can be played to the end;
# events say which results came from a completed cell.
args=(-r lga -S "$seed" -o crt=completion)
[[ -n "$scenario" ]] && args+=(-s "$scenario")
wg_log "wg-play ${args[*]}: bot vs bot on a bundled La Grande Armee scenario"
exec "$play" "${args[@]}"
