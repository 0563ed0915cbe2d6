#!/usr/bin/env bash
# Install + packaging test:
#  - `cmake --install` of the build tree into a temporary prefix puts the header, the shared library
#    (SONAME libwargame.so.<MAJOR>), the static library, wargame.pc and the CMake package in place;
#  - the installed tree is then moved elsewhere, which proves wargame.pc and the CMake package are
#    prefix-relative;
#  - tests/install/consumer.c is built and run three ways: with `pkg-config --cflags --libs wargame`,
#    statically against libwargame.a, and by a CMake project using find_package(wargame) and
#    wargame::wargame (plus wargame::wargame_static);
#  - wg-play (when the examples are built) is installed in bin/ with the RUNPATH $ORIGIN/../<libdir>
#    and runs from the moved prefix without LD_LIBRARY_PATH, loading the moved library.
#
#   install_test.sh CMAKE BUILD_DIR SOURCE_DIR CC LIBDIR MAJOR "EXTRA_CFLAGS" WORK_DIR
set -euo pipefail
cmake=$1 build=$2 src=$3 cc=$4 libdir_rel=$5 major=$6 extra=$7 work=$8
here=$src/tests/install
read -r -a xflags <<<"$extra"

step() { echo "---- $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v pkg-config >/dev/null || fail "pkg-config is missing (tools/test.sh installs it)"
command -v readelf >/dev/null || fail "readelf (binutils) is missing"

rm -rf "$work"
mkdir -p "$work"
stage=$work/stage
moved=$work/relocated/usr-like

step "cmake --install into $stage"
"$cmake" --install "$build" --prefix "$stage" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }

libdir=$stage/$libdir_rel
for f in "$stage/include/wargame.h" "$libdir/libwargame.so" "$libdir/libwargame.so.$major" "$libdir/libwargame.a" \
         "$libdir/pkgconfig/wargame.pc" "$libdir/cmake/wargame/wargameConfig.cmake" \
         "$libdir/cmake/wargame/wargameConfigVersion.cmake" "$libdir/cmake/wargame/wargameTargets.cmake"; do
    [[ -e "$f" ]] || fail "not installed: ${f#"$stage"/}"
done
cmp -s "$stage/include/wargame.h" "$src/include/wargame.h" || fail "the installed wargame.h differs from include/wargame.h"
echo "installed: include/wargame.h, libwargame.so, libwargame.so.$major, libwargame.a, wargame.pc, CMake package"

