-- Reading SAN as players write it (notation.c parse_move): a piece named
-- by more than it needs, a move named by less than it needs (ambiguous,
-- with the candidates), and the file-named step of a pawn that moves
-- diagonally (Berolina: the pawn moves one square diagonally forward and
-- captures one square straight forward, as in Edmund Nebermann's Berolina
-- chess; its first step may be two squares diagonally).
local t = require "check"
local std = require "std"

-- Two knights reach d2: Nd2 is ambiguous, and says which moves it could be.
local g = varia.new("chess")
t.check("the line plays", g:play("e4", "e5", "Nf3", "Nc6", "d3", "d6"))
local ok, err, kind = g:play("Nd2")
t.fails("Nd2 with knights on b1 and f3 is ambiguous", "Nd2 is ambiguous: ", ok, err)
t.check("it names the knight from b1", err and err:find("Nbd2", 1, true) ~= nil, err)
t.check("and the knight from f3", err and err:find("Nfd2", 1, true) ~= nil, err)
t.equal("an ambiguous move is refused as illegal", kind, "illegal")
t.check("Nbd2 names one", g:play("Nbd2"))
t.equal("and it is the knight from b1", g:fen():match("^%S+"), "r1bqkbnr/ppp2ppp/2np4/4p3/4P3/3P1N2/PPPN1PPP/R1BQKB1R")

-- More than it needs: the file, the rank or the square of the only knight.
for _, text in ipairs({ "Ngf3", "N1f3", "Ng1f3" }) do
  g = varia.new("chess")
  t.check(text .. " plays g1f3", g:play(text))
  t.equal(text .. ": the knight is on f3", g:fen():match("^%S+"), "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R")
end
g = varia.new("chess")
t.fails("a disambiguation that names no such piece is still refused", "", g:play("Nhf3"))

-- Berolina pawns: d2 and f2 both reach e3.
local berolina = std.extend(std.chess, { name = "berolinatest",
  pieces = { p = { name = "pawn", betza = "fmFfcWifmnA", value = 100, promotes = true, pawn = true } } })
g = varia.new(berolina)
t.check("de3: the d-pawn's diagonal step", g:play("de3"))
t.equal("the pawn left d2 for e3", g:fen():match("^%S+"), "rnbqkbnr/pppppppp/8/8/8/4P3/PPP1PPPP/RNBQKBNR")
g = varia.new(berolina)
t.check("fe3: the f-pawn's", g:play("fe3"))
t.equal("the pawn left f2 for e3", g:fen():match("^%S+"), "rnbqkbnr/pppppppp/8/8/8/4P3/PPPPP1PP/RNBQKBNR")
g = varia.new(berolina)
ok, err = g:play("e3")
t.fails("e3 alone is ambiguous", "e3 is ambiguous: ", ok, err)
t.check("with both pawns named", err and err:find("d2e3", 1, true) and err:find("f2e3", 1, true), err)
t.check("d2e3, as varia writes it, plays too", g:play("d2e3"))

t.done()
