#!/usr/bin/env bash
# Symbol hygiene of libwargame:
#  1. the shared library exports only public symbols: names matching wg_[a-z]* (no wg__ internals,
#     no helpers, no data), besides the version node of lib/wargame.map;
#  2. every function declared WG_API in include/wargame.h is exported, and every exported symbol
#     is declared there (the header is the whole ABI);
#  3. the library imports no I/O, printing, exit/abort, getenv, clock or libc random functions;
#  4. among the sources under lib/, only lib/core/alloc_default.c calls malloc, calloc, realloc,
#     free (or the other libc allocators); everything else allocates through the context.
#
#   symbols.sh LIBWARGAME_SO SOURCE_DIR
set -euo pipefail
lib=$1 src=$2
fail=0
err() { echo "FAIL: $*" >&2; fail=1; }

[[ -f "$lib" ]] || { echo "FAIL: no shared library at $lib" >&2; exit 1; }
command -v nm >/dev/null || { echo "FAIL: nm (binutils) is missing" >&2; exit 1; }

# ---- 1. exported symbols ----
# nm -D prints "ADDRESS TYPE NAME[@@VERSION]"; type A entries are version nodes (WARGAME_0).
version_nodes=$(sed -n 's/^\([A-Za-z_][A-Za-z0-9_]*\)[[:space:]]*{.*/\1/p' "$src/lib/wargame.map" | sort -u)
exports=()
while read -r _addr type name; do
    name=${name%%@*}
    if [[ "$type" == A ]] && grep -qxF "$name" <<<"$version_nodes"; then
        continue
    fi
    exports+=("$name")
    if [[ ! "$name" =~ ^wg_[a-z] ]]; then
        err "exported symbol '$name' (type $type) is not a public wg_ name"
    fi
done < <(nm -D --defined-only "$lib")
if (( ${#exports[@]} == 0 )); then
    err "the library exports nothing"
fi
echo "exported symbols: ${#exports[@]}"

# The static library is linked into the host program and shares its namespace: its global
# symbols are the same public wg_ functions (internal ones, wg__ included, are local).
static=${lib%.so*}.a
if [[ -f "$static" ]]; then
    others=$(nm -g --defined-only "$static" 2>/dev/null | awk 'NF == 3 && ($3 !~ /^wg_[a-z]/) { print $3 }' | sort -u)
    if [[ -n "$others" ]]; then
        err "$(wc -l <<<"$others") global symbols of $(basename "$static") are not public wg_ names:" \
            "$(head -n 20 <<<"$others" | tr '\n' ' ')"
    fi
    sexports=$(nm -g --defined-only "$static" 2>/dev/null | awk 'NF == 3 { print $3 }' | sort -u)
    dexports=$(printf '%s\n' "${exports[@]}" | sort -u)
    if [[ "$sexports" != "$dexports" ]]; then
        err "the static and the shared library define different public symbols:" \
            "$(diff <(echo "$sexports") <(echo "$dexports") | head -n 10 | tr '\n' ' ')"
    fi
    echo "static library global symbols: $(wc -l <<<"$sexports")"
fi

# ---- 2. exports == WG_API declarations of the header ----
# Comments and preprocessor lines are dropped, the text is split into declarations at ';', and
# a declaration "WG_API <type> name(...)" yields the name before its first '('.
cc=${CC:-cc}
command -v "$cc" >/dev/null || cc=gcc
declared=$("$cc" -fpreprocessed -E -P -x c "$src/include/wargame.h" 2>/dev/null | grep -v '^[[:space:]]*#' | tr '\n' ' ' |
           tr ';{}' '\n\n\n' | sed -nE 's/^[[:space:]]*WG_API[^(]*[^A-Za-z0-9_]([A-Za-z_][A-Za-z0-9_]*)[[:space:]]*\(.*/\1/p' |
           sort -u)
exported=$(printf '%s\n' "${exports[@]}" | sort -u)
missing=$(comm -23 <(echo "$declared") <(echo "$exported"))
extra=$(comm -13 <(echo "$declared") <(echo "$exported"))
if [[ -n "$missing" ]]; then
    err "declared WG_API in include/wargame.h but not exported by the library: $(tr "\n" " " <<<"$missing")"
fi
if [[ -n "$extra" ]]; then
    err "exported but not declared in include/wargame.h: $(tr "\n" " " <<<"$extra")"
fi
echo "header declarations: $(grep -c . <<<"$declared")"

# ---- 2b. a pure library: no I/O, no process control, no global state from libc ----
# The library's imports from libc must not include I/O, printing, exiting, environment, clock or
# libc's own random numbers (DESIGN: pure and embeddable, deterministic).
banned='^(f?open|fopen64|fdopen|freopen|fclose|fread|fwrite|fgets|fgetc|getc|getchar|fputs|fputc|putc|putchar|puts|printf|fprintf|vprintf|vfprintf|dprintf|perror|fflush|read|write|close|creat|exit|_exit|_Exit|quick_exit|abort|atexit|system|popen|getenv|setenv|time|clock|clock_gettime|gettimeofday|rand|srand|random|srandom|drand48|signal|raise|setjmp|longjmp|pthread_[a-z_]*|dlopen|dlsym)$'
imports=$(nm -D --undefined-only "$lib" | awk '{ print $NF }' | sed 's/@.*//' | sort -u)
bad=$(grep -E "$banned" <<<"$imports" || true)
if [[ -n "$bad" ]]; then
    err "the library imports I/O, process or global-state functions: $(tr '\n' ' ' <<<"$bad")"
else
    echo "libc imports: $(grep -c . <<<"$imports") (none of them I/O, exit, abort, getenv, time or rand)"
fi

# ---- 3. only the default allocator calls the libc allocator ----
# Comments are removed with the compiler's preprocessor in "preprocessed" mode (no include
# expansion, no macro expansion), then string literals are blanked, then calls are matched:
# a call is the bare name followed by '(' and not preceded by an identifier character, '.' or
# '->' (so wg__free( and ops->free( are not calls of free).
allowed="lib/core/alloc_default.c"
found_allowed=0
nfiles=0
while IFS= read -r -d '' f; do
    rel=${f#"$src"/}
    nfiles=$((nfiles + 1))
    code=$("$cc" -fpreprocessed -dD -E -P -x c "$f" 2>/dev/null) || code=$(cat "$f")
    code=$(sed -E 's/"([^"\\]|\\.)*"/""/g' <<<"$code")
    hits=$(grep -P '(?<![A-Za-z0-9_.>])(malloc|calloc|realloc|free|reallocarray|aligned_alloc|posix_memalign|strdup|strndup|valloc|memalign)\s*\(' <<<"$code" || true)
    if [[ "$rel" == "$allowed" ]]; then
        [[ -n "$hits" ]] && found_allowed=1
        continue
    fi
    if [[ -n "$hits" ]]; then
        err "$rel calls the libc allocator (only $allowed may):"
        sed 's/^/    /' <<<"$hits" >&2
    fi
done < <(find "$src/lib" -type f \( -name '*.c' -o -name '*.h' \) -print0 | sort -z)
if (( found_allowed == 0 )); then
    err "$allowed does not call the libc allocator (the check would not see a call: is the pattern right?)"
fi
echo "lib/ sources scanned: $nfiles"

if (( fail )); then
    exit 1
fi
echo "PASS: symbol hygiene"
