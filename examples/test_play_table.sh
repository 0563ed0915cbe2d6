#!/bin/sh
# wg-play on a table (Les Aigles): both sample battles bot against bot to the end with the picture
# of the table at every game-turn (-M), then the French side played from a scripted stdin (the
# player named, the picture asked for with 'm', the first option taken at every decision).
#   test_play_table.sh WG_PLAY WORKDIR
set -u
play=$1
work=$2
mkdir -p "$work" || exit 1
fail=0
check() { # file, extended regular expression, what it shows
  if ! grep -Eq -- "$2" "$1"; then
    echo "FAIL: $1: no $3 (/$2/)"
    fail=1
  fi
}
for sc in crossroads ridge; do
  out="$work/aigles-$sc.txt"
  if ! "$play" -q -M -r aigles -s "$sc" -S 3 > "$out" 2>&1; then
    echo "FAIL: wg-play -r aigles -s $sc exited with an error"; tail -5 "$out"; fail=1
  fi
  check "$out" '^=== Result after [0-9]+ decisions ===$' "result line"
  check "$out" '^  table 1800 x 1200 paces' "picture heading"
  check "$out" '^ +0 +200 +400 +600 +800 +1000' "x ruler"
  check "$out" '^ +400\+.*~~~~' "y ruler with the stream"
  check "$out" '^ +\|.*wwww' "wood"
  check "$out" 'vvv=vvv' "village on the road"
  check "$out" 'hhhh' "hill"
  check "$out" '::::' "crest"
  check "$out" '^  terrain: .*w wood' "terrain key"
  check "$out" '^  A .* (French|Austrians) +[0-9]+ fig  [a-z-]+ .* marker .* at \([0-9]+, [0-9]+\)$' "legend"
  check "$out" '^ +[+|].*[A-Z]+[V^<>/\\]?[A-Z]*' "units"
  if grep -q '(so far)' "$out"; then echo "FAIL: $sc stopped before its end"; fail=1; fi
done
out="$work/aigles-human.txt"
{ echo m; i=0; while [ $i -lt 400 ]; do echo 0; i=$((i + 1)); done; } |
  "$play" -r aigles -s crossroads -S 3 -p French > "$out" 2>&1 || { echo "FAIL: wg-play -p French exited with an error"; fail=1; }
check "$out" '^period 1, phase 1: French places the marker of ' "French decision"
check "$out" '^choice> ' "prompt"
check "$out" 'table 1800 x 1200 paces' "picture on 'm'"
check "$out" '^=== Result after [0-9]+ decisions ===$' "result line"
[ $fail -eq 0 ] && echo "ok: wg-play draws the table and plays both sample battles to the end"
exit $fail
