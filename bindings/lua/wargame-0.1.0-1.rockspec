-- LuaRocks package of the wargame Lua bindings (libwargame must be installed: pkg-config wargame).
-- Under LuaJIT the module uses the built-in ffi; under Lua 5.4 it uses the libffi core wgffi built here.
rockspec_format = "3.0"
package = "wargame"
version = "0.1.0-1"
source = {
  url = "git+file:///work/main",
  tag = "v0.1.0",
}
description = {
  summary = "Lua bindings of libwargame, a referee engine for Napoleonic wargames",
  detailed = [[
    One Lua API on two back ends: LuaJIT's ffi, or a small libffi core for Lua 5.4.
    The declarations are generated from include/wargame.h (bindings/gen/wggen.py).
  ]],
  license = "see the libwargame distribution",
}
dependencies = {
  "lua >= 5.1",
}
external_dependencies = {
  -- a library check: Debian's ffi.h is in a multiarch include directory the compiler knows
  LIBFFI = { library = "ffi" },
  WARGAME = { library = "wargame" },
}
build = {
  type = "builtin",
  modules = {
    wargame = "bindings/lua/wargame.lua",
    wargame_decl = "bindings/lua/wargame_decl.lua",
    wgffi = {
      sources = { "bindings/lua/wgffi.c" },
      libraries = { "ffi", "dl" },
      libdirs = { "$(LIBFFI_LIBDIR)" },
    },
  },
}
