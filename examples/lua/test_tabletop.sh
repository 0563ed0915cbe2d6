#!/bin/sh
# Runs the tabletop assistant with a scripted stdin (faces typed by the players, options, hex numbers
# and place names as destinations, undo within the policy, odds, help, save, and bad input of every
# kind) and checks what its output reports; then resumes the saved game with --load, plays Les
# Marechaux (the initiative roll re-rolls doubles: the tool must say so), the practice mode, and bad
# command lines.  No error may come out as a Lua traceback: every one is one line.
#   test_tabletop.sh LUA_INTERPRETER TABLETOP_LUA WORKDIR
# Exit 77 (skipped) when the library has no ruleset.
set -u
lua=$1
tabletop=$2
work=$3
mkdir -p "$work" || exit 1
cd "$work" || exit 1
rm -f tabletop.sav out*.txt

status=0
"$lua" "$tabletop" --echo --max-options 8 > out.txt 2>&1 <<'INPUT' || status=$?
h
3426
1
Schweinfurt
u
foo
9999
#0
to Nowhere
to
odds attack
odds frob x=1
odds
s
s /nonexistent-dir/x.sav
u Nobody
1
l
n
4
u
n
#1
not-a-face
s tabletop.sav
b
r
b
q
INPUT
cat out.txt
[ "$status" -eq 77 ] && exit 77
if [ "$status" -ne 0 ]; then
    echo "test_tabletop: the assistant exited with status $status"
    exit 1
fi

fail=0
check() { # check FILE PATTERN
    if ! grep -q -- "$2" "$1"; then
        echo "test_tabletop: $1 lacks: $2"
        fail=1
    fi
}
one_line_errors() { # FILE: no traceback, no Lua source position in any message
    if grep -q -e 'traceback' -e '\.lua:[0-9]' "$1"; then
        echo "test_tabletop: $1 shows a Lua error instead of one clear line:"
        grep -n -e 'traceback' -e '\.lua:[0-9]' "$1"
        fail=1
    fi
}
check out.txt '^  \* '                               # events as they happen
check out.txt '^commands:'                           # the help command
check out.txt '^  odds ACTION'
check out.txt 'Allied takes: place Au Mack (Z 4/7) on 3426'        # a hex number as the destination
check out.txt 'French takes: place .* on 2328 Schweinfurt'         # a place name as the destination
check out.txt "undone: French's last decision taken back"          # undo within the policy
check out.txt 'undo refused: .*new information is out'             # ... and refused after a roll
check out.txt 'unknown command "foo": h lists the commands'
check out.txt 'no option 9999 (1\.\.[0-9]*), and no place is named "9999"'
check out.txt 'there is no option #0'
check out.txt 'no place is named "Nowhere" on this map'
check out.txt 'usage: to PLACE'
check out.txt "no odds: attack: field 'attackers' is missing"      # odds: the library's words
check out.txt "no odds: lga has no odds for 'frob'"
check out.txt 'usage: odds ACTION'
check out.txt 'usage: s FILE'
check out.txt 'cannot write /nonexistent-dir/x.sav: '
check out.txt 'no player "Nobody"'
check out.txt 'event log ('                          # the log on demand
check out.txt 'host die: '                           # a face typed by the players was taken
check out.txt 'not a chance decision'
check out.txt 'saved [0-9]* bytes to tabletop.sav'
check out.txt ' steps taken, '                       # the summary at the end of the input
one_line_errors out.txt
[ -s tabletop.sav ] || { echo "test_tabletop: tabletop.sav was not written"; fail=1; }

"$lua" "$tabletop" --echo --load tabletop.sav > out2.txt 2>&1 <<'INPUT' || fail=1
l
q
INPUT
cat out2.txt
check out2.txt 'loaded game at step '

# Les Marechaux: the initiative roll leaves out the doubles (re-rolled); the odds of a commander's loss.
"$lua" "$tabletop" --echo --ruleset marechaux --scenario 1808 > out3.txt 2>&1 <<'INPUT' || fail=1
odds commander
odds combat
3 3
1 1 1
3 4
u
q
INPUT
cat out3.txt
check out3.txt 'doubles are re-rolled: the rules count only the 30 throws'
check out3.txt '3 3: that throw is re-rolled (doubles are re-rolled'
check out3.txt '"1 1 1" is not a face of this roll'
check out3.txt 'host die: dice AA 3, F 4'
check out3.txt 'odds of commander (as the referee knows the game):'
check out3.txt 'the commander is eliminated .* 1/12 '
check out3.txt 'no odds: '
check out3.txt 'nothing to undo'
one_line_errors out3.txt

# The practice mode lifts the undo policy.
"$lua" "$tabletop" --echo --practice --max-options 2 > out4.txt 2>&1 <<'INPUT' || fail=1
1
1
n
r
u 2
q
INPUT
cat out4.txt
check out4.txt 'undone: back to step '
one_line_errors out4.txt

# Bad command lines and bad files: one line each, a non-zero status, never a traceback.
bad() { # bad EXPECTED_STATUS PATTERN ARGS...
    want=$1 pattern=$2
    shift 2
    st=0
    "$lua" "$tabletop" "$@" > outbad.txt 2>&1 < /dev/null || st=$?
    cat outbad.txt
    if [ "$st" -ne "$want" ]; then echo "test_tabletop: $* exited with $st, not $want"; fail=1; fi
    if [ "$(wc -l < outbad.txt)" -ne 1 ]; then echo "test_tabletop: $* printed more than one line"; fail=1; fi
    check outbad.txt "$pattern"
    one_line_errors outbad.txt
}
printf 'not a saved game' > garbage.sav
bad 2 'tabletop: --seed takes a non-negative integer, not "abc"' --seed abc
bad 2 'tabletop: --seed needs a value' --seed
bad 2 'tabletop: unknown argument "--bogus"' --bogus
bad 1 'cannot start: no ruleset "nope"' --ruleset nope
bad 1 "cannot start lga 1999: " --ruleset lga --scenario 1999
bad 1 "cannot start lga 1805: unknown lga option 'foo'" --ruleset lga --options foo=bar
bad 1 'cannot load /nonexistent-dir/x.sav: ' --load /nonexistent-dir/x.sav
bad 1 'cannot load garbage.sav: ' --load garbage.sav
st=0
WARGAME_LIBRARY=/nonexistent-dir/libwargame.so "$lua" "$tabletop" > outbad.txt 2>&1 < /dev/null || st=$?
cat outbad.txt
[ "$st" -eq 1 ] || { echo "test_tabletop: without the library the status is $st, not 1"; fail=1; }
check outbad.txt '^tabletop: cannot load the wargame module: '
[ "$(wc -l < outbad.txt)" -eq 1 ] || { echo "test_tabletop: without the library: more than one line"; fail=1; }
one_line_errors outbad.txt
exit "$fail"
