#!/bin/sh
# `luarocks make` of bindings/lua/wargame-0.1.0-1.rockspec from a copy of the tree into a local rocks
# tree (no network, no system change), for Lua 5.4 (wgffi) and for Lua 5.1 (the tree LuaJIT reads);
# then the installed rock plays a few decisions under lua5.4 and luajit.  libwargame is found the
# way an installed system library is, through the loader's path (LD_LIBRARY_PATH here): no
# WARGAME_LIBRARY.
#   luarocks_make_test.sh LUAROCKS SOURCE_DIR LIBWARGAME WORK_DIR LUA54|"" LUAJIT|""
# Exit 77 (skipped) without luarocks (Debian: luarocks, liblua5.4-dev, liblua5.1-dev).
set -u
luarocks=$1 src=$2 lib=$3 work=$4 lua54=${5:-} luajit=${6:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v "$luarocks" >/dev/null 2>&1 || { echo "no luarocks: skipped"; exit 77; }
libdir=$(dirname "$lib")

rm -rf "$work"
mkdir -p "$work/src/bindings/lua" "$work/home" || exit 1
cp "$src/bindings/lua/wargame.lua" "$src/bindings/lua/wargame_decl.lua" "$src/bindings/lua/wgffi.c" \
   "$src"/bindings/lua/*.rockspec "$work/src/bindings/lua/" || fail "copying the sources"
rockspec=$(cd "$work/src" && ls bindings/lua/*.rockspec)
tree=$work/tree
export HOME="$work/home"    # luarocks keeps its cache and config under $HOME
unset WARGAME_LIBRARY LUA_PATH LUA_CPATH LUA_INIT LUA_PATH_5_4 LUA_CPATH_5_4 LUA_INIT_5_4

make_for() { # make_for LUA_VERSION
    echo "---- luarocks --lua-version $1 make --tree $tree $rockspec"
    # (a sanitizer runtime preloaded for the library's tests stays out of luarocks and the compiler)
    (cd "$work/src" && unset LD_PRELOAD && "$luarocks" --lua-version "$1" make --tree "$tree" "$rockspec" \
        WARGAME_LIBDIR="$libdir" WARGAME_INCDIR="$src/include") || fail "luarocks make for Lua $1"
}

cat >"$work/play.lua" <<'LUA'
local w = require "wargame"
local src = debug.getinfo(w.context, "S").source
assert(src:find(arg[1], 1, true), "wargame.lua came from " .. src)
local ctx = w.context()
local g = ctx:new_game("marechaux", "1808", nil, 3)
for _ = 1, 200 do if g:is_over() then break end g:bot_step() end
print(w.backend .. " " .. w.library .. ": step " .. g:step_count() .. ", " .. g:result_text())
g:close() ctx:close()
LUA

ran=0
if [ -n "$lua54" ]; then
    make_for 5.4
    [ -f "$tree/lib/lua/5.4/wgffi.so" ] || fail "the rock has no lib/lua/5.4/wgffi.so"
    (cd "$work" && LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        LUA_PATH="$tree/share/lua/5.4/?.lua;;" LUA_CPATH="$tree/lib/lua/5.4/?.so;;" \
        "$lua54" play.lua "$tree/share/lua/5.4") || fail "lua5.4 with the rock"
    ran=1
fi
if [ -n "$luajit" ]; then
    make_for 5.1
    (cd "$work" && LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
        LUA_PATH="$tree/share/lua/5.1/?.lua;;" LUA_CPATH="$tree/lib/lua/5.1/?.so;;" \
        "$luajit" play.lua "$tree/share/lua/5.1") || fail "luajit with the rock"
    ran=1
fi
[ "$ran" -eq 1 ] || { echo "no Lua interpreter: skipped"; exit 77; }
echo "PASS: luarocks make"
