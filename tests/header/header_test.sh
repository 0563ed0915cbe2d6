#!/usr/bin/env bash
# Header test: include/wargame.h alone compiles as strict C11 or as C++17 with warnings as errors.
#   header_test.sh c11|cxx17 COMPILER SOURCE_DIR WORK_DIR
set -euo pipefail
mode=$1 compiler=$2 src=$3 work=$4
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mkdir -p "$work"

if [[ -z "$compiler" || "$compiler" == *NOTFOUND* ]] || ! command -v "$compiler" >/dev/null; then
    echo "FAIL: no compiler for mode $mode ('$compiler'); install g++ (tools/test.sh does)" >&2
    exit 1
fi

case "$mode" in
c11)
    flags=(-std=c11 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
           -Wundef -Wredundant-decls)
    file=$here/header_c.c
    ;;
cxx17)
    flags=(-std=c++17 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wundef -Wredundant-decls)
    file=$here/header_cxx.cpp
    ;;
*)
    echo "FAIL: unknown mode '$mode'" >&2
    exit 2
    ;;
esac

echo "+ $compiler ${flags[*]} -I$src/include -c $(basename "$file")"
"$compiler" "${flags[@]}" -I"$src/include" -c "$file" -o "$work/header_$mode.o"

# The version macros agree with each other: "MAJOR.MINOR.PATCH" == WG_VERSION_STRING.
if [[ "$mode" == c11 ]]; then
    got=$(printf '#include "wargame.h"\nWG_VERSION_MAJOR.WG_VERSION_MINOR.WG_VERSION_PATCH WG_VERSION_STRING\n' |
          "$compiler" -std=c11 -E -P -I"$src/include" -x c - | tail -n 1 | tr -d ' ')
    parts=${got%%\"*}
    str=${got#*\"}; str=${str%\"}
    if [[ "$parts" != "$str" ]]; then
        echo "FAIL: WG_VERSION_STRING \"$str\" does not match the version macros ($parts)" >&2
        exit 1
    fi
    echo "version macros agree: $str"
fi
echo "PASS: include/wargame.h compiles alone as $mode"
