-- Circe chess: a captured piece is reborn on its game-array square. The
-- rules, in varia's own definition (after the Popeye manual,
-- chessvariants.com and Wikipedia's "Fairy chess"):
--
--   When a piece other than a king is captured, it is reborn on its
--   *rebirth square*, if that square is empty after the capturing move;
--   otherwise it simply disappears. The rebirth square, for the captured
--   piece's colour:
--   - pawn: the square of its own 2nd rank (White) or 7th rank (Black) on
--     the file of the capture square;
--   - queen: d1 / d8;
--   - rook, bishop, knight: of the two squares where that type starts in
--     the orthodox array (a1 h1, c1 f1, b1 g1; a8 h8, c8 f8, b8 g8), the
--     one whose square colour equals the colour of the capture square;
--   - a promoted piece is reborn as what it is now (a promoted queen on d1).
--   A reborn rook does not regain castling rights; a reborn pawn stands on
--   its own second rank and may make its double step from there. Check is
--   ordinary (a king is never reborn, so capturing it is what check
--   threatens). En passant: the capture square is the square where the
--   captured pawn stood.
--
-- Written with one hook: `effects`, called for captures only
-- (effects_on = "captures"), puts the captured piece back on its square.
-- Legality needs nothing more: the core makes each move with its effects
-- and asks whether the mover's king is attacked, so a rebirth that blocks
-- or opens a line counts.
-- Choices where the text is silent: a piece of a type outside the
-- orthodox six (none in this script) would disappear.
local std = require "std"

-- The two starting files of each type (1-based), for both colours.
local files = { r = { 1, 8 }, n = { 2, 7 }, b = { 3, 6 }, q = { 4 } }

-- Square colour: 0 dark (a1), 1 light.
local function shade(pos, sq) return (pos:file(sq) + pos:rank(sq)) % 2 end

local function rebirth(pos, piece, colour, capsq)
  local t = piece:lower()
  local home = colour == "white" and 1 or pos:ranks()
  if t == "p" then
    return pos:square(pos:file(capsq), colour == "white" and 2 or pos:ranks() - 1)
  end
  local f = files[t]
  if not f then return nil end
  if #f == 1 then return pos:square(f[1], home) end
  for _, file in ipairs(f) do
    local sq = pos:square(file, home)
    if shade(pos, sq) == shade(pos, capsq) then return sq end
  end
end

return std.extend(std.chess, {
  name = "circe",
  description = "Circe chess: a captured piece is reborn on its game-array square if it is empty",
  hooks = {
    effects_on = "captures",
    effects = function(pos, move, captured, capsq)
      local colour = captured == captured:upper() and "white" or "black"
      local sq = rebirth(pos, captured, colour, capsq)
      if sq and not pos:piece(sq) then pos:put(sq, captured) end
    end,
  },
})
