--- tabletop.lua: a tabletop assistant on libwargame.  The players move the counters and roll real
-- dice; the tool adjudicates.  It shows every decision with its options; at a chance decision the
-- players type the face they rolled (the host supplies the dice through the same decision model:
-- the face is an option of the chance decision, taken with wg_game_choose), at a player's
-- decision they type the number of an option.  Every step's events are printed as they happen and
-- kept in the game's log.  Runs on Lua 5.4 (wgffi) and LuaJIT (ffi):
--
--   lua5.4 tabletop.lua [--ruleset lga] [--scenario 1805] [--options crt=completion] [--seed N]
--                       [--load FILE] [--echo] [--max-options N] [--practice] [--help]
--
-- At the prompt (h lists the commands):
--   N, #N      take option N (1-based) of a player's decision
--   PLACE      where a destination is asked: a hex number ("3426") or a place name ("Vimeiro")
--              takes the option that goes there (wg_game_space_find); also "to PLACE"
--   FACE       at a chance decision, the face rolled: the option's label ("die roll 4"), its last
--              word ("4", "Genie") or its numbers ("1 2" for "dice AA 1, F 2"); #N takes option N.
--              A throw the rules re-roll (the ties of an initiative roll) is named as such.
--   r          let the tool roll this chance decision with the game's own seeded dice
--   b          let the random bot take this decision;  n  the bot plays on to the next die roll
--   u [PLAYER] take back the player's own last decision, as the undo policy allows
--              (wg_game_undo_point: refused, with the reason, once a roll, draw or reveal came
--              out since); with --practice, "u [K]" takes back the last K steps freely
--   odds ACTION  the exact odds of an action (wg_game_odds: "attack attackers=12,15 target=4851",
--              "commander", doc/view.md), as the player to decide knows the game
--   l          the event log so far;  o  all the options;  d  the state as the referee sees it
--   s FILE     save the game to FILE (the bytes of wg_game_save; --load FILE resumes it)
--   h          the commands;  q  quit (so does the end of the input)
--
-- The library does no file I/O: saving and loading are the tool's, with the bytes the library
-- gives and takes.  --echo repeats each input line (for scripted stdin).  Bad input of any kind
-- is answered with one line; the tool goes on (a bad command line exits with status 2, a game
-- that cannot start or load with 1).  Exit status 77: the library has no ruleset compiled in.

local script_dir = (debug.getinfo(1, "S").source:match("^@(.*)[/\\]") or ".")
package.path = package.path .. ";" .. script_dir .. "/../../bindings/lua/?.lua"
-- Every error reaches the player as one line: the first line of its text, without a traceback.
local function errtext(e)
  if type(e) == "table" and e.message then e = e.message end
  e = tostring(e):match("^[^\n]*")
  return (e:gsub("^[^:]*%.lua:%d+: ", ""))  -- the words, without the Lua source position
end
local loaded, w = pcall(require, "wargame")
if not loaded then
  io.stderr:write("tabletop: cannot load the wargame module: ", errtext(w), "\n")
  os.exit(1)
end

local CHANCE = w.WG_PLAYER_CHANCE
local NONE = w.WG_PLAYER_NONE
local REFEREE = w.WG_VIEW_REFEREE

local KIND = {}
for name, v in pairs(w.DecisionKind) do KIND[v] = name end

-- ------------------------------------------------------------------ arguments

local USAGE = "usage: tabletop.lua [--ruleset R] [--scenario S] [--options O] [--seed N] [--load FILE]"
  .. " [--echo] [--max-options N] [--practice] [--help]"

local function bad_usage(fmt, ...)
  io.stderr:write("tabletop: ", string.format(fmt, ...), " (--help shows the usage)\n")
  os.exit(2)
end

