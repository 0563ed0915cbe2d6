#!/usr/bin/env bash
# Writes the ABI baseline abi/libwargame.abi from a fresh build of the shared library.
#
#   bash tools/abi-update.sh            build in build-abi/ (RelWithDebInfo, library only), then abidw
#   bash tools/abi-update.sh BUILD_DIR  use the libwargame.so of an existing build (needs -g)
#
# Run it when the ABI changes on purpose (a function added or changed in include/wargame.h),
# then commit abi/libwargame.abi together with a CHANGELOG.md entry saying what changed.  The
# ctest `abi_baseline` (tests/abi/abi_check.sh) compares every build against this file.
# Before writing, the differences from the old baseline are printed.  Installs abigail-tools
# when missing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$WG_ROOT"

wg_need_packages "${WG_BUILD_PACKAGES[@]}" abigail-tools

baseline=abi/libwargame.abi
if (( $# >= 1 )); then
    dir=$1
else
    dir=build-abi
    wg_log "configure $dir (library only, with debug information)"
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DWG_SANITIZE=OFF -DWG_BUILD_TESTS=OFF \
        -DWG_BUILD_DOCS=OFF -DWG_BUILD_BINDINGS=OFF -DWG_BUILD_EXAMPLES=OFF -DWG_BUILD_BENCH=OFF
    wg_log "build the shared library"
    cmake --build "$dir" -j"$WG_JOBS" --target wargame
fi

# The real file behind libwargame.so (libwargame.so.MAJOR.MINOR.PATCH).
so=$(find "$dir" -maxdepth 2 -name 'libwargame.so' | head -n 1)
[[ -n "$so" ]] || wg_die "no libwargame.so under $dir"
so=$(readlink -f "$so")
readelf -S "$so" | grep -q '\.debug_info' ||
    wg_die "$so has no debug information (build with -g, e.g. CMAKE_BUILD_TYPE=RelWithDebInfo)"

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Only the types of the public header, no paths of this machine, no source locations.
abidw --no-corpus-path --no-comp-dir-path --no-show-locs \
    --headers-dir include --drop-private-types --out-file "$tmp" "$so"

if [[ -f "$baseline" ]]; then
    wg_log "changes from the previous baseline"
    if abidiff --no-show-locs "$baseline" "$tmp"; then
        echo "(none: the ABI is unchanged)"
    fi
fi

mkdir -p abi
chmod 644 "$tmp"
mv "$tmp" "$baseline"
trap - EXIT
# The new baseline must compare equal to the library exactly as the ctest does.
bash tests/abi/abi_check.sh "$(command -v abidiff)" "$so" "$WG_ROOT" ||
    wg_die "the new baseline does not compare equal to $so"
wg_log "wrote $baseline from $so ($(grep -c '<elf-symbol ' "$baseline") symbols)"
echo "Commit it, and describe the ABI change in CHANGELOG.md."
