-- Tests of the Lua bindings; the same file runs under lua5.4 (wgffi back end) and luajit (ffi back end).
-- WARGAME_LIBRARY names the library; LUA_PATH must reach bindings/lua (CTest sets both).

local w = require "wargame"

local tests, names = {}, {}
local function test(name, f) names[#names + 1] = name; tests[name] = f end
local function eq(a, b, msg)
  if a ~= b then error(("%s: expected %s, got %s"):format(msg or "eq", tostring(b), tostring(a)), 2) end
end
local function ok(v, msg) if not v then error(msg or "expected true", 2) end end
local function raises(status, f, ...)
  local good, e = pcall(f, ...)
  if good then error("expected an error with status " .. tostring(status), 2) end
  if type(e) ~= "table" then error("expected a wargame error, got: " .. tostring(e), 2) end
  if e.status ~= status then error(("expected status %d, got %s (%s)"):format(status, tostring(e.status), tostring(e)), 2) end
  return e
end
local function list(t) return table.concat(t, ",") end

local CRT = [[
wgdata 1 table
name crt
rows 1 2 3 4 5 6
cols 1:2 1:1 2:1
codes AE AR EX DR DE
cell 1 1:2 AR
cell 2 1:2 AR
cell #5 #2 DE
]]

test("version and status strings", function()
  eq(w.version(), w.WG_VERSION_STRING, "version")
  eq(w.version_number(), w.WG_VERSION_NUMBER, "version number")
  eq(w.Status.ETABLEGAP, -9, "enum")
  eq(w.WG_EBUSY, w.Status.EBUSY, "constant")
  eq(w.Player.VIEW_REFEREE, -3, "player enum")
  for name, v in pairs(w.Status) do ok(#w.status_str(v) > 0, "empty status text for " .. name) end
  ok(w.status_str(-1) ~= w.status_str(-2), "distinct texts")
end)

test("every generated function is callable", function()
  local n = 0
  for _, spec in ipairs(w.decl.functions) do ok(w.raw[spec[1]], spec[1]); n = n + 1 end
  ok(n > 100, "function count")
end)

test("a library without the symbols is refused at require", function()
  local interp = arg and arg[-1]
  if not interp or not io.popen then return end
  local code = "local ok, e = pcall(require, 'wargame'); io.write(tostring(ok), ' ', tostring(e))"
  local p = io.popen(("WARGAME_LIBRARY=libm.so.6 %s -e %q 2>&1"):format(interp, code))
  local out = p:read("*a")
  p:close()
  ok(out:find("^false"), "require fails: " .. out)
  ok(out:find("lacks"), "the message says what is missing: " .. out)
  p = io.popen(("WARGAME_LIBRARY=/nonexistent/libwargame.so %s -e %q 2>&1"):format(interp, code))
  out = p:read("*a")
  p:close()
  ok(out:find("^false"), "require fails for a missing library: " .. out)
end)

test("hex geometry", function()
  eq(w.hex_distance(0, 0, 2, -1), 2, "distance")
  local qs, rs = w.hex_ring(0, 0, 1)
  eq(#qs, 6, "ring size"); eq(#rs, 6, "ring size")
  local qs2 = w.hex_range(0, 0, 2)
  eq(#qs2, 19, "range size")
  local q, r = w.hex_neighbor(0, 0, 1)
  eq(q, 1, "neighbour q"); eq(r, 0, "neighbour r")
  local bq = w.hex_ring(0, 0, 100)
  eq(#bq, 600, "big ring grows the buffer")
  local lq = w.hex_line(0, 0, 3, 0)
  eq(list(lq), "0,1,2,3", "line")
  eq(w.hexside_key(0, 0, 1), w.hexside_key(1, 0, 4), "hex-side key")
  local e = raises(w.Status.EINVAL, w.hex_neighbor, 0, 0, 6)
  eq(e.func, "wg_hex_neighbor", "error names the function")
  ok(tostring(e):find("WG_EINVAL"), "error text")
end)

test("dice distributions", function()
  eq(list(w.dice_sum_dist(2, 6)), "1,2,3,4,5,6,5,4,3,2,1", "2d6")
  eq(list(w.dice_count_dist(2, 6, 2)), "16,16,4", "hits")
  eq(w.dice_outcomes(3, 6), 216, "outcomes")
  eq(#w.dice_sum_dist(10, 64), 631, "long result")
  raises(w.Status.EOVERFLOW, w.dice_sum_dist, 40, 6)
  raises(w.Status.EINVAL, w.dice_sum_dist, 0, 6)
end)

test("wrong argument types raise", function()
  ok(not pcall(w.hex_distance, 0, 0, "a", 1), "string for int")
  ok(not pcall(w.hex_distance, 0, 0, 1, 1, 5), "too many arguments")
end)

test("context memory statistics", function()
  local ctx = w.context()
  eq(ctx:live_handles(), 0, "no handles")
  local base = ctx:memory_in_use()
  local m = ctx:new_hex_map(10, 10)
  eq(ctx:live_handles(), 1, "one handle")
  ok(ctx:memory_in_use() > base, "memory grows")
  ok(ctx:memory_peak() >= ctx:memory_in_use(), "peak")
  m:close()
  m:close()
  eq(ctx:live_handles(), 0, "freed")
  eq(ctx:memory_in_use(), base, "memory back")
  ctx:close()
end)

test("memory limit gives ENOMEM with a message", function()
  local ctx = w.context(64)
  local e = raises(w.Status.ENOMEM, ctx.new_hex_map, ctx, 100, 100)
  ok(e.message and #e.message > 0, "message")
  ctx:close()
end)

test("closed handles raise, never crash", function()
  local ctx = w.context()
  local m = ctx:new_hex_map(3, 3)
  m:close()
  ok(not m:is_open(), "closed")
  local e = raises(w.Status.EINVAL, m.space_count, m)
  ok(e.message:find("closed"), "message says closed")
  ctx:close()
  raises(w.Status.EINVAL, ctx.new_oob, ctx)
end)

test("no dangling handle: every use after close raises a Lua error", function()
  local ctx = w.context()
  local g = ctx:new_game("lga", "1805", "crt=completion", 1)
  local crt = g:table("crt")                -- borrowed from the game
  local it = g:options()
  ok(it(), "an option")
  g:close()
  ok(not g:is_open() and not crt:is_open(), "the game and what it lent are closed")
  for name, f in pairs({
    step_count = function() return g:step_count() end, view = function() return g:view() end,
    describe = function() return g:describe() end, decision = function() return g:decision() end,
    pieces = function() return g:pieces() end, attrs = function() return g:attrs(w.ATTR_SPACE, 0) end,
    odds = function() return g:odds(nil, "attack attackers=1 target=0101") end,
    options_iterator = function() return it() end, choose = function() return g:choose(0) end,
    save = function() return g:save() end, borrowed_table = function() return crt:code_count() end,
  }) do
    local e = raises(w.Status.EINVAL, f)
    ok(e.message:find("closed"), name .. ": the message says closed: " .. tostring(e))
  end
  ok(not pcall(w.raw.wg_game_step_count, g._h), "the raw call refuses the closed handle")
  g:close(); g:free()                       -- closing again is no error
  local e2 = select(2, pcall(w.Game.step_count, ctx))
  ok(tostring(e2):find("must be a wg_game object, got a wg_ctx object", 1, true), "a context is no game: " .. tostring(e2))
  -- a game outlives its closed context (not dangling: the context is freed with its last child)
  local g2 = ctx:new_game("lga", "1805", "crt=completion", 1)
  ctx:close()
  raises(w.Status.EINVAL, ctx.new_oob, ctx)
  g2:bot_step()
  eq(g2:step_count(), 1, "the game still plays")
  g2:close()
end)

test("no dangling handle: closing a handle from inside a callback of its own call", function()
  local ctx = w.context()
  local m = ctx:new_hex_map(6, 6)
  local calls = 0
  m:hex_reach(0, 3, function()
    calls = calls + 1
    if calls == 1 then m:close() end
    return 1
  end)                                       -- the C call finishes on memory freed only afterwards
  ok(calls > 1, "the call went on")
  ok(not m:is_open(), "closed")
  raises(w.Status.EINVAL, m.space_count, m)
  local m2 = ctx:new_hex_map(6, 6)
  local good, e = pcall(m2.hex_reach, m2, 0, 3, function() m2:close(); return m2:space_count() end)
  ok(not good and tostring(e):find("closed"), "used after close inside the callback: " .. tostring(e))
  eq(ctx:live_handles(), 0, "both maps freed once their calls returned")
  ctx:close()
end)

test("the undo policy: wg_game_undo_point", function()
  local ctx = w.context()
  local g = ctx:new_game("marechaux", "1808", nil, 1)
  raises(w.Status.ENOTFOUND, g.undo_point, g, 0)          -- no decision yet
  g:choose(0)                                             -- the initiative roll
  g:choose(0)                                             -- the event draw
  eq(g:decision().player, 0, "Anglo-Allied decides")
  g:choose(0)
  local step = g:undo_point(0)
  eq(step, 2, "his own last decision")
  g:undo_to(step)
  eq(g:step_count(), 2, "taken back")
  g:choose(0)
  g:choose(0)                                             -- a draw came out since
  local e = raises(w.Status.ESTATE, g.undo_point, g, 0)
  ok(e.message:find("new information"), "the reason: " .. e.message)
  ctx:close()
end)

test("a context outlives its children", function()
  local ctx = w.context()
  local m = ctx:new_hex_map(4, 4)
  ctx:close()
  ok(not ctx:is_open(), "context closed for the user")
  eq(m:space_count(), 16, "the child still works")
  m:close()
end)

test("garbage collection in any order", function()
  for round = 1, 3 do
    local ctx = w.context()
    local objs = { ctx:new_hex_map(3, 3), ctx:new_oob(), ctx:new_table("t", 2, 2), ctx:rng(1) }
    if round == 1 then ctx = nil; collectgarbage(); collectgarbage(); objs = nil
    elseif round == 2 then objs = nil; collectgarbage(); collectgarbage(); ctx = nil
    else ctx, objs = nil, nil end
    collectgarbage(); collectgarbage()
  end
  -- nothing to observe from Lua once everything is gone: valgrind checks the leaks; here: no crash
  local ctx = w.context()
  local m = ctx:new_hex_map(2, 2)
  m = nil
  collectgarbage(); collectgarbage()
  eq(ctx:live_handles(), 0, "a collected child is freed")
  ctx:close()
end)

if _VERSION == "Lua 5.4" then
  test("to-be-closed variables close handles", function()
    local chunk = assert(load([[
      local w = ...
      local ctx <close> = w.context()
      local kept
      do
        local m <close> = ctx:new_hex_map(2, 2)
        kept = m
        assert(m:space_count() == 4)
      end
      assert(not kept:is_open(), "closed at the end of the block")
      assert(ctx:live_handles() == 0)
      return ctx
    ]]))
    local ctx = chunk(w)
    ok(not ctx:is_open(), "the context closed too")
  end)
end

test("free through the raw table closes once", function()
  local ctx = w.context()
  local m = ctx:new_hex_map(3, 3)
  w.raw.wg_map_free(m._h)
  ok(not m:is_open(), "closed")
  eq(ctx:live_handles(), 0, "freed")
  w.raw.wg_map_free(m._h)  -- no double free
  m:free()
  m:close()
  ok(not pcall(w.raw.wg_map_free, ctx._h), "a context is not a map")
  eq(w.raw.wg_ctx_free(ctx._h), 0, "the context's free closes it")
  ok(not ctx:is_open(), "context closed")
end)

test("wrong handle types", function()
  local ctx = w.context()
  local o = ctx:new_oob()
  ok(not pcall(w.raw.wg_map_space_count, o._h), "an oob is not a map (raw)")
  ok(not pcall(w.Map.space_count, o), "an oob is not a map")
  ok(not pcall(w.raw.wg_map_space_count, 42), "a number is not a map")
  ctx:close()
end)

test("maps, callbacks and errors", function()
  local ctx = w.context()
  local m = ctx:new_hex_map(5, 4, w.HexLayout.ODD_Q)
  eq(m:kind_of(), w.MapKind.HEX, "kind")
  local cols, rows, layout = m:hex_size()
  eq(cols, 5, "cols"); eq(rows, 4, "rows"); eq(layout, 0, "layout")
  local s = m:hex_at(2, 3)
  m:set_terrain(s, 3); eq(m:terrain(s), 3, "terrain")
  m:set_name(s, "Ulm"); eq(m:name(s), "Ulm", "name"); eq(m:find("Ulm"), s, "find")
  local e = raises(w.Status.ENOTFOUND, m.find, m, "Austerlitz")
  ok(#e.message > 0, "message")
  raises(w.Status.ERANGE, m.terrain, m, 99)
  local calls = 0
  local spaces, costs = m:hex_reach(0, 2, function(from, to, dir) calls = calls + 1; return 1 end)
  ok(calls > 0, "callback called"); eq(spaces[1], 0, "start first"); eq(costs[1], 0, "start cost")
  for _, c in ipairs(costs) do ok(c <= 2, "within budget") end
  eq(#m:hex_reach(0, 5, function() return -1 end), 1, "forbidden steps")
  local good, err = pcall(m.hex_reach, m, 0, 2, function() error("boom") end)
  ok(not good and tostring(err):find("boom"), "callback error propagates")
  eq(m:space_count(), 20, "still usable after a callback error")
  ok(m:hex_los(m:hex_at(0, 0), m:hex_at(4, 0), function() return false end), "clear sight")
  ok(not m:hex_los(m:hex_at(0, 0), m:hex_at(4, 0), function() return true end), "blocked sight")
  local g = ctx:new_graph_map()
  local a, b, c = g:zone_add("Lisboa"), g:zone_add("Porto"), g:zone_add("Coimbra")
  g:conn_add(a, c, 0, 2); g:conn_add(c, b, 0, 2); g:conn_add(a, b, 1, 9)
  local zones, total = g:zone_path(a, b)
  eq(list(zones), ("%d,%d,%d"):format(a, c, b), "path"); eq(total, 4, "total")
  zones, total = g:zone_path(a, b, function(conn) return conn == 2 and 1 or 100 end)
  eq(list(zones), ("%d,%d"):format(a, b), "filtered path"); eq(total, 1, "filtered total")
  raises(w.Status.ERULESET, g.hex_size, g)
  local code = m:declare_terrain("forest")
  eq(m:terrain_name(code), "forest", "vocabulary")
  ctx:close()
end)

test("tables", function()
  local ctx = w.context()
  local t = ctx:load_table(CRT)
  eq(t:name(), "crt", "name")
  local rows, cols = t:size()
  eq(rows, 6, "rows"); eq(cols, 3, "cols")
  local ar = t:code("AR")
  eq(t:lookup(t:find_row("1"), t:find_col("1:2")), ar, "lookup")
  local e = raises(w.Status.ETABLEGAP, t.lookup, t, 2, 1)
  ok(e.message:find("crt"), "gap message names the table")
  eq(t:source(2, 1), w.CellSource.GAP, "gap")
  t:set(2, 1, t:code("EX"))
  eq(t:source(2, 1), w.CellSource.SUPPLIED, "supplied")
  local counts, gaps = t:column_dist(0)
  eq(counts[ar + 1], 2, "column distribution"); eq(gaps, 4, "gaps")
  t:supply("wgdata 1 table\ncell 3 1:2 DR\n")
  eq(t:lookup(2, 0), t:code("DR"), "supplied by document")
  raises(w.Status.EPARSE, ctx.load_table, ctx, "wgdata 1 table\nname x\nrows 2\ncols 2\nbogus 1\n")
  ctx:close()
end)

test("orders of battle and data documents", function()
  local ctx = w.context()
  local o = ctx:load_oob('wgdata 1 oob\nunit 0 "I Corps" strength=9\nunit 1 Kutuzov strength=11\n')
  eq(o:count(), 2, "count"); eq(o:name(0), "I Corps", "name"); eq(o:attr(1, "strength"), 11, "attr")
  eq(#o:units(1), 1, "view by side")
  raises(w.Status.ENOTFOUND, o.attr, o, 0, "morale")
  local d = ctx:parse_data('wgdata 1 demo\nzone "Bad Kissingen" x=1\nend\n')
  eq(d:kind(), "demo", "kind")
  local recs = {}
  for r in d:records() do recs[#recs + 1] = table.concat(r, "|") end
  eq(table.concat(recs, ";"), "zone|Bad Kissingen|x=1;end", "records")
  raises(w.Status.EPARSE, ctx.parse_data, ctx, "nonsense\n")
  local a, b = ctx:rng(42, 1), ctx:rng(42, 1)
  for _ = 1, 5 do eq(a:u32(), b:u32(), "same stream") end
  raises(w.Status.EINVAL, a.below, a, 0)
  ctx:close()
end)

local function has_ruleset(id)
  for _, r in ipairs(w.rulesets()) do if r == id then return true end end
  return false
end

if has_ruleset("lga") then
  local OPTS = "crt=completion"  -- fills the CRT cells the rulebook does not print (LGA-GAP-04)
  test("games: decisions, options, events, views", function()
    local ctx = w.context()
    local g = ctx:new_game("lga", "1805", OPTS, 7)
    eq(g:ruleset(), "lga", "ruleset")
    eq(#g:players(), 2, "players")
    local d = g:decision()
    ok(#d.text > 0, "decision text")
    local n = 0
    for opt in g:options() do
      eq(opt.index, n, "option index"); n = n + 1
      ok(#opt.label > 0, "label")
    end
    eq(n, g:option_count(), "iterator length")
    local before = g:step_count()
    g:choose(0)
    eq(g:step_count(), before + 1, "one step")
    raises(w.Status.ERANGE, g.choose, g, 1000000)
    g:playout(400)
    local ne = 0
    for ev in g:events() do ne = ne + 1; ok(type(ev.text) == "string", "event text") end
    eq(ne, g:event_count(), "event iterator")
    for p = 0, #g:players() - 1 do
      local v = g:view(p)
      ok(type(v.describe()) == "string", "view")
      local k = 0
      for _ in v:events() do k = k + 1 end
      eq(k, ne, "view events")
    end
    ctx:close()
  end)
  test("games: unknown ruleset, actions, undo, chance", function()
    local ctx = w.context()
    local e = raises(w.Status.ENOTFOUND, ctx.new_game, ctx, "chess", "1805", nil, 1)
    ok(e.message:find("chess"), "message names the ruleset")
    local a, b = ctx:new_game("lga", "1805", OPTS, 5), ctx:new_game("lga", "1805", OPTS, 5)
    local hashes = { [0] = a:hash_hex() }
    for s = 1, 30 do
      local opt = a:option(math.floor(a:option_count() / 2))
      a:choose(opt)
      b:choose_action(opt.action)
      eq(a:hash_hex(), b:hash_hex(), "same hash by index and by action")
      hashes[s] = a:hash_hex()
    end
    a:undo_to(12)
    eq(a:step_count(), 12, "undo"); eq(a:hash_hex(), hashes[12], "undo restores the hash")
    raises(w.Status.EILLEGAL, b.choose_action, b, w.parse_u64("0xffffffffffffffff"))
    while a:decision().player ~= w.WG_PLAYER_CHANCE do a:bot_step() end
    local total, sum = 0, 0
    for opt in a:options() do total = opt.total; sum = sum + opt.weight end
    eq(sum, total, "chance weights")
    local c = a:clone()
    local i = a:roll()
    ok(i >= 0 and i < a:option_count() + 1, "rolled index")
    c:choose(0)  -- the face rolled at the table
    eq(c:step_count(), a:step_count(), "host-supplied face")
    ctx:close()
  end)
  test("games: full game, save/load, borrowed handles", function()
    local ctx = w.context()
    local g = ctx:new_game("lga", "1805", OPTS, 21)
    ok(g:playout() > 100, "a full game")
    ok(g:is_over(), "over")
    ok(#g:result_text() > 0, "result")
    -- the winner: the side of the victory level the result text names, nil for a draw
    local res, win = g:result_text(), g:winner()
    if res:find("Allied") then eq(win, 0, "Allied level") elseif res:find("French") then eq(win, 1, "French level")
    else eq(win, nil, "a draw") end
    local going = ctx:new_game("lga", "1805", OPTS, 22)
    local okw, err = pcall(function() return going:winner() end)
    ok(not okw and tostring(err):find("ESTATE") ~= nil, "no winner while the game goes on: " .. tostring(err))
    eq(g:decision().player, w.WG_PLAYER_NONE, "nobody decides")
    eq(g:option_count(), 0, "no options")
    local a = ctx:new_game("lga", "1805", OPTS, 11)
    a:playout(300)
    local bytes = a:save()
    local c = ctx:load_game(bytes)
    eq(c:hash_hex(), a:hash_hex(), "loaded game")
    local bad = bytes:sub(1, #bytes - 3)
    local good = pcall(ctx.load_game, ctx, bad)
    ok(not good, "truncated save refused")
    local m, t = a:map(), a:table("crt")
    ok(m:space_count() > 0, "borrowed map"); eq(t:name(), "crt", "borrowed table")
    a:close()
    ok(not m:is_open() and not t:is_open(), "borrowed handles close with their game")
    raises(w.Status.EINVAL, m.space_count, m)
    ctx:close()
    eq(c:step_count(), 300, "games outlive the closed context")
    c:close(); g:close()
  end)
  test("games: a ruleset function as a method (wg_lga_attack_odds)", function()
    local ctx = w.context()
    raises(w.Status.ESTATE, function() return ctx:new_game("lga", "1805", OPTS, 2):lga_attack_odds(0) end)
    local odds, text
    for seed = 1, 40 do
      local g = ctx:new_game("lga", "1805", OPTS, seed)
      while not g:is_over() and not odds do
        if g:decision().kind == w.WG_DEC_ATTACK and g:option_count() > 1 then
          for opt in g:options() do
            if not opt.label:find("no more") then g:choose(opt); break end
          end
          odds, text = g:lga_attack_odds(0), g:lga_attack_odds_text(0)
        else
          g:bot_step()
        end
      end
      g:close()
      if odds then break end
    end
    ok(odds, "some game declares an attack")
    local F = w.LgaOddsField  -- LGA-COMBAT-11, LGA-COMBAT-12, LGA-COMBAT-15
    eq(#odds, w.WG_LGA_ODDS_COUNT, "entries")
    eq(odds[F.ATT_TOTAL + 1], odds[F.ATT_BASE + 1] + odds[F.ATT_LEADERS + 1], "attacker total")
    eq(odds[F.DEF_TOTAL + 1], (odds[F.DEF_BASE + 1] + odds[F.DEF_LEADERS + 1]) * odds[F.DEF_MULT + 1], "defender total")
    ok(text:find("LGA-COMBAT-15", 1, true), "the breakdown cites the rule")
    ctx:close()
  end)
  test("games: an unprinted CRT cell stops the game with the rule", function()
    local ctx = w.context()
    local err
    for seed = 1, 30 do
      local g = ctx:new_game("lga", "1805", nil, seed)
      local good, e = pcall(g.playout, g)
      if not good then err = e; break end
      g:close()
    end
    ok(err, "some game meets a gap")
    eq(err.status, w.Status.ETABLEGAP, "status")
    ok(err.message:find("LGA%-"), "the message names the rule")
    ctx:close()
  end)
end

if has_ruleset("marechaux") then
  test("hidden information: views by side", function()
    local ctx = w.context()
    local g = ctx:new_game("marechaux", "1808", nil, 1)
    g:playout(300)
    local referee, allied, french = g:describe(), g:view(0).describe(), g:view(1).describe()
    ok(allied ~= referee and french ~= referee and allied ~= french, "views differ")
    if referee:find("AA decoy", 1, true) then
      ok(not french:find("AA decoy", 1, true), "the French view shows Anglo-Allied decoys")
    end
    ctx:close()
  end)
end

test("the options are the decider's", function()
  local ctx = w.context()
  local g = ctx:new_game("marechaux", "1808", nil, 3)
  local seen = 0
  for _ = 1, 300 do
    local d = g:decision()
    if d.player < 0 and d.player ~= w.Player.PLAYER_CHANCE then break end
    if d.player >= 0 then
      local other = 1 - d.player
      eq(g:option_count(d.player), g:option_count(), "the decider counts every option")
      local e = raises(w.Status.ESTATE, g.option_count, g, other)
      ok(tostring(e):find("does not decide", 1, true), "message names who decides")
      raises(w.Status.ESTATE, g.option, g, 0, other)
      local mine, ref = {}, {}
      for o in g:options(d.player) do mine[#mine + 1] = o.label end
      for o in g:options() do ref[#ref + 1] = o.label end
      eq(list(mine), list(ref), "the decider's labels")
      ok(g:decision(other).text:find("decides", 1, true), "the other player learns who decides")
      seen = seen + 1
    end
    g:bot_step()
  end
  ok(seen > 0, "players decided")
  ctx:close()
end)

-- ------------------------------------------------------------------ the uniform doors
local DOOR_RULESETS = {}
for _, r in ipairs({ "lga", "marechaux" }) do if has_ruleset(r) then DOOR_RULESETS[#DOOR_RULESETS + 1] = r end end
local DOOR_OPTS = { lga = "crt=completion" }
local function door_game(ctx, r, seed)
  return ctx:new_game(r, w.scenarios(r)[1].id, DOOR_OPTS[r], seed or 7)
end

if #DOOR_RULESETS > 0 then
  test("input arrays: choose_params with a table", function()
    local kinds = {}
    for _, spec in ipairs(w.decl.functions) do
      if spec[1] == "wg_game_choose_params" then kinds = spec end
    end
    eq(kinds[5], "inarr:int64_t", "generated kind")
    eq(kinds[6], "inlen", "generated count kind")
    local ctx = w.context()
    for _, r in ipairs(DOOR_RULESETS) do
      local a, b = door_game(ctx, r), door_game(ctx, r)
      for step = 0, 4 do
        a:choose_params(0, {})
        b:choose(0)
        eq(a:hash_hex(), b:hash_hex(), r .. ": choose_params(i, {}) is choose(i)")
        eq(#a:step_params(step), 0, "no parameters recorded")
      end
      a:choose_params(0, nil)
      b:choose(0)
      eq(a:hash_hex(), b:hash_hex(), r .. ": nil is an empty array")
      local n, req = a:option_param_count(0)
      eq(n, 0, "no parameters"); eq(req, 0, "not required")
      local before = a:hash_hex()
      local e = raises(w.Status.EINVAL, a.choose_params, a, 0, { 1 })
      ok(e.message:find("1 given", 1, true), "message: " .. tostring(e))
      eq(e.func, "wg_game_choose_params", "function named")
      e = raises(w.Status.EINVAL, a.choose_params, a, 0, { 1, 2, 3 })
      ok(e.message:find("3 given", 1, true), "message: " .. tostring(e))
      eq(a:hash_hex(), before, "nothing changed")
      local good = pcall(a.choose_params, a, 0, "12")
      ok(not good, "a string is not a table")
      good = pcall(a.choose_params, a, 0, { "x" })
      ok(not good, "elements must be numbers")
    end
    ctx:close()
  end)
end

if #DOOR_RULESETS > 0 then
  local function played(ctx, r, steps)
    local g = door_game(ctx, r, 3)
    for _ = 1, steps or 30 do
      if g:is_over() then break end
      g:bot_step()
    end
    return g
  end

  test("doors: spaces by name and attribute keys", function()
    local ctx = w.context()
    for _, r in ipairs(DOOR_RULESETS) do
      local g = played(ctx, r, 0)
      local n = g:space_count()
      ok(n > 0, "spaces")
      local spaces = g:spaces()
      eq(#spaces, n, "every space")
      for _, s in ipairs({ 0, math.floor(n / 2), n - 1 }) do
        local name = g:space_name(s)
        ok(#name > 0, "a name")
        eq(g:space_find(name), s, "found by name")
        eq(spaces[s + 1].index, s, "index")
        eq(spaces[s + 1].name, name, "name")
        eq(spaces[s + 1].attrs.name, name, "name attribute")
      end
      raises(w.Status.ENOTFOUND, g.space_find, g, "no such space")
      raises(w.Status.ERANGE, g.space_name, g, n)
      local pk = g:attr_keys(w.ATTR_PIECE)
      eq(pk[1].name, "side", "core piece key"); eq(pk[1].type, w.ATTR_INT, "int")
      eq(pk[3].name, "space_name", "core piece key"); eq(pk[3].type, w.ATTR_TEXT, "text")
      local okeys = g:attr_keys(w.ATTR_OPTION)
      eq(okeys[1].name .. okeys[2].name .. okeys[3].name, "labelactionweight", "core option keys")
      raises(w.Status.EINVAL, g.attr_keys, g, 7)
    end
    ctx:close()
  end)

  test("doors: pieces and options with attributes, choose with params", function()
    local ctx = w.context()
    for _, r in ipairs(DOOR_RULESETS) do
      local g = played(ctx, r)
      for viewer = -3, #g:players() - 1 do
        if viewer == -3 or viewer >= 0 then
          local pieces = g:pieces(viewer)
          eq(#pieces, g:piece_count(viewer), "piece count")
          for _, p in ipairs(pieces) do
            eq(p.attrs.side, p.side, "side"); eq(p.attrs.space, p.space, "space"); eq(p.attrs.label, p.label, "label")
            eq(p.attrs.space_name, g:space_name(p.attrs.space), "space_name")
          end
        end
      end
      for o in g:options() do
        eq(o.attrs.label, o.label, "option label attr")
        eq(o.attrs.weight, o.weight, "option weight attr")
        eq(#o.params, 0, "no params"); eq(o.params_required, false, "not required")
      end
      local twin = played(ctx, r)
      local steps = g:step_count()
      g:choose(0, {})
      twin:choose(0)
      eq(g:hash_hex(), twin:hash_hex(), "choose(i, {}) is choose(i)")
      eq(#g:step_params(steps), 0, "no params recorded")
      local e = raises(w.Status.EINVAL, g.choose, g, 0, { 5 })
      ok(#e.message > 0, "a message")
    end
    ctx:close()
  end)

  test("doors: the JSON view and the odds", function()
    local ctx = w.context()
    for _, r in ipairs(DOOR_RULESETS) do
      local g = played(ctx, r)
      for viewer = -3, #g:players() - 1 do
        if viewer == -3 or viewer >= 0 then
          local v = g:view(viewer)
          eq(v.ruleset, r, "ruleset"); eq(v.viewer, viewer, "viewer"); eq(v.step, g:step_count(), "step")
          eq(v.over, g:is_over(), "over")
          eq(#v.pieces, g:piece_count(viewer), "pieces in the view")
          local stood, nstood = {}, 0
          for _, p in ipairs(v.pieces) do
            if not stood[p.space] then stood[p.space] = true; nstood = nstood + 1 end
          end
          eq(#v.spaces, nstood, "the spaces pieces stand in")
          for _, s in ipairs(v.spaces) do
            ok(stood[s.space], "a space with a piece")
            eq(s.name, g:space_name(s.space), "space name")
          end
          eq(#v.events, g:event_count(), "events")
          local decider = v.decision.player
          -- the options are the decider's, and a chance decision's are public
          local readable = pcall(g.option_count, g, viewer)
          eq(v.options ~= nil, readable, "options for the viewers who may read them")
          if viewer == -3 or viewer == decider then ok(readable, "the decider reads his options") end
          eq(v:describe(), g:describe(viewer), "describe")
          local n = 0
          for _ in v:events(0) do n = n + 1 end
          eq(n, g:event_count(), "the old event iterator")
        end
      end
      local ne = g:event_count()
      g:bot_step()
      local later = g:view(-3, ne)
      eq(#later.events, g:event_count() - ne, "events from first_event")
      if #later.events > 0 then eq(later.events[1].index, ne, "first event index") end
      raises(w.Status.ERANGE, g.view_json, g, -3, g:event_count() + 1)
      local action = r == "lga" and "attack attackers=999999 target=0101" or "commander"
      local good, o = pcall(g.odds, g, -3, action)
      eq(good, r ~= "lga", "odds of " .. action)
      if good then eq(o.total, 36, "the commander's 2d6"); eq(o.outcomes[1].weight, 3, "11 or 12") end
      if good then
        local sum = 0
        for _, x in ipairs(o.outcomes) do sum = sum + x.weight end
        eq(sum, o.total, "outcome weights add up")
      else
        ok(type(o) == "table" and #o.message > 0, "odds error with a message: " .. tostring(o))
      end
    end
    ctx:close()
  end)
end

test("json decoder", function()
  local t = w.json_decode(' {"a":[1,-2,2.5,"x\\u00e9\\n\\"",true,false,null,{}],"b":{"c":[]}} ')
  eq(t.a[1], 1, "int"); eq(t.a[2], -2, "negative"); eq(t.a[3], 2.5, "float")
  eq(t.a[4], "x\195\169\n\"", "escapes"); eq(t.a[5], true, "true"); eq(t.a[6], false, "false")
  eq(t.a[7], w.json_null, "null"); eq(next(t.a[8]), nil, "empty object"); eq(#t.b.c, 0, "empty array")
  eq(w.json_decode('"\\ud83d\\ude00"'), "\240\159\152\128", "surrogate pair")
  eq(w.json_decode("281474976710656"), 281474976710656, "big integer")
  for _, bad in ipairs({ "", "{", "[1,]x", '{"a" 1}', "tru", '"abc', "1 2" }) do
    ok(not pcall(w.json_decode, bad), "rejects " .. bad)
  end
end)

test("bots", function()
  local ctx = w.context()
  local g = ctx:new_game("ccn", "S01", nil, 3)
  local b = ctx:new_bot("mcts:30", 5)
  ok(b:spec():find("iterations=30", 1, true), "spec " .. b:spec())
  local r = ctx:new_bot("random", 5)
  for _ = 1, 40 do
    if g:decision().player == 0 then b:play(g) else r:play(g) end
  end
  ok(b:stats().decisions > 0, "stats")
  raises(w.Status.EINVAL, function() return ctx:new_bot("minimax", 1) end)
  g:playout(1000000)
  local e = raises(w.Status.ESTATE, function() return b:choose(g) end)
  ok(tostring(e):find("over", 1, true), "message " .. tostring(e))
  b:close(); r:close(); g:close()
end)

local failed = 0
for _, name in ipairs(names) do
  local good, err = pcall(tests[name])
  if good then
    print("ok   " .. name)
  else
    failed = failed + 1
    print("FAIL " .. name .. ": " .. tostring(err))
  end
end
print(("%s: %d tests, %d failed"):format(w.backend, #names, failed))
os.exit(failed == 0 and 0 or 1, true)  -- close the state: every __gc runs (valgrind sees no leak)