local cfg = { max_options = 40 }
do
  local with_value = { ["--ruleset"] = "ruleset", ["--scenario"] = "scenario", ["--options"] = "options",
                       ["--seed"] = "seed", ["--load"] = "load", ["--max-options"] = "max_options" }
  local i = 1
  while i <= #arg do
    local a = arg[i]
    if with_value[a] then
      local v = arg[i + 1]
      if v == nil then bad_usage("%s needs a value", a) end
      if a == "--seed" or a == "--max-options" then
        local n = v:match("^%d+$") and tonumber(v)
        if not n then bad_usage("%s takes a non-negative integer, not %q", a, v) end
        v = n
      end
      cfg[with_value[a]] = v
      i = i + 1
    elseif a == "--echo" then cfg.echo = true
    elseif a == "--practice" then cfg.practice = true
    elseif a == "--help" or a == "-h" then
      io.write(USAGE, "\n(at the prompt, h lists the commands)\n")
      os.exit(0)
    else
      bad_usage("unknown argument %q", a)
    end
    i = i + 1
  end
end

local function say(...) io.write(string.format(...), "\n") end

-- ------------------------------------------------------------------ the game

local ctx = w.context()
local game
if cfg.load then
  local f, ferr = io.open(cfg.load, "rb")
  if not f then
    say("cannot load %s: %s", cfg.load, errtext(ferr))
    os.exit(1)
  end
  local bytes = f:read("a") or ""
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
  local known = false
  for _, r in ipairs(rulesets) do known = known or r == ruleset end
  if not known then
    say("cannot start: no ruleset %q (there are: %s)", ruleset, table.concat(rulesets, ", "))
    os.exit(1)
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

local recent = {} -- the events printed last

