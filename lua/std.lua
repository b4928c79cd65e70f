-- std: the standard library of variant scripts.
--
-- A variant is a table (see docs/api.md). This module holds the pieces of
-- the field under their usual names, the orthodox chess table that most
-- variants start from, and extend(), which derives a variant from another.

local std = {}

-- Marks a key for removal in extend(): { pieces = { q = std.NONE } }.
std.NONE = setmetatable({}, { __name = "std.NONE", __tostring = function() return "std.NONE" end })

-- Pieces by name, with Betza movement and a value in centipawns.
-- The Betza strings are those of Fairy-Stockfish's piece list, with the
-- pawn's double step written into its Betza (ifmnD) instead of a rule.
std.pieces = {
  pawn       = { name = "pawn",       betza = "fmWfceFifmnD", value = 100, promotes = true, pawn = true },
  knight     = { name = "knight",     betza = "N",   value = 300 },
  bishop     = { name = "bishop",     betza = "B",   value = 320 },
  rook       = { name = "rook",       betza = "R",   value = 500 },
  queen      = { name = "queen",      betza = "Q",   value = 900 },
  king       = { name = "king",       betza = "K",   value = 0, royal = true },
  archbishop = { name = "archbishop", betza = "BN",  value = 800 },
  chancellor = { name = "chancellor", betza = "RN",  value = 850 },
  amazon     = { name = "amazon",     betza = "QN",  value = 1200 },
  ferz       = { name = "ferz",       betza = "F",   value = 150 },
  alfil      = { name = "alfil",      betza = "A",   value = 120 },
  wazir      = { name = "wazir",      betza = "W",   value = 130 },
  commoner   = { name = "commoner",   betza = "K",   value = 300 },
  cannon     = { name = "cannon",     betza = "mRcpR", value = 450 },
  nightrider = { name = "nightrider", betza = "NN",  value = 500 },
  centaur    = { name = "centaur",    betza = "KN",  value = 600 },
  -- The shatranj pawn: no double step.
  shatranj_pawn = { name = "pawn", betza = "fmWfcF", value = 100, promotes = true, pawn = true },
}

-- The pieces of shogi (Betza as in Fairy-Stockfish). A piece with a
-- promoted form names it by letter in promotes_to; std.shogi_pieces()
-- fills that in with the letters std.shogi_letters gives the forms.
std.shogi = {
  pawn   = { name = "pawn",   betza = "fW",   value = 100 },
  lance  = { name = "lance",  betza = "fR",   value = 350 },
  knight = { name = "knight", betza = "ffN",  value = 350 },
  silver = { name = "silver", betza = "FfW",  value = 500 },
  gold   = { name = "gold",   betza = "WfF",  value = 550 },
  bishop = { name = "bishop", betza = "B",    value = 800 },
  rook   = { name = "rook",   betza = "R",    value = 950 },
  horse  = { name = "horse",  betza = "BW",   value = 1050 },
  dragon = { name = "dragon", betza = "RF",   value = 1250 },
  king   = { name = "king",   betza = "K",    value = 0, royal = true },
  -- promoted forms that move as a gold
  tokin         = { name = "tokin",            betza = "WfF", value = 600 },
  promoted_silver = { name = "promoted silver", betza = "WfF", value = 570 },
  promoted_lance  = { name = "promoted lance",  betza = "WfF", value = 570 },
  promoted_knight = { name = "promoted knight", betza = "WfF", value = 570 },
}

-- Fairy-Stockfish's rules common to its shogi family: captured pieces go
-- to the capturer's pocket (demoted), one pawn per file, no mate by a pawn
-- drop, no piece left where it could never move, stalemate loses, no
-- n-move rule, repetition (sennichite) on the fourth occurrence.
std.shogi_rules = {
  castling = false,
  drops = { captures = true, no_doubled = "p", no_mate = "p" },
  rules = {
    checkmate = "loss", stalemate = "loss", nmove = 0, repetition = 4,
    no_immobile = true,
  },
  options = {
    pawn_drop_mate = { default = "illegal", values = { "illegal", "loses" },
      doc = "illegal: a pawn drop may not give mate (uchifuzume); " ..
            "loses: it may be played, and loses for the player who dropped " ..
            "(an illegal move loses in tournament shogi; Fairy-Stockfish 11.1 plays so)" },
  },
  with_options = function(v, o)
    if o.pawn_drop_mate == "loses" then
      return std.extend(v, { drops = { no_mate = std.NONE, mate_loses = "p" } })
    end
    return v
  end,
}

