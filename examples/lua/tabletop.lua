--- tabletop.lua: a tabletop assistant on libwargame.  The players move the counters and roll real
-- dice; the tool adjudicates.  It shows every decision with its options; at a chance decision the
-- players type the face they rolled (the host supplies the dice through the same decision model:
-- the face is an option of the chance decision, taken with wg_game_choose), at a player's
-- decision they type the number of an option.  Every step's events are printed as they happen and
-- kept in the game's log.  Runs on Lua 5.4 (wgffi) and LuaJIT (ffi):
--
--   lua5.4 tabletop.lua [--ruleset lga] [--scenario 1805] [--options crt=completion] [--seed N]
--                       [--load FILE] [--echo] [--max-options N]
--
-- At the prompt:
--   N          take option N (1-based) of a player's decision
--   FACE       at a chance decision, the face rolled: the option's label ("die roll 4"), its last
--              word ("4", "Genie") or its numbers ("1 2" for "dice AA 1, F 2"); #N takes option N
--   r          let the tool roll this chance decision with the game's own seeded dice
--   b          let the random bot take this decision;  n  the bot plays on to the next die roll
--   u [K]      undo the last decision (or the last K)
--   l          the event log so far;  o  all the options;  d  the state as the referee sees it
--   s FILE     save the game to FILE (the bytes of wg_game_save; --load FILE resumes it)
--   q          quit (so does the end of the input)
--
-- The library does no file I/O: saving and loading are the tool's, with the bytes the library
-- gives and takes.  --echo repeats each input line (for scripted stdin).  Exit status 77: the
-- library has no ruleset compiled in.

local script_dir = (debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".")
package.path = package.path .. ";" .. script_dir .. "/../../bindings/lua/?.lua"
local w = require "wargame"

local CHANCE = w.WG_PLAYER_CHANCE
local NONE = w.WG_PLAYER_NONE
local REFEREE = w.WG_VIEW_REFEREE

local KIND = {}
for name, v in pairs(w.DecisionKind) do KIND[v] = name end

-- ------------------------------------------------------------------ arguments

local cfg = { max_options = 40 }
do
  local i = 1
  while i <= #arg do
    local a = arg[i]
    local v = arg[i + 1]
    if a == "--ruleset" then cfg.ruleset = v; i = i + 1
    elseif a == "--scenario" then cfg.scenario = v; i = i + 1
    elseif a == "--options" then cfg.options = v; i = i + 1
    elseif a == "--seed" then cfg.seed = tonumber(v); i = i + 1
    elseif a == "--load" then cfg.load = v; i = i + 1
    elseif a == "--max-options" then cfg.max_options = tonumber(v); i = i + 1
    elseif a == "--echo" then cfg.echo = true
    else
      io.stderr:write("usage: tabletop.lua [--ruleset R] [--scenario S] [--options O] [--seed N] [--load FILE] [--echo]\n")
      os.exit(2)
    end
    i = i + 1
  end
end

local function say(...) io.write(string.format(...), "\n") end

local function errtext(e)
  if type(e) == "table" and e.message then return e.message end
  return tostring(e)
end

-- ------------------------------------------------------------------ the game