local function print_events()
  local n = game:event_count()
  if shown > n then shown = n end
  recent = {}
  for e in game:events(shown) do
    say("  * %s", event_line(e))
    recent[#recent + 1] = e
  end
  shown = n
end

local function gcd(a, b)
  while b ~= 0 do a, b = b, a % b end
  return a
end

local function fraction(wgt, tot)
  wgt, tot = tonumber(wgt), tonumber(tot)
  local g = gcd(wgt, tot)
  if g == 0 then return "0" end
  return ("%d/%d"):format(math.floor(wgt / g), math.floor(tot / g))
end

local function odds(o) return fraction(o.weight, o.total) end

local function options_list()
  local t = {}
  for o in game:options() do t[#t + 1] = o end
  return t
end

local function player_name(p)
  if p == CHANCE then return "chance" end
  return players[p + 1] or ("player " .. tostring(p))
end

-- ------------------------------------------------------------------ throws the rules re-roll

local function numbers_of(s)
  local t = {}
  for n in s:gmatch("%d+") do t[#t + 1] = tonumber(n) end
  return t
end

--- The throws a roll leaves out, when its options are the equally likely combinations of the
--- same dice (labels with the same count of numbers, "dice AA 1, F 2") and some combinations of
--- faces that appear are not options: the rules re-roll those.  Returns nil, or { k = dice,
--- missing = { {n1, n2, ...}, ... }, doubles = true when every throw left out shows equal faces,
--- outcomes = the count of options }.
local function rerolled(opts)
  if #opts < 2 then return nil end
  local k
  local faces, have = {}, {}
  for _, o in ipairs(opts) do
    if tonumber(o.weight) ~= tonumber(opts[1].weight) then return nil end
    local ns = numbers_of(o.label)
    if k == nil then k = #ns elseif k ~= #ns then return nil end
    if k == 0 or k > 4 then return nil end
    for i, n in ipairs(ns) do
      faces[i] = faces[i] or {}
      faces[i][n] = true
    end
    have[table.concat(ns, " ")] = true
  end
  if k < 2 then return nil end
  local lists, product = {}, 1
  for i = 1, k do
    local l = {}
    for n in pairs(faces[i]) do l[#l + 1] = n end
    table.sort(l)
    lists[i] = l
    product = product * #l
  end
  if product > 4096 or product == #opts then return nil end
  local missing, doubles = {}, true
  local cur = {}
  local function walk(i)
    if i > k then
      if not have[table.concat(cur, " ")] then
        missing[#missing + 1] = { (table.unpack or unpack)(cur, 1, k) }
        for j = 2, k do if cur[j] ~= cur[1] then doubles = false end end
      end
      return
    end
    for _, n in ipairs(lists[i]) do cur[i] = n; walk(i + 1) end
  end
  walk(1)
  return { k = k, missing = missing, doubles = doubles, outcomes = #opts }
end

--- One line: why a throw is not among the outcomes.
local function reroll_reason(r)
  if r.doubles then
    return ("doubles are re-rolled: the rules count only the %d throws with different faces"):format(r.outcomes)
  end
  return ("%d throw(s) are re-rolled (ties after the modifiers): the rules count only the other %d")
    :format(#r.missing, r.outcomes)
end

-- ------------------------------------------------------------------ the decision

local function show_decision(all)
  local d = game:decision()
  local step = game:step_count()
  if d.player == NONE then
    say("== game over after %d steps: %s", step, game:result_text())
    return d, {}
  end
  say("== step %d, turn %d: %s  [%s, %s]", step, game:turn(), d.text, player_name(d.player),
    KIND[d.kind] or tostring(d.kind))
  local opts = options_list()
  if d.player == CHANCE then
    local parts = {}
    for _, o in ipairs(opts) do parts[#parts + 1] = ("%s (%s)"):format(o.label, odds(o)) end
    say("   roll and type the face: %s", table.concat(parts, " | "))
    local r = rerolled(opts)
    if r then say("   %s; throw again on any other", reroll_reason(r)) end
    -- a roll made again: why, from the events that led to it
    for _, e in ipairs(recent) do
      local t = e.text:lower()
      if t:find("re%-roll") or t:find("roll again") then say("   this is a re-roll: %s", event_line(e)) end
    end
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
  -- a throw the rules re-roll: say so, and why
  local r = rerolled(opts)
  if r then
    local typed = numbers(s)
    for _, m in ipairs(r.missing) do
      if table.concat(m, " ") == typed then
        return nil, ("%s: that throw is re-rolled (%s): throw again"):format(trim(input), reroll_reason(r))
      end
    end
  end
  return nil, ("%q is not a face of this roll (or type #N, or r to let the tool roll)"):format(input)
end

-- ------------------------------------------------------------------ destinations

local places -- lower-case place name -> { [space] = true }, made on first use
local function place_spaces(name)
  if not places then
    places = {}
    for sp = 0, game:space_count() - 1 do
      local ok, pname = pcall(game.attr_text, game, REFEREE, w.ATTR_SPACE, sp, "place")
      if ok and type(pname) == "string" and pname ~= "" then
        local key = pname:lower()
        places[key] = places[key] or {}
        places[key][sp] = true
      end
    end
  end
  return places[name:lower()]
end

--- The options of a player's decision that go to the place `name` (a hex number or a place name),
--- or nil and the reason.
local function options_to(opts, name)
  local any = false
  for _, o in ipairs(opts) do if o.attrs.to ~= nil then any = true; break end end
  if not any then return nil, "this decision asks for no destination" end
  local hits = {}
  local ok, s = pcall(game.space_find, game, name)
  if ok then
    for i, o in ipairs(opts) do if o.attrs.to == s then hits[#hits + 1] = i end end
    if #hits == 0 then return nil, ("no option goes to %s"):format(game:space_name(s)) end
    return hits
  end
  -- the name of a place printed in a hex besides its number ("Prague" in 4628): the spaces' place attribute
  local spaces = place_spaces(name)
  if spaces then
    for i, o in ipairs(opts) do if spaces[o.attrs.to] then hits[#hits + 1] = i end end
    if #hits == 0 then return nil, ("no option goes to %s"):format(name) end
    return hits
  end
  return nil, ("no place is named %q on this map"):format(name)
end

-- ------------------------------------------------------------------ commands

local function act(f, ...)
  local ok, e = pcall(f, ...)
  if not ok then say("   refused: %s", errtext(e)) end
  print_events()
  return ok
end

local function take(decision, opts, n)
  say("   %s takes: %s", player_name(decision.player), opts[n].label)
  act(game.choose, game, opts[n].index)
end

local function go_to(decision, opts, place)
  local hits, why = options_to(opts, place)
  if not hits then say("   %s", why); return false end
  if #hits > 1 then
    local t = {}
    for i = 1, math.min(#hits, 8) do t[#t + 1] = ("%d) %s"):format(hits[i], opts[hits[i]].label) end
    say("   %d options go to %s: %s%s; type the number of one", #hits, place, table.concat(t, "; "),
      #hits > 8 and "; ..." or "")
    return false
  end
  take(decision, opts, hits[1])
  return true
end

--- The player whose decision `u` takes back: the named one, or the one whose own last decision is
--- the most recent the policy lets him take back.
local function undo(who)
  if cfg.practice then
    local k = tonumber(who) or 1
    local step = game:step_count()
    if step == 0 then say("   nothing to undo"); return false end
    if act(game.undo_to, game, step - math.min(k, step)) then say("   undone: back to step %d", game:step_count()) end
    return true
  end
  local candidates = {}
  if who and who ~= "" then
    for p, name in ipairs(players) do
      if name:lower() == who:lower() or tostring(p) == who then candidates[1] = p - 1 end
    end
    if #candidates == 0 then
      say("   no player %q (players: %s)", who, table.concat(players, ", "))
      return false
    end
  else
    for p = 1, #players do candidates[#candidates + 1] = p - 1 end
  end
  local best, reason
  for _, p in ipairs(candidates) do
    local ok, step = pcall(game.undo_point, game, p)
    if ok then
      if not best or step > best.step then best = { step = step, player = p } end
    elseif type(step) == "table" and step.status == w.WG_ESTATE then
      reason = reason or errtext(step)
    else
      reason = reason or (#candidates == 1 and errtext(step)) or nil
    end
  end
  if not best then
    say("   %s", reason or "nothing to undo: no player has taken a decision yet")
    return false
  end
  if act(game.undo_to, game, best.step) then
    say("   undone: %s's last decision taken back, back to step %d", player_name(best.player), game:step_count())
  end
  return true
end

local function save(file)
  if not file or file == "" then
    say("   usage: s FILE")
    return
  end
  local ok, bytes = pcall(game.save, game)
  if not ok then say("   cannot save: %s", errtext(bytes)); return end
  local f, err = io.open(file, "wb")
  if not f then say("   cannot write %s: %s", file, errtext(err)); return end
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

--- The exact odds of an action, as the player to decide (or the referee at chance) knows the game.
local function show_odds(decision, action)
  if action == "" then
    say("   usage: odds ACTION, e.g. odds attack attackers=12,15 target=4851 (the verbs: doc/view.md)")
    return
  end
  local viewer = (decision.player ~= nil and decision.player >= 0) and decision.player or REFEREE
  local ok, r = pcall(game.odds, game, viewer, action)
  if not ok then say("   no odds: %s", errtext(r)); return end
  say("   odds of %s (as %s knows the game):", action, viewer == REFEREE and "the referee" or player_name(viewer))
  for _, o in ipairs(r.outcomes or {}) do
    local pct = tonumber(r.total) > 0 and 100 * tonumber(o.weight) / tonumber(r.total) or 0
    say("     %-40s %8s  %5.1f%%", o.label, fraction(o.weight, r.total), pct)
  end
  for _, m in ipairs(r.modifiers or {}) do
    local rule = (type(m.rule) == "string" and m.rule ~= "") and (" (" .. m.rule .. ")") or ""
    say("     modifier %s %s: %s%s", tostring(m.name), tostring(m.value), tostring(m.text), rule)
  end
end

local HELP = {
  "commands:",
  "  N, #N        take option N of a player's decision",
  "  PLACE        where a destination is asked: a hex number or a place name (also: to PLACE)",
  "  FACE         at a roll: the face thrown (the label, its last word, or its numbers: 3 5); #N",
  "  r            let the tool roll;  b  let the bot decide;  n  the bot plays on to the next roll",
  "  u [PLAYER]   take back your own last decision (allowed until a roll, draw or reveal came out)",
  "  odds ACTION  the exact odds of an action, e.g. odds attack attackers=12,15 target=4851",
  "  l  the event log;  o  all the options;  d  the state as the referee sees it",
  "  s FILE       save the game (resume with --load FILE);  h  this help;  q  quit",
}

-- ------------------------------------------------------------------ the loop

--- One line of input; returns false to quit, and whether to show the decision again.
local function command(line, decision, opts)
  local cmd, rest = line:match("^(%S+)%s*(.-)$")
  if cmd == nil then return true, false end
  local lcmd = cmd:lower()
  if lcmd == "q" or lcmd == "quit" then return false end
  if lcmd == "h" or lcmd == "help" or lcmd == "?" then
    for _, l in ipairs(HELP) do say("%s", l) end
    return true, false
  elseif lcmd == "u" or lcmd == "undo" then
    if not undo(rest) then return true, false end
  elseif lcmd == "l" then print_log(); return true, false
  elseif lcmd == "d" then say("%s", game:describe(REFEREE)); return true, false
  elseif lcmd == "o" then return true, "all"
  elseif lcmd == "s" then save(rest); return true, false
  elseif lcmd == "odds" then show_odds(decision, rest); return true, false
  elseif lcmd == "b" then
    if decision.player == NONE then say("   the game is over"); return true, false end
    act(game.bot_step, game)
  elseif lcmd == "n" then bot_to_next_roll()
  elseif decision.player == NONE then
    say("   the game is over: u to undo, l for the log, s FILE to save, q to quit"); return true, false
  elseif lcmd == "r" then
    if decision.player ~= CHANCE then say("   not a chance decision: type an option number"); return true, false end
    local ok, i = pcall(game.roll, game)
    if ok then say("   the tool rolled: %s", opts[i + 1] and opts[i + 1].label or tostring(i))
    else say("   refused: %s", errtext(i)) end
    print_events()
  elseif decision.player == CHANCE then
    local o, why = match_face(opts, line)
    if not o then say("   %s", why); return true, false end
    say("   host die: %s (probability %s)", o.label, odds(o))
    act(game.choose, game, o.index)
  elseif lcmd == "to" then
    if rest == "" then say("   usage: to PLACE (a hex number or a place name)"); return true, false end
    if not go_to(decision, opts, rest) then return true, false end
  else
    local hashn = line:match("^#(%d+)$")
    local n = hashn and tonumber(hashn) or (line:match("^%d+$") and tonumber(line))
    if hashn then
      if not opts[n] then say("   there is no option #%d (1..%d)", n, #opts); return true, false end
      take(decision, opts, n)
    elseif n and opts[n] then
      local dest = options_to(opts, line)
      if dest then
        say("   %s is both option %d and a place: type #%d for the option, to %s for the place", line, n, n, line)
        return true, false
      end
      take(decision, opts, n)
    else
      local dest, why = options_to(opts, line)
      if dest then
        if not go_to(decision, opts, line) then return true, false end
      elseif n then
        say("   no option %d (1..%d)%s", n, #opts, why and why ~= "this decision asks for no destination"
          and (", and " .. why) or "")
        return true, false
      elseif why and why:find("^no option goes to") then
        say("   %s", why)
        return true, false
      else
        say("   unknown command %q: h lists the commands", line)
        return true, false
      end
    end
  end
  return true, true
end

local function main()
  print_events()
  local decision, opts = show_decision(false)
  while true do
    io.write(decision.player == CHANCE and "face> " or "> ")
    io.flush()
    local line = io.read("l")
    if line == nil then say(""); break end
    if cfg.echo then say("%s", line) end
    line = trim(line)
    local ok, go_on, redraw = pcall(command, line, decision, opts)
    if not ok then
      say("   error: %s", errtext(go_on))
      go_on, redraw = true, false
    end
    if not go_on then break end
    if redraw then decision, opts = show_decision(redraw == "all") end
  end
  say("%d steps taken, %d events in the log; %s", game:step_count(), game:event_count(), game:result_text())
end

local ok, e = pcall(main)
if not ok then
  say("tabletop: %s", errtext(e))
  os.exit(1)
end
game:close()
ctx:close()
