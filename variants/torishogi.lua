-- Tori Shogi ("bird shogi", Toyota Genryu, 1799): shogi on 7x7 with birds.
-- The phoenix (k) is the king; the falcon (f: one step in any direction
-- but straight back) promotes to an eagle (e: a king's step, a rook
-- backwards, a bishop forwards, up to two squares diagonally backwards);
-- the swallow (s, the pawn: one step forward) promotes to a goose (g: a
-- leap two squares diagonally forward or straight back). The crane (c:
-- one step diagonally, forward or back), the pheasant (p: two squares
-- forward, jumping, or one diagonally back), the left quail (l: a rook
-- forward, a bishop back to the right, one step back to the left) and the
-- right quail (r, its mirror image) do not promote. Black's quails are
-- White's turned half round (rotated), so the left quail goes to its own
-- left: Black's left quail starts on g7, as White's on a1.
-- Promotion in the last two ranks is compulsory. Captured pieces change
-- sides and may be dropped (demoted); a file may hold at most two of a
-- side's swallows, and a swallow drop may not give mate (option
-- pawn_drop_mate=loses: it may, and loses for the player who dropped, as
-- the current Fairy-Stockfish plays it: its checkmate_value). No piece may be
-- left where it could never move; stalemate loses; no n-move rule.
-- Repetition: as Fairy-Stockfish (nFoldValue), the fourth occurrence of a
-- position wins for the side to move, so the side that repeats it loses;
-- the rule that perpetual check loses is not modelled.
-- Rules: https://en.wikipedia.org/wiki/Tori_shogi
-- Fairy-Stockfish: UCI_Variant torishogi.
local std = require "std"
return std.extend(std.shogi_rules, {
  name = "torishogi",
  description = "bird shogi on 7x7",
  fairy_stockfish = "torishogi",
  files = 7, ranks = 7,
  pieces = {
    k = { name = "phoenix", betza = "K", value = 0, royal = true },
    s = { name = "swallow", betza = "fW", value = 100, promotes_to = "g" },
    f = { name = "falcon", betza = "FsfW", value = 500, promotes_to = "e" },
    c = { name = "crane", betza = "FvW", value = 400 },
    l = { name = "left quail", betza = "fRrbBlbF", value = 450, rotated = true },
    r = { name = "right quail", betza = "fRlbBrbF", value = 450, rotated = true },
    p = { name = "pheasant", betza = "bFfD", value = 300 },
    g = { name = "goose", betza = "fAbD", value = 200 },
    e = { name = "eagle", betza = "KbRfBbF2", value = 1000 },
  },
  start = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR[] w - - 0 1",
  promotion = { zone = 2, compulsory = true },
  drops = { no_doubled = "s", doubled_limit = 2, no_mate = "s" },
  rules = { repetition_result = "win" },
  -- the shogi family's option, for the swallow
  with_options = function(v, o)
    if o.pawn_drop_mate == "loses" then
      return std.extend(v, { drops = { no_mate = std.NONE, mate_loses = "s" } })
    end
    return v
  end,
})
