-- Hexagonal boards (issue 30): Gliński's and McCooey's chess on the 91-cell
-- board, topology = "hex". The numbers come from sources apart from varia's
-- code: the empty-board counts from f6 that the rules texts quote (rook 30,
-- bishop 12, queen 42, knight 12, king 12), the start positions' hex FENs
-- as the rules texts write them, and the independent counter
-- tests/hex/perft.py, written from the rules (its own coordinates and move
-- rules): `python3 tests/hex/perft.py glinski 3` prints 51 2586 137858,
-- `... mccooey 3` 31 947 33307; the positions below it counts with the FEN
-- as its last arguments. Without the topology none of these loads.

local t = require "check"

-- The moves of the piece on cell sq, sorted, as one string.
local function moves_from(g, sq) return table.concat(t.moves_from(g, sq), " ") end

local function count(s)
  local n = 0
  for _ in s:gmatch("%S+") do n = n + 1 end
  return n
end

-- One piece on f6 of an otherwise empty board (the kings on b1 and k1, on
-- none of its lines).
local empty = "1/3/5/7/9/5%s5/11/11/11/11/1K7k1 w - - 0 1"
local quoted = { R = 30, B = 12, Q = 42, N = 12, K = 12 }
for _, variant in ipairs({ "glinski", "mccooey" }) do
  for _, p in ipairs({ "R", "B", "Q", "N", "K" }) do
    local g = varia.new(variant, { fen = string.format(empty, p) })
    t.equal(variant .. ": " .. p .. " on f6 of an empty board", g and count(moves_from(g, "f6")), quoted[p])
  end
end
do
  local function on(p) return moves_from(varia.new("glinski", { fen = string.format(empty, p) }), "f6") end
  -- The bishop's six lines through the vertices: two cells each.
  t.equal("bishop from f6", on("B"), "f6b4 f6d2 f6d5 f6d8 f6e4 f6e7 f6g4 f6g7 f6h2 f6h5 f6h8 f6k4")
  t.equal("knight from f6", on("N"), "f6c4 f6c5 f6d3 f6d7 f6e3 f6e8 f6g3 f6g8 f6h3 f6h7 f6i4 f6i5")
  t.equal("king from f6", on("K"), "f6d5 f6e4 f6e5 f6e6 f6e7 f6f5 f6f7 f6g4 f6g5 f6g6 f6g7 f6h5")
  -- The rook's line up and right bends with the ranks: g6 ... l6; down and
  -- right g5 h4 i3 k2 l1.
  t.check("rook from f6 reaches l6 and l1", on("R"):find("f6l6") and on("R"):find("f6l1"))
end

-- The start positions as the rules texts write them, read and written back
-- byte for byte; and read from the script's own start.
local starts = {
  glinski = "b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1",
  mccooey = "b/qbk/rnbnr/ppppppp/9/11/11/5P5/4PBP4/3PNBNP3/2PRQBKRP2 w - - 0 1",
}
for variant, fen in pairs(starts) do
  t.equal(variant .. ": the start's FEN", varia.new(variant):fen(), fen)
  t.equal(variant .. ": a FEN read back", varia.new(variant, { fen = fen }):fen(), fen)
end
do
  local g = varia.new("glinski")
  t.equal("glinski: cells named by the published ranks", g:piece("k1") .. g:piece("f5") .. g:piece("g10") .. g:piece("f11"), "PPkb")
  t.check("glinski: e4e6 plays", g:play("e4e6"))
  t.equal("glinski: a double step's FEN", g:fen(),
          "b/qbk/n1b1n/r5r/ppppppppp/4P6/5P5/6P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - - 0 1")
  local bad = varia.new("glinski", { fen = "b/qbk/n1b1n/r5r/pppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - - 0 1" })
  t.check("glinski: a rank longer than its cells is refused", not bad)
end

-- Perft from the start, depths 1-3 (tests/hex/perft.py).
t.equal("glinski perft 1", varia.new("glinski"):perft(1), 51)
t.equal("glinski perft 2", varia.new("glinski"):perft(2), 2586)
t.equal("glinski perft 3", varia.new("glinski"):perft(3), 137858)
t.equal("mccooey perft 1", varia.new("mccooey"):perft(1), 31)
t.equal("mccooey perft 2", varia.new("mccooey"):perft(2), 947)
t.equal("mccooey perft 3", varia.new("mccooey"):perft(3), 33307)

