#!/bin/sh
# Rebuilds the committed seed corpus fuzz/corpus/<target>/ from the bundled data files (data/**),
# the documents in the docs (doc/*.md code blocks that start with a 'wgdata 1' header), a few
# hand-written edge cases, and the saved games and decision sequences written by
# wgfuzz_gen_corpus (random bot games of every bundled scenario).
#   fuzz/make_corpus.sh BUILD_DIR [OUT_DIR]   (BUILD_DIR: a build of the project with the tests enabled;
#                                             OUT_DIR: default fuzz/corpus)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${1:?usage: make_corpus.sh BUILD_DIR}
out=${2:-$here/corpus}
cmake --build "$build" --target wgfuzz_gen_corpus >/dev/null
# regress-* inputs (of fixed bugs, added by hand) are kept
[ -d "$out" ] && find "$out" -type f ! -name 'regress-*' -delete
mkdir -p "$out/data" "$out/map" "$out/table" "$out/oob" "$out/load" "$out/game"

# bundled data files: every one seeds the parser, each kind seeds its loader
for f in "$root"/data/*/*.wgd; do
    name=$(basename "$(dirname "$f")")-$(basename "$f" .wgd)
    cp "$f" "$out/data/$name.wgd"
    kind=$(grep -m1 '^wgdata 1 ' "$f" | awk '{print $3}')
    case $kind in
        map) cp "$f" "$out/map/$name.wgd" ;;
        table) cp "$f" "$out/table/$name.wgd" ;;
    esac
done

# documents quoted in the docs
for md in "$root"/doc/*.md "$root"/README.md; do
    [ -f "$md" ] || continue
    # a block counts when its first line that is not a comment is a 'wgdata 1' header
    awk -v dir="$out/data" -v stem="doc-$(basename "$md" .md)" '
        /^```/ {
            if (inblock) {
                inblock = 0
                if (keep) { n++; file = dir "/" stem "-" n ".wgd"; printf "%s", text > file; close(file) }
            } else { inblock = 1; decided = 0; keep = 0; text = "" }
            next
        }
        inblock {
            text = text $0 "\n"
            if (!decided && $0 !~ /^#/) { decided = 1; keep = ($0 ~ /^wgdata 1 /) }
        }
    ' "$md"
done
for f in "$out"/data/doc-*.wgd; do
    kind=$(grep -m1 '^wgdata 1 ' "$f" | awk '{print $3}')
    case $kind in
        map|table|oob) cp "$f" "$out/$kind/$(basename "$f")" ;;
    esac
done

# hand-written edge cases of the line syntax
printf '\357\273\277wgdata 1 x\r\nrec "a b" "q\\"uote" a"b"c #5 ## comment\r\n' >"$out/data/edge-bom-crlf.wgd"
printf '# lead comment\n\nwgdata 1 k\nr \t "" "\\\\" "\\n" \xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\n' >"$out/data/edge-utf8.wgd"
printf 'wgdata 1 k\nr "unterminated\n' >"$out/data/edge-unterminated.wgd"
printf 'wgdata 01 k\n' >"$out/data/edge-version.wgd"
printf 'wgdata 1 oob\nunit 0 "I Corps" strength=9 ma=4\nunit 1 Kutuzov "strength=11" ma=-3 x=9223372036854775807\nunit 2147483647 z y=-9223372036854775808\n' >"$out/oob/units.wgd"
printf 'wgdata 1 oob\nunit 0 a k=1 k=2\n' >"$out/oob/dup-key.wgd"
printf 'wgdata 1 oob\nleader 0 x\n' >"$out/oob/bad-keyword.wgd"
printf 'wgdata 1 table\nname t\nrows 3\ncols a b\ncell #0 a X\ncell #2 #1 Y\n%%%%\nwgdata 1 table\ncell #1 a X\ncell #0 #1 Z\n' >"$out/table/load-supply.wgd"
printf 'wgdata 1 table\nname crt\nrows 1 2 3 4 5 6\ncols 1:2 1:1 2:1 3:1 "4:1" 5:1\ncodes AE AR EX DR DE\ncell 2 1:2 DE\ncell 1 1:2 AR\n' >"$out/table/supply-base.wgd"
printf 'wgdata 1 table\nname crt\ncell 1 1:2 DE\n' >"$out/table/supply-printed.wgd"
{ cat "$out/table/supply-base.wgd"; printf '%%%%\n'; cat "$root/data/lga/crt-completion.wgd"; } >"$out/table/load-then-completion.wgd"

# saved games and decision sequences of every bundled scenario
"$build/tests/wgfuzz_gen_corpus" "$out"

echo "corpus: $(find "$out" -type f | wc -l) files, $(du -sh "$out" | cut -f1)"
for d in "$out"/*; do echo "  $(basename "$d"): $(ls "$d" | wc -l)"; done
