-- Binding-overhead figures for Lua (5.4 or LuaJIT): the playouts of bindings/bench/step_c.c.
--   lua5.4|luajit step.lua RULESET SCENARIO [GAMES] [bot|host] [OPTIONS]
local w = require "wargame"
local ruleset, scenario = arg[1], arg[2]
local ngames = tonumber(arg[3] or "5")
local host = arg[4] == "host"
local options = arg[5]
local decisions, t = 0, 0
local ctx = w.context()
for i = 0, ngames - 1 do
  local g = ctx:new_game(ruleset, scenario, options, 1000 + i)
  local s = os.clock()
  pcall(function()  -- the game stops at a failing call, as in step_c.c
    while not g:is_over() do
      if host then
        local _ = g:decision()
        _ = g:option_count()
      end
      g:bot_step()
      decisions = decisions + 1
    end
  end)
  t = t + os.clock() - s
  g:close()
end
ctx:close()
print(("%s %s %s %s decisions=%d seconds=%.4f decisions_per_s=%.0f"):format(
  w.backend == "wgffi" and "lua5.4" or "luajit", host and "host" or "bot", ruleset, scenario, decisions, t,
  t > 0 and decisions / t or 0))
