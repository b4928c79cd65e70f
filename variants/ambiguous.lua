-- Ambiguous Chess (Fabrice Liardet, 2005). Rules: the Chess Variant Pages'
-- page "Ambiguous Chess" (chessvariants.com), with its Notes, sample game
-- and Unambiguous variant; docs/variants/ambiguous.md states them and how
-- they differ from the inventor's later page (pion.ch).
--
-- "Instead of playing his move, each player just points at a free or
-- occupied square he intends to move to ... Then the opponent chooses which
-- one of the possible pieces will indeed move to that square." A turn is
-- two steps with different owners: the mover names a square (turn step
-- "target"), the opponent chooses the move there (step "choose", by the
-- opponent). When one move only reaches the square, it is played at once.
--
-- Notation: a turn is the named square, a comma, and the chosen move in
-- UCI: "c4,f1c4". In game records (g:history) the two steps are two
-- entries. g:play("c4") names the square (and plays the move when there is
-- nothing to choose); g:play("f1c4") then answers for the opponent; a whole
-- move such as "e2e4" is accepted for the mover when no other piece can
-- reach e4.
--
-- Choices where the page is silent or open:
--  * Castling "is considered as a king move" to the king's square (g1, c1).
--  * Promotion: the mover names the square together with the promotion
--    piece ("e8q") whenever one of their pawns could promote there, and
--    the opponent chooses which piece goes; if it is the pawn, it becomes
--    the named piece. The page gives the opponent the choice of the piece
--    that moves, not of what a pawn becomes, which stays the mover's as in
--    chess.
--  * No check: kings may move into attack; capturing the king wins. A
--    player who cannot name any square loses ("forced suicide").
--
-- Options:
--  * goal = "king" (default) or "checkmate": the Notes' formulation. A
--    player whose every choice of square lets the opponent choose a move
--    after which the king can be taken is mated when in check (an opponent
--    piece attacks the king) and loses the same way when not in check;
--    with stalemate = "draw" the latter is a draw instead.
--  * unambiguous = "yes": Unambiguous Chess, where "moving to a square
--    which can be reached by more than one piece is illegal"; so a king
--    attacked twice cannot be taken ("a double check is in fact not a check
--    at all").
local std = require "std"

local ambiguous = std.extend(std.chess, {
  name = "ambiguous",
  description = "name a square; your opponent chooses which of your pieces goes there",
  turn = { "target", { "choose", by = "opponent" } },
  rules = { king_capture = true, stalemate = "loss" },
  options = {
    goal = { default = "king", values = { "king", "checkmate" },
             doc = "king: capture the king; checkmate: the Notes' formulation" },
    stalemate = { default = "loss", values = { "loss", "draw" },
                  doc = "with goal=checkmate: a doomed player not in check loses, or draws" },
    unambiguous = { default = "no", values = { "no", "yes" },
                    doc = "yes: Unambiguous Chess" },
  },
})

-- Can the side to move name the square of the opponent's king?
local function can_take_king(g)
  local d = g:decision()
  if not d or d.kind ~= "target" then return false end
  local them = g:turn() == "white" and "black" or "white"
  local kings = {}
  for _, c in ipairs(g:checkers(them)) do kings[c.king] = true end
  for _, name in ipairs(d.options) do
    if kings[name:sub(1, 2)] or kings[name:sub(1, 3)] then return true end
  end
  return false
end

-- Is the side to move lost whatever square it names: for each name, can the
-- opponent choose a move after which the king can be taken?
local function doomed(g)
  local d = g:decision()
  if not d or d.kind ~= "target" then return false end
  for _, name in ipairs(d.options) do
    local c = g:copy()
    c:play(name)
    local lost = false
    local cd = c:decision()
    if cd and cd.kind == "choose" then
      for _, choice in ipairs(cd.options) do
        local c2 = c:copy()
        c2:play(choice)
        if can_take_king(c2) then lost = true break end
      end
    else
      lost = can_take_king(c)
    end
    if not lost then return false end
  end
  return true
end

local function checkmate_result(stalemate)
  return function(g)
    local d = g:decision()
    if not d or d.kind ~= "target" then return nil end
    if not doomed(g) then return nil end
    local me = g:turn()
    local winner = me == "white" and "black" or "white"
    if #g:checkers(me) > 0 then return winner, "checkmate" end
    if stalemate == "draw" then return "draw", "stalemate" end
    return winner, "stalemate"
  end
end

function ambiguous.with_options(v, o)
  local changes = {}
  if o.goal == "checkmate" then changes.on_result = checkmate_result(o.stalemate) end
  if o.unambiguous == "yes" then changes.rules = { unique_destination = true } end
  return std.extend(v, changes)
end

return ambiguous
