#!/bin/sh
# Builds the WebAssembly module of the browser front end with Emscripten (Debian: emscripten) and
# gathers the site in BUILD-DIR/web (the page, its scripts, wargame_module.js and .wasm).
#
#   sh examples/web/build.sh [BUILD-DIR]        (default: build-wasm at the top of the source tree)
#
# Extra arguments after BUILD-DIR go to the configure step (e.g. -DWG_WERROR=ON).
set -eu
src=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-"$src/build-wasm"}
[ $# -gt 0 ] && shift
command -v emcmake >/dev/null 2>&1 || { echo "build.sh: emcmake not found (Debian: apt-get install emscripten)" >&2; exit 1; }
emcmake cmake -S "$src" -B "$out" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$out" --target web -j"${WG_JOBS:-2}"
echo "build.sh: the site is in $out/web (serve it: python3 -m http.server -d '$out/web' -b 127.0.0.1 8000)"