-- The pawns (each move list and perft 3 also from tests/hex/perft.py).
local pawns = {
  -- Gliński: captures along the two forward orthogonals beside straight ahead.
  { "glinski", "1/3/5/7/9/11/4pPp4/11/11/11/1K7k1 w - - 0 1", "f5", "f5e5 f5f6 f5f7 f5g5", 1175 },
  -- any pawn on a start cell of its side double steps (e4 is one) ...
  { "glinski", "1/3/5/7/9/11/11/4P6/11/11/1K7k1 w - - 0 1", "e4", "e4e5 e4e6" },
  -- ... and from elsewhere not
  { "glinski", "1/3/5/7/9/11/4P6/11/11/11/1K7k1 w - - 0 1", "e5", "e5e6" },
  -- promotion on the far edge: the a-file's is rank 6, the f-file's 11
  { "glinski", "1/3/5/7/9/11/P10/11/11/11/1K7k1 w - - 0 1", "a5", "a5a6b a5a6n a5a6q a5a6r" },
  { "glinski", "1/1P1/5/7/9/11/11/11/11/11/1K7k1 w - - 0 1", "f10", "f10f11b f10f11n f10f11q f10f11r", 1226 },
  -- Black's pawns mirrored: b7 is a start cell
  { "glinski", "1/3/5/7/p8/11/11/11/11/11/1K7k1 b - - 0 1", "b7", "b7b5 b7b6" },
  -- en passant onto the cell passed (g6, after g7g5), by the h5 pawn
  { "glinski", "1/3/5/7/9/11/6pP3/11/11/11/1K7k1 w - g6 0 1", "h5", "h5g6 h5h6", 679 },
  -- McCooey: the f-pawn never double steps; the others do, and capture
  -- one bishop step forward-left or forward-right
  { "mccooey", "1/3/5/7/9/11/11/5P5/4P6/11/1K7k1 w - - 0 1", "f4", "f4f5" },
  { "mccooey", "1/3/5/7/9/11/5n5/3r7/4P6/11/1K7k1 w - - 0 1", "e3", "e3d4 e3e4 e3e5 e3f5", 1490 },
  { "mccooey", "1/3/5/2p4/4N4/3R7/11/11/11/11/1K7k1 b - - 0 1", "e8", "e8d6 e8e6 e8e7 e8f7", 2510 },
}
for _, c in ipairs(pawns) do
  local g = varia.new(c[1], { fen = c[2] })
  t.equal(c[1] .. ": pawn on " .. c[3], g and moves_from(g, c[3]), c[4])
  if c[5] then t.equal(c[1] .. ": perft 3 with the pawn on " .. c[3], g and g:perft(3), c[5]) end
end
do
  local g = varia.new("glinski", { fen = "1/3/5/7/9/11/6pP3/11/11/11/1K7k1 w - g6 0 1" })
  t.check("glinski: h5g6 en passant", g:play("h5g6"))
  t.equal("glinski: the pawn passed is taken", g:piece("g5"), nil)
end

-- SAN with the hexagonal names: the k-file is the tenth (no j), ranks are
-- the published ones; en passant onto the cell passed.
do
  local g = varia.new("glinski", { fen = "1/3/5/7/9/k10/11/11/9Pn/11/1K9 w - - 0 1" })
  t.equal("SAN: a pawn's capture from the k-file", g:san("k3l3"), "kxl3")
  t.equal("SAN read: kxl3", g:uci("kxl3"), "k3l3")
  local r = varia.new("glinski", { fen = "1/3/5/7/9/11/11/11/11/11/1K2R2R2k w - - 0 1" })
  t.equal("SAN: two rooks told apart by file", r:san("h1f1"), "Rhf1+")
  t.equal("SAN read: Ref1", r:uci("Ref1"), "e1f1")
  local e = varia.new("glinski")
  e:play("e4e6") e:play("d7d5")
  t.equal("SAN: en passant", e:san("e6d6"), "exd6")
end

-- Gliński's stalemate: the stalemated side loses by default (3/4 for the
-- side that stalemates, in whole results), draws with stalemate=draw. Black
-- k on a6 (the top of file a: its cells b7 b6 a5 c7 b5) is shut in by the
-- queen on b4 and the king on c6 without being in check (tests/hex/perft.py
-- finds no legal move there).
do
  local fen = "1/3/5/7/9/k1K8/11/1Q9/11/11/11 b - - 0 1"
  local g = varia.new("glinski", { fen = fen })
  t.equal("glinski: a stalemate", g and select(2, g:result()), "stalemate")
  t.equal("glinski: the stalemated side loses", g and g:result(), "white")
  local d = varia.new("glinski:stalemate=draw", { fen = fen })
  t.equal("glinski:stalemate=draw", d and d:result(), "draw")
end

-- Betza on hexagons: atoms with no hexagonal meaning are refused by name.
do
  local ok, err = pcall(varia.new, { name = "hexbad", files = 11, topology = "hex",
    pieces = { k = { name = "king", betza = "K", royal = true }, z = { name = "zebra", betza = "Z" } },
    start = "k/3/5/7/9/11/11/11/11/11/K10 w - - 0 1" })
  t.check("hex: Z is refused", not ok or err == nil)
  t.check("hex: the message names it", tostring(err):find("'Z' has no meaning on hexagonal cells"), tostring(err))
end
do
  local ok, err = pcall(varia.new, { name = "hexeven", files = 8, topology = "hex",
    pieces = { k = { name = "king", betza = "K", royal = true } }, start = "k/K w - - 0 1" })
  t.check("hex: an even number of files is refused", not ok and
          tostring(err):find('topology: "hex" needs an odd number of files from 3 to 15, not 8', 1, true), tostring(err))
end

t.done()
