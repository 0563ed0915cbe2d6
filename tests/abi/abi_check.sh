#!/usr/bin/env bash
# ABI test: the shared library just built has exactly the ABI recorded in abi/libwargame.abi
# (an `abidw` baseline written by tools/abi-update.sh).  Any change -- a function added, removed
# or changed, an enum value changed -- fails; an intended change regenerates the baseline with
# tools/abi-update.sh and says so in CHANGELOG.md.
#
#   abi_check.sh ABIDIFF LIBWARGAME_SO SOURCE_DIR
set -euo pipefail
abidiff=$1 lib=$2 src=$3
baseline=$src/abi/libwargame.abi

if [[ -z "$abidiff" || "$abidiff" == *NOTFOUND* ]] || ! command -v "$abidiff" >/dev/null; then
    echo "FAIL: abidiff is not installed (Debian package abigail-tools; tools/test.sh installs it)," \
         "so the ABI cannot be checked" >&2
    exit 1
fi
if [[ ! -f "$baseline" ]]; then
    echo "FAIL: no ABI baseline at abi/libwargame.abi; create it with: bash tools/abi-update.sh" >&2
    exit 1
fi

# The options must match those tools/abi-update.sh gives abidw: only the types of the public
# header count, and the comparison needs the debug information of the library.
rc=0
"$abidiff" --fail-no-debug-info --no-show-locs \
    --headers-dir2 "$src/include" --drop-private-types \
    "$baseline" "$lib" || rc=$?
if (( rc != 0 )); then
    echo >&2
    echo "FAIL: the ABI of $(basename "$lib") differs from abi/libwargame.abi (abidiff status $rc:" \
         "1 error, 2 usage, 4 ABI change, 8 incompatible change)." >&2
    echo "If the change is intended, run 'bash tools/abi-update.sh', commit abi/libwargame.abi and" \
         "record the change in CHANGELOG.md." >&2
    exit 1
fi
echo "PASS: the ABI matches abi/libwargame.abi"