local ctx = w.context()
local game
if cfg.load then
  local f = assert(io.open(cfg.load, "rb"))
  local bytes = f:read("*a")
  f:close()
  local ok, g = pcall(ctx.load_game, ctx, bytes)
  if not ok then
    say("cannot load %s: %s", cfg.load, errtext(g))
    os.exit(1)
  end
  game = g
  say("loaded game at step %d from %s (%d bytes)", game:step_count(), cfg.load, #bytes)
else
  local rulesets = w.rulesets()
  if #rulesets == 0 then
    say("no ruleset is compiled into the library")
    os.exit(77)
  end
  local ruleset = cfg.ruleset
  if not ruleset then
    for _, r in ipairs(rulesets) do if r == "lga" then ruleset = r end end
    ruleset = ruleset or rulesets[1]
  end
  local scenario, options = cfg.scenario, cfg.options
  if ruleset == "lga" then
    scenario = scenario or "1805"
    if options == nil then options = "crt=completion" end -- the printed CRT leaves cells blank
  end
  scenario = scenario or w.scenarios(ruleset)[1].id
  local ok, g = pcall(ctx.new_game, ctx, ruleset, scenario, options, cfg.seed or 1)
  if not ok then
    say("cannot start %s %s: %s", ruleset, scenario, errtext(g))
    os.exit(1)
  end
  game = g
end
local players = game:players()
say("%s, scenario %s (%s) -- players: %s", w.ruleset_name(game:ruleset()), game:scenario(),
  w.version(), table.concat(players, ", "))

local shown = 0 -- events printed so far

--- An event in words, with the rulebook item behind it when the text does not name it.
local function event_line(e)
  if e.rule and e.rule ~= "" and not e.text:find(e.rule, 1, true) then
    return ("%s (%s)"):format(e.text, e.rule)
  end
  return e.text
end

local function print_events()
  local n = game:event_count()
  if shown > n then shown = n end
  for e in game:events(shown) do
    say("  * %s", event_line(e))
  end
  shown = n
end

local function gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local function odds(o)
  local wgt, tot = tonumber(o.weight), tonumber(o.total)
  local g = gcd(wgt, tot)
  return ("%d/%d"):format(math.floor(wgt / g), math.floor(tot / g))
end

local function options_list()
  local t = {}
  for o in game:options() do t[#t + 1] = o end
  return t
end

local function show_decision(all)
  local d = game:decision()
  local step = game:step_count()
  if d.player == NONE then
    say("== game over after %d steps: %s", step, game:result_text())
    return d
  end
  local who = d.player == CHANCE and "chance" or (players[d.player + 1] or ("player " .. d.player))
  say("== step %d, turn %d: %s  [%s, %s]", step, game:turn(), d.text, who, KIND[d.kind] or tostring(d.kind))
  local opts = options_list()
  if d.player == CHANCE then
    local parts = {}
    for _, o in ipairs(opts) do parts[#parts + 1] = ("%s (%s)"):format(o.label, odds(o)) end
    say("   roll and type the face: %s", table.concat(parts, " | "))
  else
    local limit = all and #opts or math.min(#opts, cfg.max_options)
    for i = 1, limit do say("  %3d) %s", i, opts[i].label) end
    if limit < #opts then say("   ... %d more ('o' lists them all)", #opts - limit) end
  end
  return d, opts
end

-- ------------------------------------------------------------------ faces typed by the players

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

local function numbers(s)
  local t = {}
  for n in s:gmatch("%d+") do t[#t + 1] = n end
  return table.concat(t, " ")
end

--- The option a typed face names, or nil and a reason.
local function match_face(opts, input)
  local s = trim(input):lower()
  local n = s:match("^#(%d+)$")
  if n then
    n = tonumber(n)
    if opts[n] then return opts[n] end
    return nil, ("there is no option #%d (1..%d)"):format(n, #opts)
  end
  local rules = {
    function(label) return label == s end,
    function(label) return label:match("(%S+)$") == s end,
    function(label) return numbers(s) ~= "" and numbers(label) == numbers(s) end,
    function(label) return (" " .. label .. " "):find(" " .. s .. " ", 1, true) ~= nil end,
  }
  for _, rule in ipairs(rules) do
    local hits = {}
    for _, o in ipairs(opts) do
      if rule(o.label:lower()) then hits[#hits + 1] = o end
    end
    if #hits == 1 then return hits[1] end
    if #hits > 1 then
      local names = {}
      for _, o in ipairs(hits) do names[#names + 1] = o.label end
      return nil, "ambiguous: " .. table.concat(names, " | ")
    end
  end
  return nil, ("%q is not a face of this roll (or type #N, or r to let the tool roll)"):format(input)
end

-- ------------------------------------------------------------------ commands

local function act(f, ...)
  local ok, e = pcall(f, ...)
  if not ok then say("   refused: %s", errtext(e)) end
  print_events()
  return ok
end

local function undo(k)
  local step = game:step_count()
  if step == 0 then
    say("   nothing to undo")
    return
  end
  k = math.min(k or 1, step)
  if act(game.undo_to, game, step - k) then
    say("   undone: back to step %d", game:step_count())
  end
end

local function save(file)
  if not file or file == "" then
    say("   usage: s FILE")
    return
  end
  local ok, bytes = pcall(game.save, game)
  if not ok then say("   cannot save: %s", errtext(bytes)); return end
  local f, err = io.open(file, "wb")
  if not f then say("   cannot write %s: %s", file, err); return end
  f:write(bytes)
  f:close()
  say("   saved %d bytes to %s (step %d)", #bytes, file, game:step_count())
end

local function print_log()
  say("   event log (%d events):", game:event_count())
  for e in game:events(0) do say("   %5d  step %-5s %s", e.index + 1, tostring(e.step), event_line(e)) end
end

local function bot_to_next_roll()
  local taken = 0
  while not game:is_over() and game:decision().player ~= CHANCE do
    if not act(game.bot_step, game) then break end
    taken = taken + 1
  end
  say("   the bot took %d decision(s)", taken)
end

-- ------------------------------------------------------------------ the loop

print_events()
local decision, opts = show_decision(false)
while true do
  io.write(decision.player == CHANCE and "face> " or "> ")
  io.flush()
  local line = io.read("*l")
  if line == nil then say(""); break end
  if cfg.echo then say("%s", line) end
  line = trim(line)
  local cmd, rest = line:match("^(%S+)%s*(.-)$")
  local redraw = true
  if cmd == nil then
    redraw = false
  elseif cmd == "q" then
    break
  elseif cmd == "u" then
    undo(tonumber(rest))
  elseif cmd == "l" then
    print_log(); redraw = false
  elseif cmd == "d" then
    say("%s", game:describe(REFEREE)); redraw = false
  elseif cmd == "o" then
    decision, opts = show_decision(true); redraw = false
  elseif cmd == "s" then
    save(rest); redraw = false
  elseif cmd == "b" then
    if decision.player == NONE then say("   the game is over") else act(game.bot_step, game) end
  elseif cmd == "n" then
    bot_to_next_roll()
  elseif decision.player == NONE then
    say("   the game is over: u to undo, l for the log, s FILE to save, q to quit"); redraw = false
  elseif cmd == "r" then
    if decision.player == CHANCE then
      local ok, i = pcall(game.roll, game)
      if ok then say("   the tool rolled: %s", opts[i + 1].label) else say("   refused: %s", errtext(i)) end
      print_events()
    else
      say("   not a chance decision: type an option number"); redraw = false
    end
  elseif decision.player == CHANCE then
    local o, why = match_face(opts, line)
    if o then
      say("   host die: %s (probability %s)", o.label, odds(o))
      act(game.choose, game, o.index)
    else
      say("   %s", why); redraw = false
    end
  else
    local n = tonumber(line)
    if n and opts[n] then
      say("   %s takes: %s", players[decision.player + 1] or "player", opts[n].label)
      act(game.choose, game, opts[n].index)
    else
      say("   type an option number 1..%d (or b, n, u, l, o, d, s FILE, q)", #opts); redraw = false
    end
  end
  if redraw then decision, opts = show_decision(false) end
end

say("%d steps taken, %d events in the log; %s", game:step_count(), game:event_count(), game:result_text())
game:close()
ctx:close()
