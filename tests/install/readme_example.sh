#!/usr/bin/env bash
# The C example of README.md (its first ```c block) is real: it is compiled against the library
# installed into a temporary prefix, with the flags `pkg-config --cflags --libs wargame` gives,
# and it must run to the end and print the result.
#
#   readme_example.sh CMAKE BUILD_DIR SOURCE_DIR CC LIBDIR "EXTRA_CFLAGS" WORK_DIR
set -euo pipefail
cmake=$1 build=$2 src=$3 cc=$4 libdir_rel=$5 extra=$6 work=$7
read -r -a xflags <<<"$extra"
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
awk '/^```c[[:space:]]*$/ { on = 1; next } on && /^```/ { exit } on { print }' "$src/README.md" >"$work/example.c"
[[ -s "$work/example.c" ]] || fail "README.md has no \`\`\`c block"
echo "README example: $(wc -l <"$work/example.c") lines"

"$cmake" --install "$build" --prefix "$work/prefix" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }
export PKG_CONFIG_PATH=$work/prefix/$libdir_rel/pkgconfig
read -r -a pc <<<"$(pkg-config --cflags --libs wargame)"
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "${xflags[@]}" "$work/example.c" "${pc[@]}" -o "$work/example" ||
    fail "the README example does not compile"

rc=0
LD_LIBRARY_PATH=$work/prefix/$libdir_rel timeout 540 "$work/example" >"$work/out.txt" 2>&1 || rc=$?
echo "output: $(wc -l <"$work/out.txt") lines; first and last lines:"
head -n 5 "$work/out.txt"
echo "..."
tail -n 5 "$work/out.txt"
(( rc == 0 )) || fail "the README example exited with status $rc"
tail -n 1 "$work/out.txt" | grep -q '^result: .' || fail "the README example did not print the result last"
echo "PASS: the README example builds against the installed library and plays to the end"
