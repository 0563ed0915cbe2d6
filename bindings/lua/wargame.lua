--- wargame: Lua bindings of libwargame, a referee engine for Napoleonic wargames.
--
-- One API on two back ends: LuaJIT's built-in ffi, or (Lua 5.4) the small
-- libffi core `wgffi` of this directory.  Both call the library through the
-- signature table generated from include/wargame.h (wargame_decl.lua).
--
--   local wargame = require "wargame"
--   local ctx = wargame.context()
--   local game = ctx:new_game("lga", "1805", nil, 7)
--   for opt in game:options() do print(opt.index, opt.label) end
--   game:choose(0)
--
-- Failing calls raise a Lua error whose value is a table
-- { status = <negative code>, name = "WG_E...", message = <the library's
-- words>, func = <C function> } that converts to a readable string.  A
-- closed handle raises instead of crashing.  Every function of the header is
-- reachable as a method of the handle it takes (map:declare_terrain("wood")
-- calls wg_map_declare_terrain; game:lga_attack_odds(0) calls wg_lga_attack_odds) or as a module
-- function when it takes none
-- (wargame.hex_distance(0, 0, 2, -1)).  The library is found through the
-- environment variable WARGAME_LIBRARY, then relative to this file when it was
-- installed by `cmake --install` (wargame_site.lua, next to it, gives the path
-- to the prefix's library directory and to wgffi), then the system's library
-- path.  wargame.library is the path or name that was loaded.

local M = {}
local unpack_ = table.unpack or unpack
local function script_dir()
  local src = debug.getinfo(1, "S").source
  return src:sub(1, 1) == "@" and (src:match("^@(.*)[/\\]") or ".") or "."
end

local D
do
  local ok, decl = pcall(require, "wargame_decl")
  if not ok then decl = dofile(script_dir() .. "/wargame_decl.lua") end
  D = decl
end
M.decl = D

-- wargame_site.lua, written next to this file by `cmake --install`: { libdir, library, cdir }, the
-- directories relative to this file's.
local MODDIR = script_dir()
local SITE
do
  local chunk = loadfile(MODDIR .. "/wargame_site.lua")
  if chunk then
    local good, t = pcall(chunk)
    if good and type(t) == "table" then SITE = t end
  end
end
local function readable(path)
  local f = io.open(path, "rb")
  if f then f:close() end
  return f ~= nil
end
--- The file `name` in the directory `rel` (relative to this file's) when it exists.
local function site_file(rel, name)
  if type(rel) ~= "string" or type(name) ~= "string" or name == "" then return nil end
  local path = MODDIR .. "/" .. (rel ~= "" and rel .. "/" or "") .. name
  if readable(path) then return path end
  return nil
end

local libpath = os.getenv("WARGAME_LIBRARY")
if libpath == "" then libpath = nil end
if not libpath and SITE then libpath = site_file(SITE.libdir, SITE.library) end
local SONAME = "libwargame.so." .. tostring(D.constants.WG_VERSION_MAJOR or 0)

-- ------------------------------------------------------------------ back ends

local B = {}   -- fn[name] = raw caller; close/isopen/typename/children on handles

local FUNCS = {}
for _, spec in ipairs(D.functions) do FUNCS[spec[1]] = spec end

local function is_out(k)
  return k == "buf" or k == "count" or k == "outs" or k == "inlen" or k:match("^out:") or k:match("^arr:")
      or k:match("^outh:") or k:match("^outhb:")
end

local has_ffi, ffi = pcall(require, "ffi")
if rawget(_G, "jit") and has_ffi then
  ------------------------------------------------------------------ LuaJIT ffi
  M.backend = "luajit-ffi"
  ffi.cdef(D.cdef)
  local C
  if libpath then
    C = ffi.load(libpath)
  else
    local good, lib = pcall(ffi.load, SONAME)
    if good then C = lib else C = ffi.load("wargame"); libpath = "wargame" end
  end
  B.clib = C
  local CT = {
    char = "char", schar = "signed char", uchar = "unsigned char", short = "short", ushort = "unsigned short",
    int = "int", unsigned = "unsigned int", long = "long", ulong = "unsigned long", longlong = "long long",
    ulonglong = "unsigned long long", float = "float", double = "double", bool = "bool", size_t = "size_t",
    int8_t = "int8_t", uint8_t = "uint8_t", int16_t = "int16_t", uint16_t = "uint16_t", int32_t = "int32_t",
    uint32_t = "uint32_t", int64_t = "int64_t", uint64_t = "uint64_t", intptr_t = "intptr_t",
    uintptr_t = "uintptr_t",
  }
  local ARR = {}
  local function arrtype(tok)
    local t = ARR[tok]
    if not t then t = ffi.typeof(CT[tok] .. "[?]"); ARR[tok] = t end
    return t
  end
  local TWO53 = 2 ^ 53
  local u64 = ffi.typeof("uint64_t")
  local function num(v)
    if type(v) == "cdata" then
      if ffi.istype(u64, v) then
        if v <= TWO53 then return tonumber(v) end
      elseif v <= TWO53 and v >= -TWO53 then
        return tonumber(v)
      end
    end
    return v
  end
  local voidp = ffi.typeof("void *")

  -- handle state (no cdata inside, so finalizers can hold it without keeping the pointer alive)
  local function usable(st)
    if st.closed or st.freed then return false end
    if not st.owned and st.parent then return usable(st.parent) end
    return true
  end
  local free_now
  free_now = function(st, p)
    if st.freed or not st.owned then return end
    ffi.gc(p, nil)
    local rc = C[st.free](p)
    if st.free_status and rc ~= 0 then return end
    st.freed = true
    local root = st.root
    st.root = nil
    if root then
      root.children = root.children - 1
      if root.closed and root.children == 0 and root.busy == 0 and root.pending then
        local rp = root.pending
        root.pending = nil
        free_now(root, rp)
      end
    end
  end
  local function finalizer(st)
    return function(p)
      st.closed = true
      if st.children > 0 then st.pending = ffi.cast(voidp, p) else free_now(st, p) end
    end
  end
  local PTRTYPE = {}
  for t in pairs(D.handles) do PTRTYPE[t] = ffi.typeof(t .. " *") end
  local HANDLE = {}
  HANDLE.__index = HANDLE
  HANDLE.__tostring = function(h) return h.st.type .. (usable(h.st) and "" or " (closed)") end
  local function new_handle(tname, p, owned, parent)
    local hinfo = D.handles[tname]
    local st = { type = tname, owned = owned, children = 0, busy = 0, free = hinfo.free,
                 free_status = hinfo.free_status }
    if parent then
      if owned then
        local root = (parent.st.owned and parent.st.root) or parent.st
        st.root = root
        root.children = root.children + 1
      else
        st.parent = parent.st
      end
    end
    local h = setmetatable({ st = st, keep = parent }, HANDLE)
    p = ffi.cast(PTRTYPE[tname], p)  -- drop a const: the same handle is passed to every function of its type
    if owned then h.ptr = ffi.gc(p, finalizer(st)) else h.ptr = p end
    return h
  end
  function B.close(h)
    local st = h.st
    if st.closed then return end
    st.closed = true
    if st.owned and st.children == 0 and st.busy == 0 then free_now(st, h.ptr)
    elseif st.owned then st.pending = h.ptr end
  end
  -- A callback may close a handle of the call under way: it stays allocated until the call returns.
  local function owner_of(st)
    while not st.owned and st.parent do st = st.parent end
    return st
  end
  local function busy_begin(hs)
    for k = 1, #hs do hs[k].busy = hs[k].busy + 1 end
  end
  local function busy_end(hs)
    for k = 1, #hs do
      local st = hs[k]
      st.busy = st.busy - 1
      if st.busy == 0 and st.closed and st.owned and st.children == 0 and st.pending then
        local p = st.pending
        st.pending = nil
        free_now(st, p)
      end
    end
  end
  function B.isopen(h) return usable(h.st) end
  function B.typename(h) return type(h) == "table" and getmetatable(h) == HANDLE and h.st.type or nil end
  function B.children(h) return h.st.children end
  function B.owned(h) return h.st.owned end

  -- the array of one handle pointer for the handle result at parameter i of a function
  local function outh_type(fname, i)
    local t = D.ctypes[fname] and D.ctypes[fname][i]
    if not t then error("wargame: no C type for result " .. i .. " of " .. fname) end
    return ffi.typeof((t:gsub("%*%s*$", "")) .. "[1]")
  end

  -- parameter codes
  local K_IN, K_CAP, K_STR, K_PTR, K_H, K_CB, K_OUT, K_COUNT, K_OUTS, K_OUTH, K_OUTHB, K_BUF, K_ARR =
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  local K_INARR, K_INLEN = 14, 15
  local size1 = ffi.typeof("size_t[1]")
  local str1 = ffi.typeof("const char *[1]")
  local charbuf = ffi.typeof("char[?]")

  local function make_caller(spec)
    local name, ret = spec[1], spec[2]
    local cfn = C[name]
    local n = #spec - 2
    local code, aux = {}, {}
    local count_i, constructor, has_cb = nil, false, false
    for i = 1, n do
      local k = spec[i + 2]
      local head, arg = k:match("^([^:]+):?(.*)$")
      if head == "in" then code[i] = K_IN
      elseif head == "cap" then code[i] = K_CAP
      elseif head == "str" then code[i] = K_STR
      elseif head == "ptr" then code[i] = K_PTR
      elseif head == "h" then code[i] = K_H; aux[i] = arg
      elseif head == "cb" then
        code[i] = K_CB; has_cb = true
        aux[i] = { ctype = ffi.typeof(arg), kinds = D.callbacks[arg], name = arg }
      elseif head == "out" then code[i] = K_OUT; aux[i] = ffi.typeof(CT[arg] .. "[1]")
      elseif head == "count" then code[i] = K_COUNT; count_i = i
      elseif head == "outs" then code[i] = K_OUTS
      elseif head == "outh" then code[i] = K_OUTH; constructor = true; aux[i] = { arg, outh_type(name, i) }
      elseif head == "outhb" then code[i] = K_OUTHB; aux[i] = { arg, outh_type(name, i) }
      elseif head == "buf" then code[i] = K_BUF
      elseif head == "arr" then code[i] = K_ARR; aux[i] = arrtype(arg)
      elseif head == "inarr" then code[i] = K_INARR; aux[i] = arrtype(arg)
      elseif head == "inlen" then code[i] = K_INLEN
      else error("wargame: unknown parameter kind " .. k) end
    end
    local is_status, is_str, is_void = ret == "status", ret == "str", ret == "void"

    local function make_cb(i, f, errbox)
      local ck = aux[i].kinds
      local cbname = aux[i].name
      local wrapper = function(...)
        if errbox[1] ~= nil then return -1 end
        local cargs2 = { ... }
        local ins, outp = {}, {}
        for j = 2, #ck do
          local kk = ck[j]
          if kk:sub(1, 3) == "in:" then ins[#ins + 1] = num(cargs2[j - 1])
          elseif kk:sub(1, 4) == "out:" then outp[#outp + 1] = cargs2[j - 1] end
        end
        local res = { pcall(f, unpack(ins)) }
        if not res[1] then errbox[1] = res[2]; return -1 end
        for j = 1, #outp do
          local v = res[j + 1]
          if type(v) == "boolean" then v = v and 1 or 0 end
          if v == nil then v = 0 end
          if type(v) ~= "number" and type(v) ~= "cdata" then
            errbox[1] = ("%s callback: result #%d must be an integer"):format(cbname, j)
            return -1
          end
          if outp[j] ~= nil then outp[j][0] = v end
        end
        return 0
      end
      return ffi.cast(aux[i].ctype, wrapper)
    end

    return function(...)
      local nargs = select("#", ...)
      local args = { ... }
      local cargs, outs = {}, {}
      local cbs, errbox
      local a, cap, auto = 1, 256, true
      local first_h
      local inh = {}
      for i = 1, n do
        local c = code[i]
        if c == K_IN then
          local v = args[a]
          local tv = type(v)
          if tv == "boolean" then v = v and 1 or 0
          elseif tv ~= "number" and tv ~= "cdata" then
            error(("%s: argument #%d must be a number, got %s"):format(name, a, tv), 2)
          end
          cargs[i] = v; a = a + 1
        elseif c == K_H then
          local h = args[a]
          if h ~= nil then
            if type(h) ~= "table" or getmetatable(h) ~= HANDLE then
              error(("%s: argument #%d must be a %s handle, got %s"):format(name, a, aux[i], type(h)), 2)
            end
            local st = h.st
            if st.type ~= aux[i] then
              error(("%s: argument #%d must be a %s handle, got a %s handle"):format(name, a, aux[i], st.type), 2)
            end
            if not usable(st) then
              error(("%s: argument #%d: the %s handle is closed"):format(name, a, aux[i]), 2)
            end
            cargs[i] = h.ptr
            first_h = first_h or h
            inh[#inh + 1] = owner_of(st)
          end
          a = a + 1
        elseif c == K_STR then
          local v = args[a]
          if v ~= nil and type(v) ~= "string" then
            error(("%s: argument #%d must be a string or nil, got %s"):format(name, a, type(v)), 2)
          end
          cargs[i] = v; a = a + 1
        elseif c == K_CAP then
          local v = args[a]
          if v ~= nil then
            if type(v) ~= "number" or v < 0 then error(name .. ": bad capacity", 2) end
            cap = v; auto = false
          end
          a = a + 1
        elseif c == K_PTR then
          cargs[i] = args[a]; a = a + 1
        elseif c == K_INARR then
          -- a Lua table (array part) for the array and its count; nil or {} pass NULL, 0
          local t = args[a]
          local len = 0
          if t ~= nil then
            if type(t) ~= "table" then
              error(("%s: argument #%d must be a table of numbers or nil, got %s"):format(name, a, type(t)), 2)
            end
            len = #t
          end
          if len > 0 then
            local arr = aux[i](len)
            for j = 1, len do
              local v = t[j]
              if type(v) == "boolean" then v = v and 1 or 0
              elseif type(v) ~= "number" and type(v) ~= "cdata" then
                error(("%s: argument #%d: element %d must be a number, got %s"):format(name, a, j, type(v)), 2)
              end
              arr[j - 1] = v
            end
            cargs[i] = arr
          else
            cargs[i] = nil
          end
          cargs[i + 1] = len
          a = a + 1
        elseif c == K_CB then
          local f = args[a]
          if type(f) == "function" then
            if constructor then
              error(("%s: a Lua function cannot be kept as %s (pass nil)"):format(name, aux[i].name), 2)
            end
            errbox = errbox or {}
            cbs = cbs or {}
            local cb = make_cb(i, f, errbox)
            cbs[#cbs + 1] = cb
            cargs[i] = cb
          elseif f == nil or type(f) == "cdata" then
            cargs[i] = f
          else
            error(("%s: argument #%d must be a function or nil"):format(name, a), 2)
          end
          a = a + 1
        end
      end
      if nargs >= a then
        if cbs then for _, cb in ipairs(cbs) do cb:free() end end
        error(("%s: too many arguments (%d expected)"):format(name, a - 1), 2)
      end
      local r
      local attempt = 0
      if cbs then busy_begin(inh) end
      while true do
        for i = 1, n do
          local c = code[i]
          if c == K_OUT then outs[i] = aux[i](); cargs[i] = outs[i]
          elseif c == K_CAP then cargs[i] = cap
          elseif c == K_COUNT then outs[i] = size1(); cargs[i] = outs[i]
          elseif c == K_OUTS then outs[i] = str1(); cargs[i] = outs[i]
          elseif c == K_OUTH or c == K_OUTHB then outs[i] = aux[i][2](); cargs[i] = outs[i]
          elseif c == K_BUF then
            outs[i] = charbuf(cap > 0 and cap or 1); cargs[i] = cap > 0 and outs[i] or nil
          elseif c == K_ARR then
            outs[i] = aux[i](cap > 0 and cap or 1); cargs[i] = cap > 0 and outs[i] or nil
          end
        end
        r = cfn(unpack(cargs, 1, n))
        if errbox and errbox[1] ~= nil then break end
        if is_status and r == -12 and auto and count_i and attempt < 3 and outs[count_i][0] >= cap then
          cap = tonumber(outs[count_i][0]) + 1
          attempt = attempt + 1
        else
          break
        end
      end
      if cbs then
        for _, cb in ipairs(cbs) do cb:free() end
        busy_end(inh)
      end
      if errbox and errbox[1] ~= nil then error(errbox[1], 0) end
      local res = {}
      if is_void then res[1] = nil
      elseif is_status then res[1] = r
      elseif is_str then res[1] = r ~= nil and ffi.string(r) or nil
      else res[1] = num(r) end
      local ok = not (is_status and r < 0)
      local count = cap
      if count_i then count = math.min(tonumber(outs[count_i][0]), cap) end
      local m = 1
      for i = 1, n do
        local c = code[i]
        if c == K_OUT then m = m + 1; res[m] = num(outs[i][0])
        elseif c == K_OUTS then m = m + 1; res[m] = (ok and outs[i][0] ~= nil) and ffi.string(outs[i][0]) or nil
        elseif c == K_OUTH or c == K_OUTHB then
          m = m + 1
          local p = outs[i][0]
          if ok and p ~= nil then res[m] = new_handle(aux[i][1], p, c == K_OUTH, first_h) end
        elseif c == K_BUF then
          m = m + 1
          if ok then res[m] = count_i and ffi.string(outs[i], count) or ffi.string(outs[i]) end
        elseif c == K_ARR then
          m = m + 1
          if ok then
            local t = {}
            for j = 0, count - 1 do t[j + 1] = num(outs[i][j]) end
            res[m] = t
          end
        end
      end
      return unpack(res, 1, m)
    end
  end
  -- Straight-line callers compiled from the signature (what LuaJIT's trace compiler handles best) for
  -- the functions without buffers, arrays or callbacks; the others use make_caller.
  local STR1 = str1
  local function make_fast(spec)
    local name, ret = spec[1], spec[2]
    local n = #spec - 2
    local U = {}
    local function up(v) U[#U + 1] = v; return "U[" .. #U .. "]" end
    local args, body, cargs, post = {}, {}, {}, {}
    local a = 0
    for i = 1, n do
      local k = spec[i + 2]
      local head, arg = k:match("^([^:]+):?(.*)$")
      if head == "in" or head == "str" or head == "ptr" then
        a = a + 1
        args[#args + 1] = "a" .. a
        cargs[#cargs + 1] = "a" .. a
      elseif head == "h" then
        a = a + 1
        local v = "a" .. a
        args[#args + 1] = v
        body[#body + 1] = ([[
local p%d = nil
if %s ~= nil then
  if getmetatable(%s) ~= HANDLE or %s.st.type ~= %q then
    error(("%s: argument #%d must be a %s handle, got %%s"):format(type(%s) == "table" and %s.st and ("a " .. %s.st.type .. " handle") or type(%s)), 2)
  end
  if not usable(%s.st) then error(%q, 2) end
  p%d = %s.ptr
  fh = fh or %s
end]]):format(i, v, v, v, arg, name, a, arg, v, v, v, v, v,
             ("%s: argument #%d: the %s handle is closed"):format(name, a, arg), i, v, v)
        cargs[#cargs + 1] = "p" .. i
      elseif head == "out" then
        body[#body + 1] = ("local o%d = %s()"):format(i, up(ffi.typeof(CT[arg] .. "[1]")))
        cargs[#cargs + 1] = "o" .. i
        post[#post + 1] = ("num(o%d[0])"):format(i)
      elseif head == "outs" then
        body[#body + 1] = ("local o%d = STR1()"):format(i)
        cargs[#cargs + 1] = "o" .. i
        post[#post + 1] = ("(ok and o%d[0] ~= nil) and ffi.string(o%d[0]) or nil"):format(i, i)
      elseif head == "outh" or head == "outhb" then
        body[#body + 1] = ("local o%d = %s()"):format(i, up(outh_type(name, i)))
        cargs[#cargs + 1] = "o" .. i
        post[#post + 1] = ("(ok and o%d[0] ~= nil) and new_handle(%q, o%d[0], %s, fh) or nil"):format(
          i, arg, i, head == "outh" and "true" or "false")
      else
        return nil
      end
    end
    local rexpr = ret == "status" and "r" or ret == "str" and "(r ~= nil and ffi.string(r) or nil)"
                  or ret == "void" and "nil" or "num(r)"
    args[#args + 1] = "..."
    local src = table.concat({
      "local U, C, HANDLE, usable, num, new_handle, ffi, STR1 = ...",
      "local cfn = C." .. name,
      "return function(" .. table.concat(args, ", ") .. ")",
      ("if select('#', ...) > 0 then error(%q, 2) end"):format(("%s: too many arguments (%d expected)"):format(name, a)),
      "local fh",
      table.concat(body, "\n"),
      "local r = cfn(" .. table.concat(cargs, ", ") .. ")",
      ret == "status" and "local ok = r >= 0" or "local ok = true",
      "return " .. table.concat({ rexpr, unpack(post) }, ", "),
      "end" }, "\n")
    local chunk = assert(loadstring(src, "=wargame:" .. name))
    return chunk(U, C, HANDLE, usable, num, new_handle, ffi, STR1)
  end

  B.fn = {}
  local missing = {}
  for _, spec in ipairs(D.functions) do
    if pcall(function() return C[spec[1]] end) then
      local fname = spec[1]
      local ht = #spec == 3 and spec[3]:match("^h:(.*)$")
      if ht and D.handles[ht] and D.handles[ht].free == fname then
        -- freeing goes through the handle: never twice
        local status = spec[2] == "status"
        B.fn[fname] = function(h, ...)
          if select("#", ...) > 0 then error(fname .. ": too many arguments (1 expected)", 2) end
          if h ~= nil then
            if type(h) ~= "table" or getmetatable(h) ~= HANDLE or h.st.type ~= ht then
              error(("%s: argument #1 must be a %s handle"):format(fname, ht), 2)
            end
            B.close(h)
          end
          if status then return 0 end
          return nil
        end
      else
        B.fn[fname] = make_fast(spec) or make_caller(spec)
      end
    else
      missing[#missing + 1] = spec[1]
    end
  end
  B.missing = missing
else
  ------------------------------------------------------------------ Lua 5.4: wgffi (libffi)
  -- the wgffi installed with this file first (no LUA_CPATH needed), then the package path's
  local core = package.loaded.wgffi
  local cpath = not core and SITE and site_file(SITE.cdir, "wgffi.so")
  if cpath then
    local open = package.loadlib(cpath, "luaopen_wgffi")
    if open then
      core = open("wgffi", cpath)
      package.loaded.wgffi = core
    end
  end
  core = core or require "wgffi"
  M.backend = "wgffi"
  local fns, missing = core.open(libpath or SONAME, D)
  B.fn = fns
  B.missing = missing
  B.close, B.isopen, B.typename, B.children, B.owned = core.close, core.isopen, core.typename, core.children,
      core.owned
end

if #B.missing > 0 then
  error("wargame: the library lacks " .. #B.missing .. " symbol(s) the bindings expect: "
        .. table.concat(B.missing, ", "))
end
M.raw = B.fn
M.library = libpath or SONAME

-- ------------------------------------------------------------------ enums, constants, errors

for k, v in pairs(D.constants) do M[k] = v end
M.enums = {}
local STATUS_NAME = {}
for ename, items in pairs(D.enums) do
  local short = {}
  for _, it in ipairs(items) do
    short[it[3]] = it[2]
    M[it[1]] = it[2]
    if ename == "wg_status" then STATUS_NAME[it[2]] = it[1] end
  end
  local cname = ename:gsub("^wg_", ""):gsub("_(%l)", function(c) return c:upper() end):gsub("^%l", string.upper)
  M[cname] = short
  M.enums[ename] = short
end

local ERR = {}
ERR.__index = ERR
ERR.__tostring = function(e)
  return ("%s: %s: %s"):format(e.func or "wargame", e.name or tostring(e.status), e.message or "")
end
M.Error = ERR

function M.status_str(rc) return B.fn.wg_status_str(rc) end

local function raise(status, message, func)
  error(setmetatable({ status = status, name = STATUS_NAME[status] or tostring(status),
                       message = message, func = func }, ERR), 3)
end

-- ------------------------------------------------------------------ calls

local CLASSES = {}   -- C handle type -> class
local OUTKINDS = {}  -- function -> output kinds in order
for name, spec in pairs(FUNCS) do
  local outk = {}
  for i = 3, #spec do
    if is_out(spec[i]) and spec[i] ~= "inlen" then outk[#outk + 1] = spec[i] end
  end
  OUTKINDS[name] = outk
end

local wrap

local function errmsg(obj)
  local f = B.fn[obj._type .. "_errmsg"]
  if f and B.isopen(obj._h) then return f(obj._h) end
  return nil
end

-- Per-function call plans, computed once: where the handle inputs and the cap are, which results are
-- handles to wrap, which results to return.
local PLANS = {}
local function plan_of(name)
  local spec = FUNCS[name]
  if not spec then return nil end
  local P = { f = B.fn[name], name = name, hin = {}, htype = {}, wraps = {} }
  local u, r = 0, 0
  for i = 3, #spec do
    local k = spec[i]
    if k == "cap" then
      r = r + 1
      P.cappos = r
    elseif not is_out(k) then
      u, r = u + 1, r + 1
      local t = k:match("^h:(.*)$")
      if t then P.hin[#P.hin + 1] = u; P.htype[#P.htype + 1] = t end
    end
  end
  P.nin, P.nraw = u, r
  for j, k in ipairs(OUTKINDS[name]) do
    local t = k:match("^outhb?:(.*)$")
    if t then P.wraps[#P.wraps + 1] = { j + 1, t } end
  end
  P.status = spec[2] == "status"
  P.first = (spec[2] == "status" or spec[2] == "void") and 2 or 1
  P.last = #OUTKINDS[name] + 1
  PLANS[name] = P
  return P
end

local function finish(P, owner, holder, ...)
  local rc = ...
  if P.status and rc < 0 then
    local src = owner or holder
    local msg = src and not D.const_calls[P.name] and errmsg(src) or nil
    raise(rc, (msg and msg ~= "") and msg or M.status_str(rc), P.name)
  end
  if #P.wraps == 0 then
    if P.first == 2 then return select(2, ...) end
    return ...
  end
  local res = { ... }
  for _, wd in ipairs(P.wraps) do
    if res[wd[1]] ~= nil then res[wd[1]] = wrap(wd[2], res[wd[1]], holder) end
  end
  return unpack_(res, P.first, P.last)
end

-- Calls `name` with the inputs ... (objects for handles; `cap` fills a cap parameter, nil sizes
-- automatically); returns the outputs; raises on a negative status.
local function invoke_cap(name, owner, cap, n, ...)
  local P = PLANS[name] or plan_of(name)
  if not P or not P.f then error("wargame: no function " .. name, 3) end
  if n > P.nin then error(("%s: too many arguments (%d expected)"):format(name, P.nin), 3) end
  local raw = { ... }
  local holder
  local hin = P.hin
  for idx = 1, #hin do
    local u = hin[idx]
    local o = raw[u]
    if o ~= nil then
      if type(o) ~= "table" or o._h == nil then
        error(("%s: argument #%d must be a %s object, got %s"):format(name, u, P.htype[idx], type(o)), 3)
      end
      local t = B.typename(o._h)
      if t ~= P.htype[idx] then
        error(("%s: argument #%d must be a %s object, got a %s object"):format(name, u, P.htype[idx], tostring(t)), 3)
      end
      if not B.isopen(o._h) then raise(M.WG_EINVAL, ("%s is closed"):format(P.htype[idx]), name) end
      holder = holder or o
      raw[u] = o._h
    end
  end
  local cp = P.cappos
  if cp then
    for i = P.nraw, cp + 1, -1 do raw[i] = raw[i - 1] end
    raw[cp] = cap
  end
  return finish(P, owner, holder, P.f(unpack_(raw, 1, P.nraw)))
end
local function invoke(name, owner, n, ...) return invoke_cap(name, owner, nil, n, ...) end

-- ------------------------------------------------------------------ classes

local function class(ctype, name)
  local cls = { _type = ctype, _name = name }
  cls.__index = cls
  -- methods for the header's functions of this handle, made on first use and kept in the class
  setmetatable(cls, { __index = function(c, key)
    if type(key) ~= "string" or key:sub(1, 1) == "_" then return nil end
    local function handle_pos(fname)
      local P = FUNCS[fname] and (PLANS[fname] or plan_of(fname))
      if not P then return nil end
      for idx = 1, #P.hin do
        if P.htype[idx] == ctype then return P.hin[idx] end
      end
    end
    local fname = ctype .. "_" .. key
    local pos = handle_pos(fname)
    if not pos then
      -- ruleset functions taking this handle: game:lga_attack_odds(0) calls wg_lga_attack_odds
      fname = "wg_" .. key
      pos = handle_pos(fname)
    end
    if not pos then return nil end
    local fn
    if pos == 1 then
      fn = function(obj, ...) return invoke_cap(fname, obj, nil, select("#", ...) + 1, obj, ...) end
    else
      fn = function(obj, ...)
        local args = { ... }
        local n = math.max(select("#", ...) + 1, pos)
        for i = n, pos + 1, -1 do args[i] = args[i - 1] end
        args[pos] = obj
        return invoke_cap(fname, obj, nil, n, unpack_(args, 1, n))
      end
    end
    rawset(c, key, fn)
    return fn
  end })
  cls.__tostring = function(self)
    return ("wargame.%s (%s)"):format(name, B.isopen(self._h) and "open" or "closed")
  end
  cls.__close = function(self) self:close() end
  cls.close = function(self) B.close(self._h) end
  cls.free = cls.close
  cls.is_open = function(self) return B.isopen(self._h) end
  cls.errmsg = function(self) return errmsg(self) end
  -- call a C function taking this object at position 1 (internal shorthand)
  cls._c = function(self, fname, ...)
    local n = select("#", ...)
    return invoke(fname, self, n + 1, self, ...)
  end
  CLASSES[ctype] = cls
  M[name] = cls
  return cls
end

wrap = function(t, h, parent)
  local cls = CLASSES[t] or class(t, t)
  return setmetatable({ _h = h, _parent = parent }, cls)
end

local Context = class("wg_ctx", "Context")
local Game = class("wg_game", "Game")
local Map = class("wg_map", "Map")
local Table = class("wg_table", "Table")
local Oob = class("wg_oob", "Oob")
local Rng = class("wg_rng", "Rng")
local Data = class("wg_data", "Data")
local Bot = class("wg_bot", "Bot")
for t in pairs(D.handles) do if not CLASSES[t] then class(t, t) end end

--- Creates a context (the allocator is the library's default).
function M.context(memory_limit)
  local rc, h = B.fn.wg_ctx_new(nil, nil)
  if rc ~= 0 then raise(rc, M.status_str(rc), "wg_ctx_new") end
  local ctx = setmetatable({ _h = h }, Context)
  if memory_limit and memory_limit > 0 then ctx:set_memory_limit(memory_limit) end
  return ctx
end
Context.new = function(_, limit) return M.context(limit) end

function Context:memory_in_use() return self:_c("wg_ctx_memory_in_use") end
function Context:live_handles() return self:_c("wg_ctx_live_handles") end
function Context:new_game(ruleset, scenario, options, seed)
  return self:_c("wg_game_new", ruleset, scenario, options, seed or 0)
end
function Context:load_game(bytes) return self:_c("wg_game_load", bytes, #bytes) end
function Context:new_hex_map(cols, rows, layout) return self:_c("wg_map_new_hex", cols, rows, layout or 0) end
function Context:new_graph_map() return self:_c("wg_map_new_graph") end
function Context:load_map(text) return self:_c("wg_map_load", text, #text) end
function Context:new_table(name, rows, cols) return self:_c("wg_table_new", name, rows, cols) end
function Context:load_table(text) return self:_c("wg_table_load", text, #text) end
function Context:new_oob() return self:_c("wg_oob_new") end
function Context:load_oob(text) return self:_c("wg_oob_load", text, #text) end
function Context:rng(seed, stream) return self:_c("wg_rng_new", seed, stream or 0) end
function Context:parse_data(text) return self:_c("wg_data_parse", text, #text) end
--- A bot (doc/bots.md): spec "random", "mcts", "mcts:2000", "mcts iterations=2000 depth=40 c=1.4 rollout=greedy";
--- deterministic from seed.
function Context:new_bot(spec, seed) return self:_c("wg_bot_new", spec or "mcts", seed or 0) end

--- The index of the option the bot chooses for the player deciding now (for `player`, who must
--- decide now, when given); the game does not change.
function Bot:choose(game, player)
  if player == nil then return self:_c("wg_bot_choose", game) end
  return self:_c("wg_bot_choose_for", game, player)
end
--- Chooses and takes the option (a chance decision is rolled); returns its index.
function Bot:play(game) return self:_c("wg_bot_play", game) end
--- The spec in canonical form.
function Bot:spec() return self:_c("wg_bot_spec") end
--- The bot's counters: decisions, iterations, nodes, forks, steps, allocations, bytes, bytes_peak.
function Bot:stats()
  local names = { "decisions", "iterations", "nodes", "forks", "steps", "allocations", "bytes", "bytes_peak" }
  local t = {}
  for i, k in ipairs(names) do t[k] = tonumber(self:_c("wg_bot_stat", i - 1)) end
  return t
end

function Data:records()
  local n = self:_c("wg_data_record_count")
  local i = -1
  return function()
    i = i + 1
    if i >= n then return nil end
    local fields = {}
    for f = 0, self:_c("wg_data_field_count", i) - 1 do fields[#fields + 1] = self:_c("wg_data_field", i, f) end
    return fields
  end
end

function Map:space_count() return self:_c("wg_map_space_count") end
function Map:hex_reach(start, budget, step) return self:_c("wg_map_hex_reach", start, budget, step, nil) end
function Map:hex_los(a, b, blocks) return self:_c("wg_map_hex_los", a, b, blocks, nil) == 1 end
function Map:zone_path(from, to, filter) return self:_c("wg_map_zone_path", from, to, filter, nil) end
function Map:zone_reach(from, budget, filter) return self:_c("wg_map_zone_reach", from, budget, filter, nil) end

function Table:column_dist(col)
  local n = self:_c("wg_table_code_count")
  return invoke_cap("wg_table_column_dist", self, n, 2, self, col)
end
function Table:supply(text) return self:_c("wg_table_supply", text, #text) end

function Oob:units(side)
  local out = {}
  for u = 0, self:_c("wg_oob_count") - 1 do
    local s = self:_c("wg_oob_side", u)
    if side == nil or s == side then out[#out + 1] = { unit = u, side = s, name = self:_c("wg_oob_name", u) } end
  end
  return out
end

local REFEREE = M.WG_VIEW_REFEREE

--- The current decision; with `viewer` (a player or REFEREE) its text as that viewer may see it.
--- Without a viewer the text is the referee's (referee-only in a game with hidden information).
function Game:decision(viewer)
  local player, kind = self:_c("wg_game_decision")
  local text
  if viewer == nil then text = self:_c("wg_game_decision_text")
  else text = self:_c("wg_game_decision_text_for", viewer) end
  return { player = player, kind = kind, text = text }
end
--- Option i; with `viewer` as that viewer may see it (an error with status WG_ESTATE when the
--- options are another player's).  Without a viewer: referee-only.
function Game:option(i, viewer)
  local w, total = self:_c("wg_game_option_weight", i)
  if viewer == nil then
    local o = { index = i, label = self:_c("wg_game_option_label", i), action = self:_c("wg_game_option_action", i),
                weight = w, total = total }
    o.attrs = self:attrs(M.WG_ATTR_OPTION, i, REFEREE)
    o.params, o.params_required = self:option_params(i)
    return o
  end
  local o = { index = i, label = self:_c("wg_game_option_label_for", i, viewer),
              action = self:_c("wg_game_option_action_for", i, viewer), weight = w, total = total }
  o.attrs = self:attrs(M.WG_ATTR_OPTION, i, viewer)
  o.params, o.params_required = self:option_params(i)
  return o
end
--- Iterator over the options of the current decision: for opt in game:options([viewer]) do ... end
function Game:options(viewer)
  local n, i = self:option_count(viewer), -1
  return function()
    i = i + 1
    if i < n then return self:option(i, viewer) end
  end
end
--- Number of options; with `viewer` as wg_game_option_count_for (WG_ESTATE when they are
--- another player's).  Without a viewer: referee-only.
function Game:option_count(viewer)
  if viewer == nil then return self:_c("wg_game_option_count") end
  return self:_c("wg_game_option_count_for", viewer)
end
function Game:event(i, viewer)
  return { index = i, kind = self:_c("wg_game_event_kind", i), rule = self:_c("wg_game_event_rule_for", i, viewer or REFEREE),
           step = self:_c("wg_game_event_step", i), text = self:_c("wg_game_event_text", i, viewer or REFEREE) }
end
--- Iterator over the events (from index `from`, default 0) as `viewer` (default: the referee) sees them.
function Game:events(from, viewer)
  local n, i = self:_c("wg_game_event_count"), (from or 0) - 1
  return function()
    i = i + 1
    if i < n then return self:event(i, viewer) end
  end
end
--- Takes an option (a table from game:options() or its index); with `params` (a table of
--- integers, in the order of the option's params) through wg_game_choose_params.
function Game:choose(opt, params)
  if type(opt) == "table" then opt = opt.index end
  if params ~= nil then return self:_c("wg_game_choose_params", opt, params) end
  return self:_c("wg_game_choose", opt)
end
function Game:describe(viewer) return self:_c("wg_game_describe", viewer or REFEREE) end
function Game:is_over() return self:_c("wg_game_is_over") ~= 0 end
--- The winner of the finished game (a player number), nil for a draw; an error while the game goes on.
function Game:winner()
  local w = self:_c("wg_game_winner")
  if w == M.WG_PLAYER_NONE then return nil end
  return w
end
function Game:save() return self:_c("wg_game_save") end
function Game:playout(max_steps) return self:_c("wg_game_playout", max_steps or 2 ^ 40) end
function Game:players()
  local t = {}
  for p = 0, self:_c("wg_game_player_count") - 1 do t[#t + 1] = self:_c("wg_game_player_name", p) end
  return t
end
--- The state hash as 16 hexadecimal digits (the same on both back ends).
function Game:hash_hex()
  local h = self:_c("wg_game_hash")
  if M.backend == "luajit-ffi" then
    return require("bit").tohex(require("ffi").new("uint64_t", h), 16)
  end
  return ("%016x"):format(h)
end
function Game:table(key)
  if type(key) == "string" then return self:_c("wg_game_table_find", key) end
  return self:_c("wg_game_table", key)
end
-- ------------------------------------------------------------------ JSON (the view and the odds)

-- A small JSON decoder (what wg_game_view_json and wg_game_odds write, and any standard JSON):
-- objects become tables, arrays sequences (M.json_null for null), integers integers (Lua 5.4) or
-- numbers (LuaJIT: exact up to 2^53).  Raises a string error naming the byte offset.
local json_null = setmetatable({}, { __tostring = function() return "null" end })
M.json_null = json_null
local function json_decode(str)
  local pos = 1
  local byte, sub, find = string.byte, string.sub, string.find
  local function fail(what) error(("wargame.json_decode: %s at byte %d"):format(what, pos), 0) end
  local function ws()
    pos = find(str, "[^ \t\r\n]", pos) or #str + 1
  end
  local value
  local ESC = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }
  local function utf8_of(cp)
    if cp < 0x80 then return string.char(cp) end
    if cp < 0x800 then return string.char(0xC0 + math.floor(cp / 64), 0x80 + cp % 64) end
    if cp < 0x10000 then
      return string.char(0xE0 + math.floor(cp / 4096), 0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
    end
    return string.char(0xF0 + math.floor(cp / 262144), 0x80 + math.floor(cp / 4096) % 64,
                       0x80 + math.floor(cp / 64) % 64, 0x80 + cp % 64)
  end
  local function str_()
    pos = pos + 1
    local parts = {}
    while true do
      local s, e = find(str, '["\\%c]', pos)
      if not s then fail("unterminated string") end
      parts[#parts + 1] = sub(str, pos, s - 1)
      local c = sub(str, s, s)
      if c == '"' then pos = s + 1; break end
      if c ~= "\\" then pos = s; fail("control character in a string") end
      local esc = sub(str, s + 1, s + 1)
      if esc == "u" then
        local hex = sub(str, s + 2, s + 5)
        if not hex:match("^%x%x%x%x$") then pos = s; fail("bad \\u escape") end
        local cp = tonumber(hex, 16)
        local nexti = s + 6
        if cp >= 0xD800 and cp <= 0xDBFF and sub(str, nexti, nexti + 1) == "\\u" then
          local lo = tonumber(sub(str, nexti + 2, nexti + 5), 16)
          if lo and lo >= 0xDC00 and lo <= 0xDFFF then
            cp = 0x10000 + (cp - 0xD800) * 1024 + (lo - 0xDC00)
            nexti = nexti + 6
          end
        end
        parts[#parts + 1] = utf8_of(cp)
        pos = nexti
      else
        local r = ESC[esc]
        if not r then pos = s; fail("bad escape") end
        parts[#parts + 1] = r
        pos = s + 2
      end
    end
    return table.concat(parts)
  end
  local function num_()
    local s, e = find(str, "^-?%d+%.?%d*[eE]?[-+]?%d*", pos)
    if not s then fail("bad value") end
    local text = sub(str, s, e)
    pos = e + 1
    local v
    if text:match("^-?%d+$") and math.tointeger then v = math.tointeger(tonumber(text)) end
    v = v or tonumber(text)
    if v == nil then fail("bad number " .. text) end
    return v
  end
  value = function()
    ws()
    local c = byte(str, pos)
    if c == 123 then -- {
      local t = {}
      pos = pos + 1
      ws()
      if byte(str, pos) == 125 then pos = pos + 1; return t end
      while true do
        ws()
        if byte(str, pos) ~= 34 then fail("expected a key") end
        local k = str_()
        ws()
        if byte(str, pos) ~= 58 then fail("expected ':'") end
        pos = pos + 1
        t[k] = value()
        ws()
        local d = byte(str, pos)
        pos = pos + 1
        if d == 125 then return t end
        if d ~= 44 then pos = pos - 1; fail("expected ',' or '}'") end
      end
    elseif c == 91 then -- [
      local t, n = {}, 0
      pos = pos + 1
      ws()
      if byte(str, pos) == 93 then pos = pos + 1; return t end
      while true do
        n = n + 1
        t[n] = value()
        ws()
        local d = byte(str, pos)
        pos = pos + 1
        if d == 93 then return t end
        if d ~= 44 then pos = pos - 1; fail("expected ',' or ']'") end
      end
    elseif c == 34 then return str_()
    elseif sub(str, pos, pos + 3) == "true" then pos = pos + 4; return true
    elseif sub(str, pos, pos + 4) == "false" then pos = pos + 5; return false
    elseif sub(str, pos, pos + 3) == "null" then pos = pos + 4; return json_null
    elseif c == nil then fail("unexpected end")
    else return num_() end
  end
  local v = value()
  ws()
  if pos <= #str then fail("trailing characters") end
  return v
end
M.json_decode = json_decode

-- ------------------------------------------------------------------ the uniform doors

M.ATTR_PIECE, M.ATTR_OPTION, M.ATTR_SPACE = M.WG_ATTR_PIECE, M.WG_ATTR_OPTION, M.WG_ATTR_SPACE
M.ATTR_INT, M.ATTR_TEXT = M.WG_ATTR_INT, M.WG_ATTR_TEXT

--- The number of spaces of the game's map.
function Game:space_count() return self:_c("wg_game_space_count") end
--- The players' name of a space ("4851" on a numbered hex map, a zone's name).
function Game:space_name(s) return self:_c("wg_game_space_name", s) end
--- The space a players' name names (an error with status WG_ENOTFOUND when none).
function Game:space_find(name) return self:_c("wg_game_space_find", name) end
--- { {name = key, type = WG_ATTR_INT|WG_ATTR_TEXT}, ... }: the keys objects of kind `of` carry.
function Game:attr_keys(of)
  local t = {}
  for k = 0, self:_c("wg_game_attr_key_count", of) - 1 do
    local name, ty = self:_c("wg_game_attr_key", of, k)
    t[#t + 1] = { name = name, type = ty, name, ty }
  end
  return t
end
--- { key = value } of piece, option or space `i` as `viewer` (default: the referee) may know it;
--- the keys the object does not carry for him are absent.
function Game:attrs(of, i, viewer)
  viewer = viewer or REFEREE
  local out = {}
  for _, key in ipairs(self:attr_keys(of)) do
    local fname = key.type == M.WG_ATTR_TEXT and "wg_game_attr_text" or "wg_game_attr_int"
    local good, v = pcall(self._c, self, fname, viewer, of, i, key.name)
    if good then
      out[key.name] = v
    elseif type(v) ~= "table" or v.status ~= M.WG_ENOTFOUND then
      error(v, 2)
    end
  end
  return out
end
--- Every space of the map: { {index, name, attrs}, ... }.
function Game:spaces()
  local t = {}
  for s = 0, self:space_count() - 1 do
    t[#t + 1] = { index = s, name = self:space_name(s), attrs = self:attrs(M.WG_ATTR_SPACE, s) }
  end
  return t
end
--- The pieces `viewer` (default: the referee) sees: { {index, side, space, label, attrs}, ... }.
function Game:pieces(viewer)
  viewer = viewer or REFEREE
  local t = {}
  for i = 0, self:_c("wg_game_piece_count", viewer) - 1 do
    local side, space = self:_c("wg_game_piece", viewer, i)
    t[#t + 1] = { index = i, side = side, space = space, label = self:_c("wg_game_piece_label", viewer, i),
                  attrs = self:attrs(M.WG_ATTR_PIECE, i, viewer) }
  end
  return t
end
--- The parameters of option i: { {name, min, max}, ... } and whether they are required.
function Game:option_params(i)
  if type(i) == "table" then i = i.index end
  local n, required = self:_c("wg_game_option_param_count", i)
  local t = {}
  for p = 0, n - 1 do
    local name, lo, hi = self:_c("wg_game_option_param", i, p)
    t[#t + 1] = { name = name, min = lo, max = hi }
  end
  return t, required ~= 0
end
--- The parameters recorded with decision `step` (a sequence, empty for a step taken without).
function Game:step_params(step) return self:_c("wg_game_step_params", step) end
--- The JSON view text (wg_game_view_json) for `viewer` (default: the referee).
function Game:view_json(viewer, first_event)
  return self:_c("wg_game_view_json", viewer or REFEREE, first_event or 0)
end
--- The exact odds of the described action ("verb key=value ...", doc/view.md), decoded:
--- { ruleset, viewer, action, total, outcomes = {{label, weight}}, modifiers = {{name, value, text, rule}} }.
function Game:odds(viewer, action)
  return json_decode(self:_c("wg_game_odds", viewer or REFEREE, action))
end

local VIEW = {}
VIEW.__index = VIEW
-- the old iterator interface on the events list: view:events(from) / view.events(view, from)
local EVENTS = { __call = function(_, view, from)
  return rawget(view, "_game"):events(from, rawget(view, "_viewer"))
end }

--- The game as `viewer` (a player number or wargame.WG_VIEW_REFEREE; default the referee) sees
--- it: the JSON view decoded into a table (ruleset, scenario, viewer, turn, step, over, decision,
--- options when the viewer may read them, pieces, spaces, events from `first_event` on), with
--- `view:describe()` (the state in words); `view.events` is the list of events and, called as
--- `view:events(from)`, iterates the event records as before.
function Game:view(viewer, first_event)
  viewer = viewer or REFEREE
  local t = json_decode(self:view_json(viewer, first_event))
  t._game, t._viewer = self, viewer
  local g = self
  t.describe = function() return g:describe(viewer) end  -- view.describe() and view:describe()
  setmetatable(t.events, EVENTS)
  return setmetatable(t, VIEW)
end

-- ------------------------------------------------------------------ module functions

--- A 64-bit unsigned value from "0x..." or decimal text: an integer (Lua 5.4, wrapping above 2^63) or a
-- uint64_t cdata (LuaJIT), ready to pass to the library (e.g. wg_game_choose_action).
function M.parse_u64(s)
  local hex = s:match("^0[xX](%x+)$")
  local digits, base = hex or s, hex and 16 or 10
  if not digits:match("^%x+$") or (base == 10 and not digits:match("^%d+$")) then
    error("wargame.parse_u64: not a number: " .. s, 2)
  end
  local v
  if M.backend == "luajit-ffi" then v = require("ffi").new("uint64_t", 0) else v = 0 end
  for i = 1, #digits do
    v = v * base + tonumber(digits:sub(i, i), 16)
  end
  return v
end

function M.version() return B.fn.wg_version() end
function M.version_number() return B.fn.wg_version_number() end
function M.rulesets()
  local t = {}
  for i = 0, B.fn.wg_ruleset_count() - 1 do t[#t + 1] = B.fn.wg_ruleset_id(i) end
  return t
end
function M.ruleset_name(r) return invoke("wg_ruleset_name", nil, 1, r) end
function M.scenarios(r)
  local t = {}
  for i = 0, invoke("wg_ruleset_scenario_count", nil, 1, r) - 1 do
    t[#t + 1] = { id = invoke("wg_ruleset_scenario_id", nil, 2, r, i),
                  name = invoke("wg_ruleset_scenario_name", nil, 2, r, i) }
  end
  return t
end

setmetatable(M, {
  __index = function(_, key)
    local fname = "wg_" .. key
    local spec = FUNCS[fname]
    if spec then
      for i = 3, #spec do if spec[i]:match("^h:") then return nil end end
      return function(...) return invoke(fname, nil, select("#", ...), ...) end
    end
    return nil
  end,
})

return M
