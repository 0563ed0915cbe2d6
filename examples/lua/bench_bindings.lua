--- bench_bindings.lua: binding overhead from Lua 5.4 (wgffi) or LuaJIT (ffi): the random playouts
-- of wg-bench (bench/bench.c), driven three ways.
--
--   lua5.4 bench_bindings.lua [--ruleset R] [--scenario S] [--options O] [--games N]
--   luajit bench_bindings.lua ...
--
-- Games of seeds 1000 .. 1000+N-1 (LGA with "crt=completion", like wg-bench) are played out:
--   playout  one call per game (wg_game_playout): the C loop, the reference figure;
--   bot      one call per decision from Lua (game:bot_step(), the library's random bot);
--   host     the host decides: per decision the option count, then an index drawn with Lua's
--            math.random (uniform for a player; by the exact weights for chance, read with
--            wg_game_option_weight) taken with game:choose().  An option taken only with
--            parameters (Les Aigles "move to a point", "wheel to a facing") is not taken: the
--            index is drawn again among the options without required parameters.
-- Prints decisions/s per mode and the cost relative to the C loop.  Figures only; not a test.

local script_dir = (debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".")
package.path = package.path .. ";" .. script_dir .. "/../../bindings/lua/?.lua"
local w = require "wargame"

local CHANCE = w.WG_PLAYER_CHANCE
local DEFAULT_OPTIONS = { lga = "crt=completion" }

local cfg = { games = 5, modes = "playout,bot,host" }
do
  local i = 1
  while i <= #arg do
    local a, v = arg[i], arg[i + 1]
    if a == "--ruleset" then cfg.ruleset = v
    elseif a == "--scenario" then cfg.scenario = v
    elseif a == "--options" then cfg.options = v
    elseif a == "--games" then cfg.games = tonumber(v)
    elseif a == "--modes" then cfg.modes = v
    else
      io.stderr:write("usage: bench_bindings.lua [--ruleset R] [--scenario S] [--options O] [--games N] [--modes M,...]\n")
      os.exit(2)
    end
    i = i + 2
  end
end

-- os.clock is CPU time of the process: what the calls cost, whatever else the machine runs.
local clock = os.clock

local function run_bot(g)
  while not g:is_over() do g:bot_step() end
end

local function run_host(g)
  while not g:is_over() do
    local n = g:option_count()
    local d = g:decision()
    local i
    if d.player == CHANCE then
      local _, total = g:option_weight(0)
      local x = math.random(0, tonumber(total) - 1)
      i = 0
      while true do
        local wt = tonumber((g:option_weight(i)))
        if x < wt then break end
        x = x - wt
        i = i + 1
      end
    else
      i = math.random(0, tonumber(n) - 1)
      local params, required = g:option_params(i)
      if #params > 0 and required then
        -- taken only with parameters ("move to a point"): drawn again among the others
        local free = {}
        for j = 0, tonumber(n) - 1 do
          local pj, rj = g:option_params(j)
          if #pj == 0 or not rj then free[#free + 1] = j end
        end
        i = free[math.random(1, #free)]
      end
    end
    g:choose(i)
  end
end

local function bench(ctx, ruleset, scenario, options, games, mode)
  local decisions, seconds, stopped = 0, 0, 0
  for i = 0, games - 1 do
    local g = ctx:new_game(ruleset, scenario, options, 1000 + i)
    math.randomseed(1000 + i)
    local t = clock()
    local ok, e
    if mode == "playout" then ok, e = pcall(g.playout, g)
    elseif mode == "bot" then ok, e = pcall(run_bot, g)
    else ok, e = pcall(run_host, g) end
    seconds = seconds + (clock() - t)
    if not ok then
      stopped = stopped + 1
      io.stderr:write(("  (%s %s seed %d, %s: stopped at step %s: %s)\n"):format(ruleset, scenario, 1000 + i, mode,
        tostring(g:step_count()), tostring(e)))
    end
    decisions = decisions + tonumber(g:step_count())
    g:close()
  end
  return decisions, seconds, stopped
end

local rulesets = cfg.ruleset and { cfg.ruleset } or w.rulesets()
if #rulesets == 0 then
  print("no ruleset is compiled into the library")
  os.exit(77)
end
print(("libwargame %s from %s (%s), %d games per scenario and mode"):format(w.version(),
  rawget(_G, "jit") and jit.version or _VERSION, w.backend, cfg.games))
print(("%-10s %-8s %-8s %10s %14s %8s %14s"):format("ruleset", "scenario", "mode", "decisions", "decisions/s",
  "vs C", "us/decision"))
local ctx = w.context()
for _, r in ipairs(rulesets) do
  local scenarios = {}
  if cfg.scenario then scenarios = { cfg.scenario } else
    for _, s in ipairs(w.scenarios(r)) do scenarios[#scenarios + 1] = s.id end
  end
  local options = cfg.options or DEFAULT_OPTIONS[r]
  for _, s in ipairs(scenarios) do
    local base
    for mode in cfg.modes:gmatch("[^,]+") do
      local n, secs, stopped = bench(ctx, r, s, options, cfg.games, mode)
      local rate = secs > 0 and n / secs or 0
      if mode == "playout" then base = rate end
      local rel = (base and rate > 0) and ("%7.1fx"):format(base / rate) or "      -"
      print(("%-10s %-8s %-8s %10d %14.0f %8s %14.2f%s"):format(r, s, mode, n, rate, rel,
        rate > 0 and 1e6 / rate or 0, stopped > 0 and ("  (%d stopped)"):format(stopped) or ""))
    end
  end
end
ctx:close()
