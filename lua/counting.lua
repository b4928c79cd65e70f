-- counting.lua: std.counting's rules (lua/std.lua loads this module when
-- a variant asks for them).
-- The counting rules of Makruk and its relatives, as Fairy-Stockfish's
-- countingRule plays them (its position.cpp, count_limit), for
-- rules.counting: std.counting(kind, letters), kind "makruk", "cambodian"
-- or "asean", letters the variant's rook, khon and knight
-- ({ rook = "r", khon = "s", knight = "n" } by default; false for a piece
-- the variant lacks) and pawn (the pieces declared pawn by default; "" for
-- none). Limits in moves of the counting side:
--   makruk: the board's honour 64 (no pawn on the board); a king alone,
--     the pieces' honour: two rooks 8, a rook 16, two khons 22, two
--     knights 32, a khon 44, else 64, counted from the pieces on the board;
--   cambodian: the same, one less each (63, 7, 15, 21, 31, 43, 63), the
--     board's honour only for a side of three pieces at most, pawns or not;
--   asean: a king alone only: a rook 16, a khon 44, a knight 64, counted
--     from 0; no count against mets alone.
local counting_kinds = {
  makruk = { board = 64, limits = { { "rook", 2, 8 }, { "rook", 1, 16 }, { "khon", 2, 22 },
    { "knight", 2, 32 }, { "khon", 1, 44 }, { nil, 0, 64 } } },
  cambodian = { board = 63, board_most = 3, board_pawns = false,
    limits = { { "rook", 2, 7 }, { "rook", 1, 15 }, { "khon", 2, 21 }, { "knight", 2, 31 },
      { "khon", 1, 43 }, { nil, 0, 63 } } },
  asean = { from_pieces = false,
    limits = { { "rook", 1, 16 }, { "khon", 1, 44 }, { "knight", 1, 64 } } },
}
local counting_mt = { __name = "std.counting" }
return function(kind, letters, level)
  level = (level or 1) + 1
  local k = counting_kinds[kind]
  if not k then
    error(string.format("std.counting: no counting rules named %q (makruk, cambodian or asean)",
      tostring(kind)), level)
  end
  local names = { rook = "r", khon = "s", knight = "n" }
  for role, l in pairs(letters or {}) do
    if role ~= "pawn" and not names[role] then
      error(string.format("std.counting: %q is none of rook, khon, knight, pawn", tostring(role)), level)
    end
    if l ~= false and (type(l) ~= "string" or (role ~= "pawn" and #l ~= 1)) then
      error(string.format("std.counting: %s = %q: expected a piece letter%s", role, tostring(l),
        role == "pawn" and " or letters" or " or false"), level)
    end
    names[role] = l
  end
  -- (a role given as false: the variant has no such piece, so its limits
  -- never apply)
  local pieces = {}
  for _, e in ipairs(k.limits) do
    if not e[1] then pieces[#pieces + 1] = { "", e[3] }
    elseif names[e[1]] then pieces[#pieces + 1] = { names[e[1]]:rep(e[2]), e[3] } end
  end
  -- (a table with a metatable: std.extend replaces it whole, never merges
  -- one kind's limits into another's)
  return setmetatable({ board = k.board, board_most = k.board_most, board_pawns = k.board_pawns,
    from_pieces = k.from_pieces, pawns = names.pawn, pieces = pieces }, counting_mt)
end
