-- Unbland Chess, by A. Black (zzo38), 2012. Rules: the Chess Variant
-- Pages' page, https://www.chessvariants.com/rules/unbland-chess. FIDE chess
-- with a deck of 32 cards (four each of 1 to 8), a mark on each piece
-- that has moved diagonally, and the upside-down rook, which moves and
-- captures as the Xiangqi cannon.
--
-- The rules, and how this script gives them to the core:
--  1. "Each player is dealt two cards at the beginning of the game. It is
--     not allowed to see opponent's cards." cards.deal = 2; a player's
--     view shows their own hand and only the size of the opponent's
--     (g:view, g:hand). The deal comes from the game's seed.
--  2. "If a piece makes a diagonal move, that piece can no longer make a
--     diagonal move for the rest of the game. Knight moves do not count as
--     diagonal." rules.diagonal_once: attribute bit 1 marks a piece that
--     has moved diagonally (pawn captures, king and queen diagonal steps,
--     bishop moves), and the mark removes its diagonal moves. A bishop so
--     marked cannot move.
--  3. "Promotion is only allowed into pieces that have been lost; if into
--     a rook you choose at that time if it is right-side-up or
--     upside-down": rules.promote_to_lost. Each lost piece can be promoted
--     into once; a lost rook or upside-down rook allows either. With
--     nothing lost, a pawn cannot move to the last rank.
--  4. "A piece gained through promotion regains the ability to move
--     diagonally once": a promoted piece starts unmarked.
--  5. "Instead of moving, you may play two cards ... one for rank (1=your
--     first rank) one for file (card 1=a ...) ... It must be a square
--     containing one of your own piece other than a knight. If it is a
--     rook turn it rightside-up or upside-down. If it is not a rook it
--     loses or regains its diagonal ability": a card play, written
--     cards:e3 (the rank card counted from the player's side, the file
--     card from the a-file); the cards go to the discard pile.
--  6. "After you capture, promote, or give check, if you have less than
--     three cards in your hand, and there are some more cards remaining in
--     the draw pile, draw a card", one per event: the turn's "draw" step,
--     taken by chance from the game's generator. A card play that gives
--     check earns a card too: the text says "give check", whatever gives it.
--  7. "Turning a rook does not count as moving for the purpose to decide
--     if castling is OK": a card play never changes castling rights.
--
-- Choices where the page is silent:
--  * Dead positions are drawn as in FIDE chess (std.dead_position): a card
--    play can neither add material nor move a bishop to the other colour,
--    so king against king, a lone minor piece, or bishops on one colour
--    still cannot mate.
--  * Castling needs the rook right-side-up at the time (castling is a
--    rook's move); an upside-down rook on its square keeps the right for
--    when it is turned back.
--  * Card plays are public: the square, and so the two values, show on
--    the board, and the discard pile is open. Drawn cards are seen only
--    by their owner; the opponent sees how many cards each hand holds.
--  * When the draw pile is empty, nothing more is drawn (the discard pile
--    is not reshuffled).
--  * The upside-down rook's letter is c (cannon); it counts as a rook for
--    promotion.
--  * A card play counts as a move for the fifty-move rule (it is neither a
--    capture nor a pawn move).
--  * The opponent is told what a card play showed (on_move): the two card
--    values (file card, then rank card counted from the player's side), the
--    square and what became of the piece there, as a message with fields
--    (type "cards"; g:messages). The board shows the same; the message says
--    it where the board is not being watched (the REPL's hand-over screen).
local std = require "std"

local names = { k = "king", q = "queen", r = "rook", c = "upside-down rook", b = "bishop",
                n = "knight", p = "pawn" }
local colour = { white = "White", black = "Black" }

-- Rule 5 as the opponent sees it: "one for rank (1=your first rank) one
-- for file (card 1=a ...)".
local function tell_card_play(g, info)
  if not info.move:match("^cards:") then return end
  local sq = info.to
  local file_card = sq:byte(1) - 96
  local rank = tonumber(sq:sub(2))
  local rank_card = info.player == "white" and rank or 9 - rank
  local letter = g:piece(sq):lower()
  local effect, words
  if letter == "c" then
    effect, words = "turned", "the rook there is turned upside down"
  elseif letter == "r" then
    effect, words = "turned", "the upside-down rook there is turned right side up"
  elseif g:attr(sq) & 1 == 1 then
    effect, words = "marked", "the " .. names[letter] .. " there loses its diagonal moves"
  else
    effect, words = "unmarked", "the " .. names[letter] .. " there has its diagonal moves back"
  end
  local opponent = info.player == "white" and "black" or "white"
  g:announce(opponent, "cards",
    string.format("%s played the cards %d and %d on %s: %s", colour[info.player], file_card, rank_card, sq, words),
    { player = info.player, square = sq, file_card = file_card, rank_card = rank_card,
      piece = names[letter], effect = effect })
end

return std.extend(std.chess, {
  name = "unbland",
  description = "chess with cards, diagonal moves used once, upside-down rooks",
  pieces = {
    c = { name = "upside-down rook", betza = "mRcpR", value = 450 },
  },
  promotion = { pieces = "qrcbn" },
  turn = { "move", "draw" },
  cards = {
    values = 8, copies = 4, deal = 2, hand = 3,
    draw_on = { "capture", "promotion", "check" },
    play = { flip = { r = "c", c = "r" }, exclude = "n", toggle = 1 },
  },
  rules = { diagonal_once = true, promote_to_lost = true, dead_position = std.dead_position },
  on_move = tell_card_play,
})