-- A moves hook's usual work: the moves why(m) says nothing against, and
-- for each it refuses, the reason it gives (the hook returns both, and
-- `why` prints the reason).
function std.keep_moves(moves, why)
  local kept, reasons = {}, {}
  for _, m in ipairs(moves) do
    local reason = why(m)
    if reason then reasons[m] = reason else kept[#kept + 1] = m end
  end
  return kept, reasons
end

-- A deep copy (tables are copied, other values shared).
function std.copy(t)
  if type(t) ~= "table" or t == std.NONE then return t end
  local c = {}
  for k, v in pairs(t) do c[k] = std.copy(v) end
  return setmetatable(c, getmetatable(t))
end

local function merge(base, changes)
  local out = std.copy(base)
  for k, v in pairs(changes or {}) do
    if v == std.NONE then
      out[k] = nil
    elseif type(v) == "table" and type(out[k]) == "table" and getmetatable(v) == nil then
      out[k] = merge(out[k], v)
    else
      out[k] = std.copy(v)
    end
  end
  return out
end

-- A new variant: base with changes merged in, table by table; a value of
-- std.NONE removes the key. Neither argument is modified. The names other
-- programs call base by (base.names) are not carried over to a variant
-- the changes give a name of its own: gothic, derived from capablanca, is
-- not what XBoard calls capablanca.
function std.extend(base, changes)
  local out = merge(base, changes)
  if changes and changes.name ~= nil and type(base) == "table" and changes.name ~= base.name then
    out.names = changes.names ~= std.NONE and std.copy(changes.names) or nil
  end
  return out
end

-- eval = std.eval { mobility = 100, pst = { centre = 100 }, ... }: the
-- weights of the evaluation's terms (docs/api.md, eval), checked where the
-- script writes them, so that a bad field is reported at its file:line
-- (the loader checks the table again, whoever built it).
local EVAL_FIELDS = {
  mobility = true, passed = true, doubled = true, isolated = true, colour_pair = true, checks = true,
  pst = { centre = true, advance = true, goal = true },
  royal = { shield = true, attack = true, edge = true, centre = true },
  values_end = "pieces",
}
function std.eval(t)
  local function whole(x, lo, hi, name)
    if type(x) ~= "number" or x ~= math.floor(x) then return name .. ": expected a whole number" end
    if x < lo or x > hi then return string.format("%s: %s is out of range (%d to %d)", name, tostring(x), lo, hi) end
  end
  local function problem()
    if type(t) ~= "table" then return "expected a table of weights" end
    for k, v in pairs(t) do
      local known = EVAL_FIELDS[k]
      if not known then return tostring(k) .. ": unknown key" end
      if known == true then
        local bad = whole(v, -10000, 10000, k)
        if bad then return bad end
      elseif type(v) ~= "table" then return k .. ": expected a table"
      else
        for sub, x in pairs(v) do
          local bad
          if known == "pieces" then
            if type(sub) ~= "string" or not sub:match("^%a$") then return k .. "." .. tostring(sub) .. ": not a piece letter" end
            bad = whole(x, -100000, 100000, k .. "." .. sub)
          elseif not known[sub] then return k .. "." .. tostring(sub) .. ": unknown key"
          else bad = whole(x, -10000, 10000, k .. "." .. sub) end
          if bad then return bad end
        end
      end
    end
  end
  local bad = problem()
  if bad then error("eval." .. bad, 2) end
  return t
end

-- Orthodox chess, the base of most variants (FIDE Laws of Chess).
std.chess = {
  name = "chess",
  files = 8, ranks = 8,
  pieces = {
    p = std.pieces.pawn, n = std.pieces.knight, b = std.pieces.bishop,
    r = std.pieces.rook, q = std.pieces.queen, k = std.pieces.king,
  },
  start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  promotion = { pieces = "qrbn", zone = 1 },
  castling = { rook = "r", king_files = { "g", "c" } },
  rules = {
    checkmate = "loss", stalemate = "draw",
    nmove = 50, repetition = 3,
  },
}

-- The 91-cell hexagonal board that Gliński's and McCooey's chess share:
-- its cells, the pieces but the pawn (Betza's atoms read on hexagons), the
-- promotion on each side's far edge, no castling. A variant adds its pawn
-- and its setup.
std.hexagonal = std.extend(std.chess, {
  files = 11, ranks = 11,
  topology = "hex",
  pieces = {
    n = { name = "knight", betza = "N", value = 300 },
    b = { name = "bishop", betza = "B", value = 300 },
    r = { name = "rook", betza = "R", value = 500 },
    q = { name = "queen", betza = "Q", value = 900 },
    k = { name = "king", betza = "K", value = 0, royal = true },
  },
  promotion = { pieces = "qrbn", zone = { white = "a6 b7 c8 d9 e10 f11 g10 h9 i8 k7 l6",
                                          black = "a1 b1 c1 d1 e1 f1 g1 h1 i1 k1 l1" } },
  castling = false,
})

-- FIDE 5.2.2's dead positions that material decides: king against king,
-- king and one bishop or knight against king, and kings with bishops all
-- on squares of one colour. No series of legal moves can mate there, so
-- the game is drawn at once: rules = { dead_position = std.dead_position }.
std.dead_position = { lone = "bn", same_colour = "b" }

-- An option for variants where players may prefer to play such positions
-- out (as engines and servers that do not adjudicate them):
--   options = { dead_position = std.dead_position_option },
--   with_options = std.with_dead_position,
std.dead_position_option = {
  default = "draw", values = { "draw", "play" },
  doc = "draw: a position where no side can mate (K v K, K+B or K+N v K, bishops on one colour) is drawn at once; play: play on",
}
function std.with_dead_position(v, chosen)
  if chosen.dead_position == "play" then
    return std.extend(v, { rules = { dead_position = std.NONE } })
  end
  return v
end

-- std.counting(kind, letters): the counting rules of Makruk and its
-- relatives for rules.counting (lua/counting.lua: loaded when asked for,
-- so that the variants that do not count do not read it).
function std.counting(kind, letters) return require("counting")(kind, letters, 2) end

-- The FEN of Chess960 start position n (0..959), by Scharnagl's numbering
-- (position 518 is the orthodox arrangement).
function std.chess960_fen(n)
  assert(math.type(n) == "integer" and n >= 0 and n <= 959, "chess960_fen: n must be 0..959")
  local row = {}
  local function free(k) -- the k-th empty file (0-based)
    for f = 1, 8 do
      if not row[f] then
        if k == 0 then return f end
        k = k - 1
      end
    end
  end
  local b1 = n % 4; n = n // 4
  row[2 * b1 + 2] = "b" -- light-squared bishop: files b d f h
  local b2 = n % 4; n = n // 4
  row[2 * b2 + 1] = "b" -- dark-squared bishop: files a c e g
  local q = n % 6; n = n // 6
  row[free(q)] = "q"
  local knights = { {0,1},{0,2},{0,3},{0,4},{1,2},{1,3},{1,4},{2,3},{2,4},{3,4} }
  local k1, k2 = knights[n + 1][1], knights[n + 1][2]
  local f1, f2 = free(k1), free(k2)
  row[f1], row[f2] = "n", "n"
  row[free(0)] = "r"; row[free(0)] = "k"; row[free(0)] = "r"
  local back = table.concat(row)
  return back .. "/pppppppp/8/8/8/8/PPPPPPPP/" .. back:upper() .. " w KQkq - 0 1"
end

return std
