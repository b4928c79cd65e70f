-- What other programs call a variant: each script's names table
-- (docs/api.md), read by the PGN reader and the engine protocols.

local t = require "check"
local std = require "std"

-- A name as a [Variant] tag is compared: without case, spaces, hyphens,
-- underscores or dots.
local function form(s) return (s:lower():gsub("[ %-_%.]", "")) end

-- No declared name means two variants: none is another variant's own
-- name (varia's names are read first, so such a name would be dead) and
-- none is declared by two scripts (the first would win in silence).
local own, owner = {}, {}
for _, name in ipairs(varia.variants()) do own[form(name)] = name end
local shuffled_of = {}
for _, name in ipairs(varia.variants()) do
  local ok, v = pcall(varia.load, name)
  local names = ok and type(v) == "table" and v.names or {}
  local declared = {}
  if names.xboard then declared[#declared + 1] = names.xboard end
  local pgn = type(names.pgn) == "string" and { names.pgn } or names.pgn or {}
  for _, n in ipairs(pgn) do declared[#declared + 1] = n end
  local aliases = type(names.aliases) == "string" and { names.aliases } or names.aliases or {}
  for _, n in ipairs(aliases) do declared[#declared + 1] = n end
  for _, n in ipairs(declared) do
    local f = form(n)
    if own[f] ~= nil and own[f] ~= name then
      t.check(name .. ": " .. n .. " is not the name of " .. own[f], false)
    elseif owner[f] ~= nil and owner[f] ~= name then
      t.check(name .. ": " .. n .. " is not declared by " .. owner[f] .. " too", false)
    end
    owner[f] = name
  end
  if names.shuffled_from then
    t.check(name .. ": shuffled_from names a variant", own[form(names.shuffled_from)] == names.shuffled_from)
    t.check(name .. ": the only shuffled form of " .. names.shuffled_from, shuffled_of[names.shuffled_from] == nil)
    shuffled_of[names.shuffled_from] = name
  end
end
t.check("names were declared", next(owner) ~= nil)
t.equal("chess960 is chess shuffled", shuffled_of.chess, "chess960")
t.equal("XBoard's normal is chess", owner.normal, "chess")
t.equal("Fairy-Stockfish's mini is minishogi", owner.mini, "minishogi")

-- An alias (names.aliases) is taken wherever a variant's name is.
t.equal("varia.load of an alias", varia.load("mini").name, "minishogi")
t.equal("varia.new of an alias", varia.new("fischerandom"):perft(2), 400)
t.equal("an alias is the variant itself", varia.new("normal"):variant(), "chess")
t.equal("an alias with options", varia.new("mini:pawn_drop_mate=loses"):perft(2), 181)
local nosuch_ok, nosuch_err = pcall(varia.new, "nosuchalias")
t.check("a name that is no alias either: " .. tostring(nosuch_err),
  not nosuch_ok and tostring(nosuch_err):find("no variant or module named 'nosuchalias'", 1, true) ~= nil)

-- A variant derived under a name of its own is another variant: it does
-- not take the names of its base (gothic is not XBoard's capablanca),
-- but a variant changed under the same name (its options) keeps them.
local capa = varia.load("capablanca")
t.equal("capablanca's XBoard name", capa.names.xboard, "capablanca")
local derived = std.extend(capa, { name = "mycapa" })
t.equal("a renamed variant has no names of its base", derived.names, nil)
local own_names = std.extend(capa, { name = "mycapa", names = { pgn = "My Capa" } })
t.equal("a renamed variant has its own names", own_names.names.pgn, "My Capa")
t.equal("... and none of its base's", own_names.names.xboard, nil)
local same = std.extend(capa, { rules = { stalemate = "loss" } })
t.equal("a variant changed under its name keeps its names", same.names.xboard, "capablanca")
t.equal("gothic declares its own", varia.load("gothic").names.xboard, "gothic")
t.equal("capahouse has none", varia.load("capahouse").names, nil)

-- Bad declarations are reported like any other key, all in one run.
local function problems(names)
  local v = std.extend(std.chess, { name = "n", names = names })
  local ok, err = varia.check(v)
  return ok and "" or err
end
local function refused(what, names, want)
  local err = problems(names)
  t.check(what .. ": " .. err, err:find(want, 1, true) ~= nil)
end
t.equal("good names", problems({ xboard = "nc", shuffled_from = "chess", pgn = { "No Castle", "NC" } }), "")
t.equal("one PGN name as a string", problems({ pgn = "No Castle" }), "")
refused("an unknown key", { uci = "x" }, "names.uci: unknown key")
refused("an XBoard name of two words", { xboard = "no castle" }, "names.xboard: \"no castle\" is not one word")
refused("an XBoard name with a comma", { xboard = "a,b" }, "names.xboard: \"a,b\" is not one word")
refused("an XBoard name that is not a string", { xboard = 3 }, "names.xboard: expected a string")
refused("a shuffled_from that is no script name", { shuffled_from = "../chess" }, "names.shuffled_from: \"../chess\" is not the name")
refused("a PGN name that is a number", { pgn = { "A", 7 } }, "names.pgn[2]: expected a string")
refused("PGN names that are not a list", { pgn = { a = "A" } }, "names.pgn: expected a list of names")
refused("PGN names of a table that is no list", { pgn = true }, "names.pgn: expected a name or a list of names")
refused("a PGN name of punctuation only", { pgn = "--" }, "names.pgn[1]: \"--\" is not a name")
refused("a PGN name with a quote", { pgn = 'a"b' }, "names.pgn[1]:")
refused("a long PGN name", { pgn = string.rep("x", 40) }, "names.pgn[1]: longer than 31 characters")
refused("too many PGN names", { pgn = { "a", "b", "c", "d", "e", "f", "g", "h", "i" } }, "names.pgn: more than 8 names")
refused("names not a table", "chess", "names: expected a table")
t.equal("aliases, one or a list", problems({ aliases = "n2" }) .. problems({ aliases = { "n2", "n3" } }), "")
refused("an alias that is no script name", { aliases = "no castle" }, "names.aliases[1]: \"no castle\" is not a variant's name")
refused("an alias that is not a string", { aliases = { "a", false } }, "names.aliases[2]: expected a string")
refused("too many aliases", { aliases = { "a", "b", "c", "d", "e", "f", "g", "h", "i" } }, "names.aliases: more than 8 names")
local err = problems({ xboard = "a b", pgn = 7, colour = 1 })
t.equal("every problem of names in one run", select(2, err:gsub("\n", "")) + 1, 3)

t.done()
