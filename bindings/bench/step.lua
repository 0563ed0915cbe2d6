-- Binding-overhead figures for Lua (5.4 or LuaJIT): the playouts of bindings/bench/step_c.c.
--   lua5.4|luajit step.lua RULESET SCENARIO [GAMES] [bot|host]
local w = require "wargame"
local ruleset, scenario = arg[1], arg[2]
local ngames = tonumber(arg[3] or "5")
local host = arg[4] == "host"
local decisions, t = 0, 0
local ctx = w.context()
for i = 0, ngames - 1 do
  local g = ctx:new_game(ruleset, scenario, nil, 1000 + i)
  local s = os.clock()
  while not g:is_over() do
    if host then
      local _ = g:decision()
      _ = g:option_count()
    end
    g:bot_step()
    decisions = decisions + 1
  end
  t = t + os.clock() - s
  g:close()
end
ctx:close()
print(("%s %s %s %s decisions=%d seconds=%.4f decisions_per_s=%.0f"):format(
  w.backend == "wgffi" and "lua5.4" or "luajit", host and "host" or "bot", ruleset, scenario, decisions, t,
  t > 0 and decisions / t or 0))
