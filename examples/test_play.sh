#!/bin/sh
# wg-play's commands and options, each fed from a scripted stdin and checked in the output:
# --help, -p by name, hex coordinates and the legend, a hex number or place name as the choice,
# odds, the SVG (command and --svg), save and load, undo within the policy and in practice mode,
# single-option windows passed, a table gap (La Grande Armee without crt=completion, seed 1: the
# CRT die lands on an unprinted cell) entered by hand or completed, and bad input as one line.
#   test_play.sh WG_PLAY WORKDIR
set -u
play=$1
work=$2
mkdir -p "$work" || exit 1
rm -f "$work"/*.sav "$work"/*.svg
fail=0
check() { # file, extended regular expression, what it shows
  if ! grep -Eq -- "$2" "$1"; then
    echo "FAIL: $1: no $3 (/$2/)"
    fail=1
  fi
}
absent() { # file, extended regular expression, what must not be there
  if grep -Eq -- "$2" "$1"; then
    echo "FAIL: $1: $3 (/$2/)"
    fail=1
  fi
}
zeros() { i=0; while [ "$i" -lt "$1" ]; do echo 0; i=$((i + 1)); done; }
"$play" -r lga -q -m 1 > /dev/null 2>&1 || { echo "wg-play: no La Grande Armee in this library"; exit 77; }

# --help: rulesets, scenarios, players, options, every command
out="$work/help.txt"
"$play" --help > "$out" 2>&1 || { echo "FAIL: --help exited with an error"; fail=1; }
check "$out" '^  lga  La Grande Armee' "ruleset list"
check "$out" '^      1805 +1805: Ulm and Austerlitz  \(players: 0 Allied, 1 French\)' "scenarios with players"
check "$out" '^      crossroads ' "Les Aigles scenario"
for opt in '-r RULESET' '-s SCENARIO' '-S SEED' '-o OPTIONS' '-p PLAYER' '-l FILE' '-q ' '-M ' '-m MAXSTEPS' \
           '--bot SPEC' '--svg FILE' '--practice' '-h, --help'; do
  check "$out" "^  $opt" "option $opt"
done
for cmd in 'N  ' 'NAME' '\?' 'm  ' 'p  ' 'o ACTION' 'u  ' 's FILE' 'svg FILE' 'h, help' 'q  '; do
  check "$out" "^  $cmd" "command $cmd"
done

# -p by name in any case; an unknown name is refused with the valid ones
out="$work/player.txt"
"$play" -r ccn -s S01 -p prussians > "$out" 2>&1
[ $? -eq 2 ] || { echo "FAIL: an unknown player is not refused with status 2"; fail=1; }
check "$out" "^wg-play: no player 'prussians' in this game; the players are: 0 Coalition, 1 French$" "refusal naming the players"

# hex map: coordinates and legend; a hex number as the choice; the help command
out="$work/lga-hex.txt"
printf 'h\n3426\nm\nu\nu\nq\n' | "$play" -r lga -s 1805 -p ALLIED > "$out" 2>&1
check "$out" '^you play Allied against the bot' "the player named"
check "$out" '^choice> commands at your prompt' "help command"
check "$out" '^choice> -> 1\) place Au Mack \(Z 4/7\) on 3426$' "hex number taken as the option naming it"
check "$out" 'Au Mack \(Z 4/7\) is placed on 3426' "the placement"
check "$out" '^(choice> )? +col +1111111111222222222' "column numbers"
check "$out" '^ +1234567890123456789012345678901234567890' "column units"
check "$out" '^ +26 \. \. ' "row numbers"
check "$out" '@ m' "the placed piece on the board"
check "$out" '^  legend: columns across, rows down .*; hexes named column then row, from 0101 to 7051$' "coordinate legend"
check "$out" '^ +@ Allied pieces   # French pieces   \* both   \. first terrain \(clear\)   c city' "symbol legend"
check "$out" '^choice> taken back: 1 decision undone$' "undo"
check "$out" '^choice> cannot undo: you have taken no decision to take back$' "nothing to undo"

# a place name as the choice; odds with percentages and modifiers with their rules; the SVG
out="$work/marechaux.txt"
printf 'p\no command side=1 zone=Lisbonne\no bogus\nsvg %s\nLISBONNE\nq\n' "$work/cmd.svg" |
  "$play" -r marechaux -s 1808 -p French --svg "$work/opt.svg" > "$out" 2>&1
check "$out" '^  id 22 +Lisbonne +French +Junot' "pieces with ids"
check "$out" "^choice> odds of 'command side=1 zone=Lisbonne', as you may know them:$" "odds heading"
check "$out" '^ +100\.00%  \(6/6\)  all its MP \(LM-CMD-07\)$' "odds outcome"
check "$out" '^    exempt +1  the Commander in Chief is in the zone: no test  \[LM-CMD-02\]$' "odds modifier"
check "$out" "^choice> wg-play: invalid argument: marechaux has no odds for 'bogus'" "odds error as one line"
check "$out" "^choice> the board as you see it is in $work/cmd.svg \\(SVG" "svg command"
check "$out" '^choice> -> 4\) add a decoy in Lisbonne$' "place name taken as the option naming it"
for f in cmd opt; do
  if ! grep -q '<svg' "$work/$f.svg" 2>/dev/null; then echo "FAIL: $work/$f.svg is no SVG"; fail=1; fi
done

# save, load: the resumed game goes on as the whole one; single-option windows passed
out="$work/ccn-save.txt"
{ zeros 5; echo "s $work/ccn.sav"; echo q; } | "$play" -r ccn -s S01 -p Coalition > "$out" 2>&1
check "$out" "^choice> saved to $work/ccn.sav \\([0-9]+ bytes, 19 decisions\\); resume with: wg-play -l " "save"
check "$out" '^\(your only option, taken for you: done ordering\)$' "single-option window passed"
zeros 200 | "$play" -l "$work/ccn.sav" -p coalition > "$work/ccn-load.txt" 2>&1
check "$work/ccn-load.txt" "^libwargame .*, scenario S01, resumed from $work/ccn.sav after 19 decisions$" "load"
zeros 205 | "$play" -r ccn -s S01 -p Coalition > "$work/ccn-whole.txt" 2>&1
a=$(sed -n '/=== Result/,$p' "$work/ccn-load.txt")
b=$(sed -n '/=== Result/,$p' "$work/ccn-whole.txt")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: the resumed game ends '$a', the whole game '$b'"; fail=1; }
echo garbage > "$work/bad.sav"
"$play" -l "$work/bad.sav" > "$work/bad.txt" 2>&1 && { echo "FAIL: a corrupt save is accepted"; fail=1; }
check "$work/bad.txt" "^wg-play: $work/bad.sav: corrupt or truncated data: " "corrupt save as one line"

# undo: refused after a draw, with the reason; --practice undoes anyway
{ zeros 11; echo u; echo q; } | "$play" -r ccn -s S01 -p Coalition > "$work/undo.txt" 2>&1
check "$work/undo.txt" '^choice> cannot undo \(not valid in the current state\): undo refused: .*rolled the dice or drew a card' "undo refused with the reason"
{ echo m; zeros 11; echo u; echo q; } | "$play" -r ccn -s S01 -p Coalition --practice > "$work/practice.txt" 2>&1
check "$work/practice.txt" '^choice> taken back: [0-9]+ decisions? undone \(practice: no undo policy\)$' "practice undo"
check "$work/practice.txt" '^choice> +col ABCDEFGHIJKLM$' "lettered columns"
check "$work/practice.txt" 'hexes named column then row, from A1 to M9$' "lettered coordinate legend"
check "$work/practice.txt" ' f forest/ford ' "terrains sharing a letter"

# a table gap: named, entered by hand (a result the rules cannot read is refused first) ...
out="$work/gap-enter.txt"
printf 'e xyz\nfoo\ne dr1\n' | "$play" -q -r lga -s 1805 -S 1 > "$out" 2>&1
check "$out" '^wg-play: table cell not printed and not supplied: the CRT cell for die roll 5 at odds 100-109% is not printed' "gap message"
check "$out" '^  the missing cell: table crt, row 5, column 100-109%$' "the missing cell"
check "$out" "^gap> 'xyz' cannot go there: " "a result the rules cannot read"
check "$out" '^gap> type e RESULT, c or q$' "gap prompt help"
check "$out" '^gap> cell 5 100-109% of crt is now your entry' "cell entered"
check "$out" '^=== Result after [0-9]+ decisions ===$' "the game goes on to its end"
absent "$out" '\(so far\)' "the game stopped early"
# ... or completed: the same game as one created with crt=completion
out="$work/gap-complete.txt"
echo c | "$play" -q -r lga -s 1805 -S 1 > "$out" 2>&1
check "$out" '^gap> supplied 50 unprinted cells from the labelled completion \(crt=completion\)' "completion"
"$play" -q -r lga -s 1805 -S 1 -o crt=completion > "$work/gap-option.txt" 2>&1
a=$(sed -n '/=== Result/,$p' "$out")
b=$(sed -n '/=== Result/,$p' "$work/gap-option.txt")
[ -n "$a" ] && [ "$a" = "$b" ] || { echo "FAIL: completed at the gap '$a', with the option '$b'"; fail=1; }
# ... and the end of input stops there, with an error status
"$play" -q -r lga -s 1805 -S 1 < /dev/null > "$work/gap-eof.txt" 2>&1 && { echo "FAIL: a game stopped at a gap exits 0"; fail=1; }
check "$work/gap-eof.txt" '^end of input: the game stops at the missing cell$' "stop at the end of input"

# --bot: a library bot plays the side(s) the human does not (here both, to the end); a bad spec is
# refused with the library's message and status 2
out="$work/bot.txt"
"$play" -q -r ccn -s S01 -S 3 --bot mcts:20 > "$out" 2>&1 || { echo "FAIL: --bot mcts:20 exited with an error"; fail=1; }
check "$out" '^bot: mcts iterations=20 depth=auto ' "the bot's spec"
check "$out" '^=== Result after [0-9]+ decisions ===$' "a game played by the bot to its end"
out="$work/bot-bad.txt"
"$play" -q -r ccn -s S01 --bot minimax > "$out" 2>&1
[ $? -eq 2 ] || { echo "FAIL: a bad bot spec is not refused with status 2"; fail=1; }
check "$out" "^wg-play: bot spec 'minimax': unknown kind 'minimax'" "bad spec as one line"
out="$work/bot-human.txt"
zeros 40 | "$play" -r ccn -s S01 -S 3 -p 0 -m 60 --bot "mcts iterations=10" > "$out" 2>&1
check "$out" '^you play Coalition against the bot' "a human against the library bot"

[ $fail -eq 0 ] && echo "ok: wg-play help, players, board, names, odds, SVG, save/load, undo, gaps, bots"
exit $fail
