#!/bin/sh
# Runs the tabletop assistant with a scripted stdin (faces typed by the players, options, undo,
# save) and checks that its output reports the events, the host's dice, the undo and the save,
# then resumes the saved game with --load.
#   test_tabletop.sh LUA_INTERPRETER TABLETOP_LUA WORKDIR
# Exit 77 (skipped) when the library has no ruleset.
set -u
lua=$1
tabletop=$2
work=$3
mkdir -p "$work" || exit 1
cd "$work" || exit 1
rm -f tabletop.sav out.txt out2.txt

status=0
"$lua" "$tabletop" --echo --max-options 8 > out.txt 2>&1 <<'INPUT' || status=$?
1
2
u
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
check() {
    if ! grep -q -- "$1" out.txt; then
        echo "test_tabletop: the output lacks: $1"
        fail=1
    fi
}
check '^  \* '                   # events as they happen
check 'event log ('              # the log on demand
check 'host die: '               # a face typed by the players was taken
check 'undone: back to step '    # undo
check 'saved [0-9]* bytes to tabletop.sav'
check ' steps taken, '           # the summary at the end of the input
[ -s tabletop.sav ] || { echo "test_tabletop: tabletop.sav was not written"; fail=1; }

"$lua" "$tabletop" --echo --load tabletop.sav > out2.txt 2>&1 <<'INPUT' || fail=1
l
q
INPUT
cat out2.txt
if ! grep -q 'loaded game at step ' out2.txt; then
    echo "test_tabletop: the saved game did not load"
    fail=1
fi
exit "$fail"