step "SONAME"
soname=$(readelf -d "$libdir/libwargame.so" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[[ "$soname" == "libwargame.so.$major" ]] || fail "SONAME is '$soname', expected libwargame.so.$major"
echo "SONAME $soname"
ar t "$libdir/libwargame.a" | grep -q '\.o$' || fail "libwargame.a holds no object"

step "wargame.pc is prefix-relative"
if grep -qF "$stage" "$libdir/pkgconfig/wargame.pc"; then
    cat "$libdir/pkgconfig/wargame.pc"
    fail "wargame.pc names the install prefix literally"
fi
grep -q '^prefix=\${pcfiledir}/' "$libdir/pkgconfig/wargame.pc" || fail "wargame.pc prefix is not \${pcfiledir}-relative"

play_built=0
if [[ -x "$build/examples/wg-play" ]]; then
    play_built=1
    [[ -x "$stage/bin/wg-play" ]] || fail "not installed: bin/wg-play"
    runpath=$(readelf -d "$stage/bin/wg-play" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\].*/\2/p')
    [[ "$runpath" == *'$ORIGIN/../'"$libdir_rel"* ]] || fail "bin/wg-play has the RUNPATH '$runpath', not \$ORIGIN/../$libdir_rel"
    echo "installed: bin/wg-play (RUNPATH $runpath)"
fi

step "relocate the installed tree to $moved"
mkdir -p "$(dirname "$moved")"
mv "$stage" "$moved"
libdir=$moved/$libdir_rel
export PKG_CONFIG_PATH=$libdir/pkgconfig
unset PKG_CONFIG_SYSROOT_DIR

step "pkg-config"
version=$(pkg-config --modversion wargame) || fail "pkg-config does not find wargame"
cflags=$(pkg-config --cflags wargame)
libs=$(pkg-config --libs wargame)
echo "pkg-config --modversion: $version"
echo "pkg-config --cflags --libs: $cflags $libs"
[[ "$version" == "$major".* ]] || fail "pkg-config version $version does not start with $major."
incdir=$(pkg-config --variable=includedir wargame)
pclibdir=$(pkg-config --variable=libdir wargame)
[[ -f "$incdir/wargame.h" ]] || fail "pkg-config includedir $incdir has no wargame.h after relocation"
[[ -f "$pclibdir/libwargame.so" ]] || fail "pkg-config libdir $pclibdir has no libwargame.so after relocation"
[[ "$(cd "$incdir" && pwd -P)" == "$(cd "$moved/include" && pwd -P)" ]] || fail "includedir $incdir is not in the relocated tree"

step "consumer built with pkg-config (shared)"
read -r -a pcflags <<<"$cflags $libs"
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "${xflags[@]}" "$here/consumer.c" "${pcflags[@]}" \
    -o "$work/consumer_pc" || fail "compiling consumer.c with pkg-config flags"
readelf -d "$work/consumer_pc" | grep -q "NEEDED.*\[libwargame.so.$major\]" ||
    fail "consumer_pc does not depend on libwargame.so.$major"
LD_LIBRARY_PATH=$pclibdir "$work/consumer_pc" || fail "consumer_pc failed"
resolved=$(LD_LIBRARY_PATH=$pclibdir ldd "$work/consumer_pc" | sed -n 's/.*libwargame\.so\.[0-9]* => \([^ ]*\).*/\1/p')
[[ "$(readlink -f "$resolved")" == "$(readlink -f "$pclibdir/libwargame.so.$major")" ]] ||
    fail "consumer_pc loaded $resolved instead of the installed library"

step "consumer built with pkg-config --static (libwargame.a)"
read -r -a sLflags <<<"$(pkg-config --static --libs-only-L wargame)"
read -r -a sother <<<"$(pkg-config --static --libs-only-l wargame | sed 's/-lwargame//')"
"$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "${xflags[@]}" "$here/consumer.c" $cflags "${sLflags[@]}" \
    -Wl,-Bstatic -lwargame -Wl,-Bdynamic "${sother[@]}" -o "$work/consumer_static" ||
    fail "linking consumer.c statically"
if readelf -d "$work/consumer_static" | grep -q 'NEEDED.*libwargame'; then
    fail "consumer_static still needs the shared library"
fi
"$work/consumer_static" || fail "consumer_static failed"

step "consumer built by a CMake project with find_package(wargame)"
"$cmake" -S "$here/cmake-consumer" -B "$work/cmake-consumer" -DCMAKE_PREFIX_PATH="$moved" \
    -DCMAKE_C_COMPILER="$cc" -DCONSUMER_SOURCE="$here/consumer.c" \
    -DCMAKE_C_FLAGS="$extra -Wall -Wextra -Werror" -DCMAKE_EXE_LINKER_FLAGS="$extra" \
    >"$work/cmake-consumer.log" 2>&1 || { cat "$work/cmake-consumer.log"; fail "configuring the CMake consumer"; }
"$cmake" --build "$work/cmake-consumer" >>"$work/cmake-consumer.log" 2>&1 ||
    { cat "$work/cmake-consumer.log"; fail "building the CMake consumer"; }
[[ -x "$work/cmake-consumer/consumer_static" ]] || fail "wargame::wargame_static is not exported"
"$work/cmake-consumer/consumer" || fail "CMake consumer (wargame::wargame) failed"
"$work/cmake-consumer/consumer_static" || fail "CMake consumer (wargame::wargame_static) failed"
resolved=$(ldd "$work/cmake-consumer/consumer" | sed -n 's/.*libwargame\.so\.[0-9]* => \([^ ]*\).*/\1/p')
[[ "$(readlink -f "$resolved")" == "$(readlink -f "$libdir/libwargame.so.$major")" ]] ||
    fail "the CMake consumer loaded '$resolved' instead of the relocated installed library"

if [[ $play_built -eq 1 ]]; then
    step "wg-play from the moved prefix"
    env -u LD_LIBRARY_PATH "$moved/bin/wg-play" --help >"$work/wg-play-help.txt" 2>&1 ||
        { cat "$work/wg-play-help.txt"; fail "the installed wg-play --help failed from the moved prefix"; }
    grep -q '^rulesets, scenarios' "$work/wg-play-help.txt" || fail "the installed wg-play --help lists no rulesets"
    resolved=$(env -u LD_LIBRARY_PATH ldd "$moved/bin/wg-play" | sed -n 's/.*libwargame\.so\.[0-9]* => \([^ ]*\).*/\1/p')
    [[ "$(readlink -f "$resolved")" == "$(readlink -f "$libdir/libwargame.so.$major")" ]] ||
        fail "the installed wg-play loaded '$resolved' instead of the relocated library"
    if grep -q '^  ccn ' "$work/wg-play-help.txt"; then
        env -u LD_LIBRARY_PATH "$moved/bin/wg-play" -q -r ccn -s S05 -S 5 >"$work/wg-play-game.txt" 2>&1 ||
            { tail -5 "$work/wg-play-game.txt"; fail "the installed wg-play could not play a game"; }
        grep -q '^=== Result after [0-9]* decisions ===$' "$work/wg-play-game.txt" || fail "the installed wg-play printed no result"
    fi
    echo "wg-play runs from the moved prefix with $(readlink -f "$resolved")"
fi

echo "PASS: install, SONAME, relocatable pkg-config and CMake package"
