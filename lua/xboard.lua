-- xboard: how XBoard (4.9, CECP) reads a variant's name.
--
-- XBoard takes any name that contains one of its own variant names for
-- that variant, with its own rules (StringToVariant in its backend.c):
-- "berolina10" is its Berolina Chess, and it then ignores the engine's
-- board and pieces. Only a name it reads as none of its own is an
-- engine-defined variant, whose setup and piece commands it obeys.
-- varia xboard asks this module how XBoard reads a script's name, and
-- offers a script that declares no names.xboard under a name XBoard does
-- not misread (M.offered).
local M = {}

-- XBoard's own variant names (common.h VARIANT_NAMES), in its order. The
-- first ones are found anywhere in a name; from "shogi" on only at its
-- start and not followed by a letter ("grandchess" is not grand).
M.anywhere = {
  "normal", "wildcastle", "nocastle", "fischerandom", "bughouse", "crazyhouse",
  "losers", "suicide", "giveaway", "twokings", "kriegspiel", "atomic", "3check",
  "shatranj", "wild29", "wild30", "wild31", "wild32", "wild33", "wild34",
  "wild35", "wild36",
}
M.at_start = {
  "shogi", "chu", "courier", "gothic", "capablanca", "knightmate", "fairy",
  "cylinder", "falcon", "caparandom", "berolina", "janus", "super", "great",
  "twilight", "makruk", "seirawan", "grand", "spartan", "xiangqi", "asean",
  "lion", "elven", "unknown",
}

-- XBoard's catch-alls: names under which it takes the engine's board and
-- pieces anyway (fairy), or knows no rules (unknown). A name read as one
-- of these is not misread.
local catch_all = { fairy = true, unknown = true }

-- The variant of its own XBoard reads into name, and where in name (the
-- position of its first character) the text it read starts; nil when
-- XBoard reads the name as an engine-defined variant (or as "normal"
-- inside a longer name, which it treats so too).
function M.reads(name)
  local e = name:lower()
  local size = e:match("^%d+x%d+_.") and e:find("_", 1, true) or e:match("^%d+x%d+%+%d+_.") and e:find("_", 1, true)
  local base = size or 0
  e = e:sub(base + 1)
  if e:find("misc/", 1, true) then return nil end
  for _, own in ipairs(M.anywhere) do
    local at = e:find(own, 1, true)
    if at then
      if own == "normal" then return e == "normal" and own or nil, base + at end
      return own, base + at
    end
  end
  for _, own in ipairs(M.at_start) do
    local at = e:find(own, 1, true)
    if at == 1 and not e:sub(#own + 1, #own + 1):match("%a") then
      if catch_all[own] then return nil end
      return own, base + 1
    end
  end
  local fischer, random = e:find("fischer", 1, true), e:find("random", 1, true)
  if fischer and random then return "fischerandom", base + fischer end
  for _, text in ipairs({ "wild/fr", "frc", "960" }) do
    local at = e:find(text, 1, true)
    if at then return "fischerandom", base + at end
  end
  -- "wild" or "w" followed by a number is one of the ICS wild games
  -- (most of them XBoard's own variants)
  local w, skip = e:find("wild", 1, true), 4
  if not w then w, skip = e:find("w", 1, true), 1 end
  if w and e:sub(w + skip):match("^[ (/]*%d") then return "wild", base + w end
  return nil
end

-- The name XBoard is offered for a script of this name that declares no
-- names.xboard: its own name, unless XBoard reads one of its variants into
-- it; then "varia-" and the name ("varia-berolina10"), a hyphen put into
-- each part XBoard would still read ("varia-a-tomic10").
function M.offered(name)
  if not M.reads(name) then return name end
  local alias = "varia-" .. name
  for _ = 1, #alias do
    local own, at = M.reads(alias)
    if not own then return alias end
    alias = alias:sub(1, at) .. "-" .. alias:sub(at + 1)
  end
  return alias
end

return M
