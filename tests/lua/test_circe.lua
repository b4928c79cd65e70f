-- Circe chess (variants/circe.lua), clause by clause of varia's definition
-- (stated in the script's header and docs/variants/circe.md).
-- Squares: a1 is dark; a square is dark when its file and rank numbers
-- (a = 1) add up to an even number.

local t = require "check"

local function legal_set(g)
  local set = {}
  for _, m in ipairs(g:legal()) do set[m] = true end
  return set
end

local function pieces(g)
  local n = 0
  for f = 1, 8 do
    for r = 1, 8 do
      if g:piece(string.char(96 + f) .. r) then n = n + 1 end
    end
  end
  return n
end

-- "When a piece other than a king is captured, it is reborn on its
-- rebirth square, if that square is empty": the knight taken on d5 (4 + 5
-- odd: light) is reborn on g8 (7 + 8 odd: light), not b8 (dark).
local g = varia.new("circe", { fen = "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1" })
g:play("Qxd5")
t.equal("the knight is reborn on the square of its colour, g8", g:piece("g8"), "n")
t.equal("... not b8", g:piece("b8"), nil)
t.equal("the queen stands on d5", g:piece("d5"), "Q")
t.equal("nothing is lost: 4 pieces", pieces(g), 4)
-- undo takes the rebirth back exactly
g:undo()
t.equal("undo: the FEN as before", g:fen(), "4k3/8/8/3n4/8/8/8/3QK3 w - - 0 1")

-- "... otherwise it simply disappears": g8 is taken by a black rook.
g = varia.new("circe", { fen = "4k1r1/8/8/3n4/8/8/8/3QK3 w - - 0 1" })
g:play("Qxd5")
t.equal("g8 occupied: the knight disappears (4 pieces left)", pieces(g), 4)
t.equal("the rook still on g8", g:piece("g8"), "r")

-- "pawn: the square of its own 2nd rank (White) or 7th rank (Black) on
-- the file of the capture square", and "a reborn pawn ... may make its
-- double step from there": the white pawn taken on e5 is reborn on e2.
g = varia.new("circe", { fen = "4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1" })
g:play("dxe5")
t.equal("the white pawn is reborn on e2", g:piece("e2"), "P")
t.check("and may make its double step", legal_set(g)["e2e4"])

-- "queen: d1 / d8": the black queen taken on h4 goes to d8.
g = varia.new("circe", { fen = "4k3/8/8/8/7q/8/8/4K2R w - - 0 1" })
g:play("Rxh4")
t.equal("the black queen is reborn on d8", g:piece("d8"), "q")

-- "rook, bishop, knight: of the two squares where that type starts ...
-- the one whose square colour equals the colour of the capture square":
-- a white bishop taken on b2 (dark) goes to c1 (dark), one taken on b3
-- (light) to f1 (light); a white rook taken on a2 (light) goes to h1
-- (light).
g = varia.new("circe", { fen = "4k3/8/8/8/8/8/rB6/4K3 b - - 0 1" })
g:play("Rxb2")
t.equal("a bishop taken on a dark square: c1", g:piece("c1"), "B")
g = varia.new("circe", { fen = "4k3/8/8/8/8/rB6/8/4K3 b - - 0 1" })
g:play("Rxb3")
t.equal("a bishop taken on a light square: f1", g:piece("f1"), "B")
g = varia.new("circe", { fen = "4k3/8/8/8/8/8/R6r/4K3 b - - 0 1" })
g:play("Rxa2")
t.equal("a white rook taken on a2 (light): h1 (light)", g:piece("h1"), "R")

-- "a promoted piece is reborn as what it is now (a promoted queen on
-- d1)": the pawn promotes on b8 and is taken there by the rook.
g = varia.new("circe", { fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1" })
g:play("b8=Q+")
g:play("Rxb8")
t.equal("the promoted queen is reborn on d1", g:piece("d1"), "Q")

-- "A reborn rook does not regain castling rights": Black's rook left a8,
-- is taken on a2 (light), reborn on a8 (light); Black may not castle
-- queenside (the castling field stays '-').
g = varia.new("circe", { fen = "4k3/8/8/8/8/8/r7/R3K3 w - - 0 1" })
g:play("Rxa2")
t.equal("the black rook is reborn on a8", g:piece("a8"), "r")
t.check("no castling right comes back", g:fen():match("^%S+ %S+ %- ") ~= nil)

-- "Check is ordinary (a king is never reborn ...)": but a rebirth can
-- give check. The knight on d3 takes the rook on b2 (dark), which is
-- reborn on h8 (dark) and attacks the white king on h4 along the open
-- h-file: the capture is illegal. In chess it is legal.
local fen = "4k3/8/8/8/7K/3N4/1r6/8 w - - 0 1"
t.check("a rebirth that checks the mover's king makes the capture illegal",
        not legal_set(varia.new("circe", { fen = fen }))["d3b2"])
t.check("in chess Nxb2 is legal", legal_set(varia.new("chess", { fen = fen }))["d3b2"])

-- "En passant: the capture square is the square where the captured pawn
-- stood": the black pawn taken en passant on d5 is reborn on d7.
g = varia.new("circe", { fen = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1" })
g:play("d5")
g:play("exd6")
t.equal("the pawn taken en passant is reborn on d7", g:piece("d7"), "p")
t.equal("the capturing pawn on d6", g:piece("d6"), "P")

-- 1. e4 d5 2. exd5: the black pawn is reborn on d7, so the queen on d8
-- cannot take back on d5 (2... Qxd5 is illegal: d7 blocks it).
g = varia.new("circe")
g:play("e4", "d5", "exd5")
t.equal("the pawn taken on d5 is back on d7", g:piece("d7"), "p")
t.check("2... Qxd5 is blocked by the reborn pawn", not legal_set(g)["d8d5"])

t.done()
