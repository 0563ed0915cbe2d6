#!/bin/sh
# The Lua module after `cmake --install`: installed into a temporary prefix, the prefix is moved, and
# only LUA_PATH / LUA_CPATH name the moved prefix's standard directories (share/lua/5.x, lib/lua/5.4):
# no WARGAME_LIBRARY.  A game is played to its end with lua5.4 (wgffi) and with luajit (ffi); the
# module must have loaded the library of the moved prefix.  Lua 5.4 also finds wgffi without
# LUA_CPATH (next to the module, by wargame_site.lua).
#   lua_install_test.sh CMAKE BUILD_DIR WORK_DIR LUA54|"" LUAJIT|""
# Exit 77 (skipped) when neither interpreter is given.
set -u
cmake=$1 build=$2 work=$3 lua54=${4:-} luajit=${5:-}
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -n "$lua54$luajit" ] || { echo "no Lua interpreter: skipped"; exit 77; }

rm -rf "$work"
mkdir -p "$work" || exit 1
stage=$work/stage
moved=$work/moved/prefix
(unset LD_PRELOAD; "$cmake" --install "$build" --prefix "$stage") >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "cmake --install"; }
for f in share/lua/5.1/wargame.lua share/lua/5.1/wargame_decl.lua share/lua/5.1/wargame_site.lua; do
    [ -f "$stage/$f" ] || fail "not installed: $f"
done
if [ -n "$lua54" ]; then
    for f in share/lua/5.4/wargame.lua share/lua/5.4/wargame_decl.lua share/lua/5.4/wargame_site.lua lib/lua/5.4/wgffi.so; do
        [ -f "$stage/$f" ] || fail "not installed: $f"
    done
fi
mkdir -p "$(dirname "$moved")"
mv "$stage" "$moved" || fail "moving the prefix"
echo "installed, then moved to $moved"

# The game: bot against bot to the end (or 3000 decisions); prints the library loaded and the result.
cat >"$work/play.lua" <<'LUA'
local w = require "wargame"
local prefix = arg[1]
local function real(p) local f = io.popen("readlink -f '" .. p .. "'"); local r = f:read("*l"); f:close(); return r end
assert(real(w.library):sub(1, #real(prefix)) == real(prefix),
       "the module loaded " .. tostring(w.library) .. ", not the library of " .. prefix)
local src = debug.getinfo(w.context, "S").source
assert(src:find(prefix, 1, true), "wargame.lua came from " .. src)
local ctx = w.context()
local game = ctx:new_game("lga", "1805", "crt=completion", 7)
local steps = 0
while not game:is_over() and steps < 3000 do game:bot_step(); steps = steps + 1 end
print(("%s on %s: %d decisions, %s"):format(w.backend, w.library, steps, game:result_text()))
game:close(); ctx:close()
LUA

unset WARGAME_LIBRARY LUA_PATH LUA_CPATH LUA_PATH_5_4 LUA_CPATH_5_4 LUA_INIT LUA_INIT_5_4
# Nothing of the build tree may be reachable: run from the work directory, without the build's library path.
unset LD_LIBRARY_PATH
cd "$work" || exit 1
if [ -n "$lua54" ]; then
    LUA_PATH="$moved/share/lua/5.4/?.lua;;" LUA_CPATH="$moved/lib/lua/5.4/?.so;;" \
        "$lua54" play.lua "$moved" || fail "lua5.4 with LUA_PATH and LUA_CPATH of the moved prefix"
    LUA_PATH="$moved/share/lua/5.4/?.lua;;" "$lua54" -e '
        local w = require "wargame"
        assert(w.backend == "wgffi")
        print("lua5.4 without LUA_CPATH: " .. w.version())' || fail "lua5.4 with LUA_PATH only"
fi
if [ -n "$luajit" ]; then
    LUA_PATH="$moved/share/lua/5.1/?.lua;;" LUA_CPATH="$moved/lib/lua/5.1/?.so;;" \
        "$luajit" play.lua "$moved" || fail "luajit with LUA_PATH of the moved prefix"
fi
echo "PASS: the Lua module of a moved prefix"
