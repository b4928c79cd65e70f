-- Madrasi chess (variants/madrasi.lua), clause by clause of varia's definition
-- (stated in the script's header and docs/variants/madrasi.md).
-- Each position is counted by hand; where the condition changes the
-- count, orthodox chess's count is checked too, so that the difference is
-- the condition's.

local t = require "check"

local function legal(variant, fen)
  local set, n = {}, 0
  for _, m in ipairs(varia.new(variant, { fen = fen }):legal()) do set[m] = true; n = n + 1 end
  return set, n
end

-- "A piece other than a king is paralysed while it is attacked by an enemy
-- piece of the same type ... A paralysed piece cannot move, cannot
-- capture": the knights on d4 and f5 attack each other. White has the
-- king's five moves (d1 d2 e2 f1 f2) and no knight move; in chess the
-- knight adds b3 b5 c2 c6 e2 e6 f3 and the capture on f5.
local fen = "4k3/8/8/5n2/3N4/8/8/4K3 w - - 0 1"
local set, n = legal("madrasi", fen)
t.equal("a paralysed knight cannot move: the king's 5 moves", n, 5)
t.check("a paralysed knight cannot capture its paralyser", not set["d4f5"])
t.equal("in chess: 5 + 8 knight moves", select(2, legal("chess", fen)), 13)

-- "does not attack (so it gives no check ...)": the knight on d4 attacks
-- c6 ordinarily, but it is paralysed by the knight on f5: Black's king on
-- c6 is not in check, and all its 8 moves are legal (the paralysed knights
-- attack nothing, the white king is far).
fen = "8/8/2k5/5n2/3N4/8/8/4K3 b - - 0 1"
local g = varia.new("madrasi", { fen = fen })
t.equal("a paralysed knight gives no check", g:incheck(), false)
t.equal("the king may go anywhere around (8); the paralysed knight not at all", #g:legal(), 8)
t.equal("in chess the same king is in check", varia.new("chess", { fen = fen }):incheck(), true)

-- "... but it still blocks lines": the paralysed knight on e4 stands
-- between the rook on e1 and the king on e8.
fen = "4k3/8/3n4/8/4N3/8/8/4R2K b - - 0 1"
t.equal("a paralysed piece still blocks the rook's line", varia.new("madrasi", { fen = fen }):incheck(), false)

-- A piece attacked by an enemy piece of another type is not paralysed:
-- the knight on d4 attacked by a bishop on a7 moves freely (8 moves, one a
-- capture of nothing: b3 b5 c2 c6 e2 e6 f3 f5) beside the king's 5.
fen = "4k3/b7/8/8/3N4/8/8/4K3 w - - 0 1"
t.equal("attack by another type paralyses nothing", select(2, legal("madrasi", fen)), 13)

-- Paralysis is mutual and tested by ordinary attack: pawns on e4 and d5
-- attack each other, so neither may take the other (1. e4 d5 2. exd5 is
-- illegal), and a paralysed pawn cannot move at all (2. e5 is illegal).
g = varia.new("madrasi")
g:play("e4", "d5")
set = {}
for _, m in ipairs(g:legal()) do set[m] = true end
t.check("1. e4 d5: exd5 is illegal (both pawns paralysed)", not set["e4d5"])
t.check("1. e4 d5: e5 is illegal too (a paralysed piece cannot move)", not set["e4e5"])
t.equal("1. e4 d5: chess's 31 moves minus exd5 and e5", #g:legal(), 29)
t.equal("chess has 31 there", #varia.new("chess", { fen = g:fen() }):legal(), 31)

-- "A paralysed rook cannot castle": the rooks on h1 and h8 face each
-- other on the open h-file, both paralysed; neither side may castle.
fen = "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1"
set = legal("madrasi", fen)
t.check("a paralysed rook cannot castle", not set["e1g1"])
t.check("in chess White castles there", (legal("chess", fen))["e1g1"])

-- "Castling keeps its orthodox conditions, ... judged with the condition's
-- own notion of attack": the bishop on a6 attacks f1, but it is paralysed
-- by the bishop on c8, so f1 is not attacked and White may castle.
fen = "2B1k3/8/b7/8/8/8/8/4K2R w K - 0 1"
t.check("a paralysed bishop does not guard f1: O-O", (legal("madrasi", fen))["e1g1"])
t.check("in chess the bishop on a6 stops O-O", not (legal("chess", fen))["e1g1"])

-- Checkmate is judged with the same notion: the white queen on e7, guarded
-- by the knight on g6, would mate the king on e8; but knights g6 and h4
-- are a knight's move apart, so the guard is paralysed and does not count:
-- the black king takes the queen.
fen = "4k3/4Q3/6N1/8/7n/8/8/4K3 b - - 0 1"
g = varia.new("madrasi", { fen = fen })
set = {}
for _, m in ipairs(g:legal()) do set[m] = true end
t.check("in check from the queen", g:incheck())
t.check("the king takes the queen: its guard is paralysed", set["e8e7"])
t.equal("in chess it is mate", (varia.new("chess", { fen = fen }):result()), "white")

-- Choice (the script's header): en passant is an ordinary pawn capture,
-- so a paralysed pawn cannot take en passant. The pawn on e5 is
-- paralysed by the pawn on f6: White has only the king's 5 moves; in
-- chess also e6, exf6 and exd6 e.p.
fen = "4k3/8/5p2/3pP3/8/8/8/4K3 w - d6 0 1"
set, n = legal("madrasi", fen)
t.equal("a paralysed pawn cannot take en passant", n, 5)
t.equal("in chess: 5 + e6, exf6, exd6", select(2, legal("chess", fen)), 8)

-- Perft: in the first three plies only pawns can stand attacked by an
-- enemy piece of their own type (a knight that moved once never attacks
-- one, a bishop or queen cannot have moved for White before ply 3).
-- So the count at depth 3 (the moves of the third ply) is chess's 8902
-- less the third-ply moves of White pawns that a black pawn attacks
-- (from one rank up, one file aside), counted here on chess's own tree.
local function file(sq) return sq:byte(1) - 96 end
local function rank(sq) return tonumber(sq:sub(2)) end
local forbidden = 0
local c = varia.new("chess")
for _, m1 in ipairs(c:legal()) do
  c:play(m1)
  for _, m2 in ipairs(c:legal()) do
    c:play(m2)
    for _, m3 in ipairs(c:legal()) do
      local from = m3:sub(1, 2)
      if c:piece(from) == "P" then
        for _, df in ipairs({ -1, 1 }) do
          local f, r = file(from) + df, rank(from) + 1
          if f >= 1 and f <= 8 and c:piece(string.char(96 + f) .. r) == "p" then
            forbidden = forbidden + 1
            break
          end
        end
      end
    end
    c:undo()
  end
  c:undo()
end
t.equal("perft 3: chess's count less the paralysed pawns' moves", varia.new("madrasi"):perft(3),
        8902 - forbidden)

t.done()
