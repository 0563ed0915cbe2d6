-- Replays golden decision logs (tests/golden/*.wgd, given as arguments) through the Lua bindings: the
-- same actions must give the same state hash after every step as the C recording.
local w = require "wargame"
local failed, replayed = 0, 0
for _, path in ipairs(arg) do
  local fh = assert(io.open(path, "rb"))
  local text = fh:read("a")
  fh:close()
  local ctx = w.context()
  local head, steps = {}, {}
  local doc = ctx:parse_data(text)
  for rec in doc:records() do
    if rec[1] == "step" then steps[#steps + 1] = { tonumber(rec[2]), rec[3], rec[4] }
    else head[rec[1]] = rec[2] or "" end
  end
  doc:close()
  local ok, err = pcall(function()
    local g = ctx:new_game(head.ruleset, head.scenario, head.options ~= "" and head.options or nil,
                           w.parse_u64(head.seed))
    local function hex(h)
      h = h:gsub("^0[xX]", ""):lower()
      return string.rep("0", 16 - #h) .. h
    end
    assert(g:hash_hex() == hex(head.start), "start hash")
    for _, s in ipairs(steps) do
      g:choose_action(w.parse_u64(s[2]))
      local want = hex(s[3])
      if g:hash_hex() ~= want then error(("step %d: hash %s, recorded %s"):format(s[1], g:hash_hex(), want)) end
    end
    assert(g:step_count() == #steps, "step count")
  end)
  ctx:close()
  replayed = replayed + 1
  if ok then print("ok   " .. path .. " (" .. #steps .. " steps)")
  else failed = failed + 1; print("FAIL " .. path .. ": " .. tostring(err)) end
end
print(("%s: %d golden logs replayed, %d failed"):format(w.backend, replayed, failed))
os.exit(failed == 0 and 0 or 1, true)
