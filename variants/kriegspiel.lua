-- Kriegspiel, Cincinnati style (David Moeser, "Kriegspiel - Cincinnati
-- style", J'ADOUBE!, 1977, as given on the Chess Variant Pages' page
-- https://chessvariants.org/incinf.dir/kriegspiel2.html).
-- Orthodox chess in which each player sees only their own pieces. A
-- referee, who sees everything, answers each try and announces what the
-- rules require, to both players.
--
-- How the rules map onto varia:
--  * visibility = "own": a player's view (g:view) shows their own pieces;
--    every other square is "?". The true position is the referee's.
--  * tries = true: an attempt that is not a legal move is answered and
--    retracted, and the same player goes on. Attempts are written in
--    coordinates (e2e4, e7e8q); a legal move may also be given in SAN.
--  * on_attempt answers "Illegal", or "Nonsense" when the player must know
--    the attempt is impossible:
--      - no own piece on the from-square, or an own piece on the
--        to-square (capturing one's own piece);
--      - a move no piece of that kind could make from there whatever the
--        unseen squares hold (wrong geometry, or through an own piece);
--      - a pawn's diagonal (capturing) move when no pawn capture was
--        announced (rule 4b);
--      - a pawn reaching the last rank without naming a promotion piece.
--    Everything else that is not legal (blocked by an unseen piece, into or
--    staying in check, a pawn capture onto an empty square after "pawn
--    capture" was announced, castling through attack) is "Illegal".
--  * on_move announces, in this order: that the player has moved; a capture
--    and its square (for en passant the captured pawn's square) and whether
--    a pawn or a piece was taken (rule 1, 2); check and its direction for
--    each checking piece (rank, file, long diagonal, short diagonal,
--    knight; two announcements for a double check) (rule 3); the result if
--    the game is over; otherwise whether the player to move has a pawn
--    capture (rule 4). Promotion and castling are silent.
--  * The long diagonal is the longer of the two full diagonals through the
--    king (as OpenSpiel, Ludii and ks-game decide it); on boards where both
--    have the same length it is called long.
--  * Rule 4c (in check, a pawn capture that does not remove the check is
--    not announced) holds because only legal pawn captures are counted.
--
-- Dead positions (FIDE 5.2.2, on which the rules rest) are drawn at once
-- where material decides them (std.dead_position): the players cannot see
-- the board to claim it, and the referee, who can, announces the draw.
--
-- Option ruleset = "wild16": the Internet Chess Club's Wild 16, worded as
-- its help file lists the referee's messages ("Black's move", "Pawn at e5
-- captured", "Long-diagonal check", "2 pawn tries"). Illegal attempts get a
-- single answer, "Illegal move", told to the mover only; the number of
-- legal pawn captures is announced instead of yes or no, zero included.
local std = require "std"

local function file_rank(sq)
  return sq:byte(1) - 96, tonumber(sq:sub(2))
end

-- Direction of the check from the checker on `from` to the king on `king`.
local function check_direction(from, king, files, ranks)
  local ff, fr = file_rank(from)
  local kf, kr = file_rank(king)
  if fr == kr then return "rank" end
  if ff == kf then return "file" end
  local df, dr = ff - kf, fr - kr
  if math.abs(df) ~= math.abs(dr) then return "knight" end
  -- the two diagonals through the king: a1-h8 direction and a8-h1 direction
  local up = math.min(kf - 1, kr - 1) + math.min(files - kf, ranks - kr) + 1
  local down = math.min(kf - 1, ranks - kr) + math.min(files - kf, kr - 1) + 1
  local mine, other = up, down
  if (df > 0) ~= (dr > 0) then mine, other = down, up end
  return mine >= other and "long diagonal" or "short diagonal"
end

local colour = { white = "White", black = "Black" }

-- Legal pawn captures of the side to move: the legal pawn moves that
-- change file (a pawn changes file only by capturing). Read from the move's
-- squares rather than g:moveinfo, which plays each move: the referee is
-- asked this for every position a player's belief holds (g:beliefs). A
-- capture that promotes is one capture, however many pieces it may
-- promote to: counting each promotion would tell the opponent that a
-- promoting capture exists.
local function pawn_captures(g)
  local n, seen = 0, {}
  for _, m in ipairs(g:legal()) do
    local key = m:sub(1, 4)
    if m:byte(1) ~= m:byte(3) and not seen[key] then
      local piece = g:piece(m:sub(1, 2))
      if piece == "P" or piece == "p" then
        seen[key] = true
        n = n + 1
      end
    end
  end
  return n
end

local result_text = {
  checkmate = "Checkmate", stalemate = "Stalemate", repetition = "Draw by repetition",
  ["n-move rule"] = "Draw by the fifty-move rule",
  ["dead position"] = "Draw: neither side can checkmate",
}

-- What the referee says of the position as it stands, to both players:
-- each check and its direction, the result if the game is over, else the
-- pawn captures of the player to move. After a move (on_move) and, asked
-- with g:referee(), at set-up.
local function announce_position(ruleset, g)
  local files, ranks = 8, 8
  -- Directions in a fixed order, so that a double check reads the same
  -- however the pieces are stored.
  local order = { rank = 1, file = 2, ["long diagonal"] = 3, ["short diagonal"] = 4, knight = 5 }
  local dirs = {}
  for _, c in ipairs(g:checkers()) do dirs[#dirs + 1] = check_direction(c.from, c.king, files, ranks) end
  table.sort(dirs, function(a, b) return order[a] < order[b] end)
  for _, dir in ipairs(dirs) do
    local fields = { direction = dir, player = g:turn() }
    if ruleset == "wild16" then
      g:announce("all", "check", dir:sub(1, 1):upper() .. dir:sub(2):gsub(" ", "-") .. " check", fields)
    elseif dir == "knight" then
      g:announce("all", "check", "Check by a knight", fields)
    else
      g:announce("all", "check", "Check on the " .. dir, fields)
    end
  end
  local winner, reason = g:result()
  if winner then
    local text = result_text[reason] or reason
    if winner ~= "draw" and reason == "checkmate" then text = text .. ": " .. colour[winner] .. " wins" end
    g:announce("all", "result", text, { winner = winner, reason = reason })
    return
  end
  local n = pawn_captures(g)
  if ruleset == "wild16" then
    g:announce("all", "pawn-tries", n == 1 and "1 pawn try" or (n .. " pawn tries"),
      { count = n, player = g:turn() })
  elseif n > 0 then
    g:announce("all", "pawn-capture", colour[g:turn()] .. " has a pawn capture", { player = g:turn() })
  end
end

local function announce_move(ruleset)
  return function(g, info)
    if ruleset == "wild16" then
      g:announce("all", "moved", colour[g:turn()] .. "'s move", { player = info.player })
    else
      g:announce("all", "moved", colour[info.player] .. " has moved", { player = info.player })
    end
    if info.captured then
      local what = info.captured:lower() == "p" and "pawn" or "piece"
      local fields = { square = info.capture_square, piece = what }
      if ruleset == "wild16" then
        g:announce("all", "capture", (what == "pawn" and "Pawn" or "Piece") .. " at " .. info.capture_square .. " captured", fields)
      else
        g:announce("all", "capture", "Capture at " .. info.capture_square .. ": " .. what, fields)
      end
    end
    announce_position(ruleset, g)
  end
end

local function is_pawn_capture_attempt(g, text)
  local from, to = text:sub(1, 2), text:sub(3, 4)
  local piece = g:piece(from)
  return piece ~= nil and piece:lower() == "p" and from:sub(1, 1) ~= to:sub(1, 1)
end

local function answer_attempt(ruleset)
  return function(g, text)
    if ruleset == "wild16" then
      g:announce(g:turn(), "illegal", "Illegal move", { player = g:turn() })
      return "Illegal move"
    end
    local conceivable = false
    for _, m in ipairs(g:conceivable()) do
      if m == text then conceivable = true break end
    end
    local nonsense = not conceivable or
      (is_pawn_capture_attempt(g, text) and pawn_captures(g) == 0)
    local answer = nonsense and "Nonsense" or "Illegal"
    g:announce("all", nonsense and "nonsense" or "illegal", answer, { player = g:turn() })
    return answer
  end
end

local kriegspiel = std.extend(std.chess, {
  name = "kriegspiel",
  description = "chess blind to the other side's pieces, with a referee",
  names = { xboard = "kriegspiel" },
  visibility = "own",
  tries = true,
  rules = { dead_position = std.dead_position },
  options = {
    ruleset = { default = "cincinnati", values = { "cincinnati", "wild16" },
                doc = "cincinnati: Moeser's rules; wild16: the Internet Chess Club's" },
  },
})

function kriegspiel.with_options(v, o)
  return std.extend(v, {
    on_move = announce_move(o.ruleset),
    on_attempt = answer_attempt(o.ruleset),
    on_position = function(g) announce_position(o.ruleset, g) end,
  })
end

return kriegspiel
