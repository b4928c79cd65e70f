-- The whole-answer methods and declarations that make rules in Lua cheap
-- (issue 29): pos:coords, pos:leaving_cell, pos:attacked_by_own_type,
-- moves_attr, and a moves hook's reasons given as a function. Each is
-- checked against what the slower way (pos:decode, pos:attacked, a table
-- of reasons) answers on the same position.

local t = require "check"
local std = require "std"

local function chess_with(hooks)
  return std.extend(std.chess, { name = "hooked-fast", hooks = hooks })
end

local kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

-- pos:coords: the numbers of pos:decode's squares, and the same kind.
do
  local seen = {}
  local g = varia.new(chess_with({ moves = function(pos, moves)
    seen = {} -- the last call's
    for _, m in ipairs(moves) do
      local from, to, kind = pos:decode(m)
      local ff, fr, tf, tr, k = pos:coords(m)
      seen[#seen + 1] = { from == pos:square(ff, fr) and to == pos:square(tf, tr) and kind == k, pos:uci(m), k }
    end
  end }), { fen = kiwipete })
  t.equal("coords: every Kiwipete move read", #g:legal(), 48)
  local bad, castling = 0, 0
  for _, s in ipairs(seen) do
    if not s[1] then bad = bad + 1 end
    if s[3] == "castling" then castling = castling + 1 end
  end
  t.equal("coords agree with decode on all 48", bad, 0)
  t.equal("coords name the 2 castlings", castling, 2)
end

-- pos:leaving_cell(moves, w, h): the moves that leave their cell. On 2x2
-- cells, the knight's moves from b1 all leave a1-b2; the king's b2-a1 does
-- not; castling is judged by the king's move (e1g1 leaves e1-f2).
do
  local kept
  local g = varia.new(chess_with({ moves = function(pos, moves)
    kept = {}
    for _, m in ipairs(pos:leaving_cell(moves, 2, 2)) do kept[pos:uci(m)] = true end
  end }), { fen = "4k3/8/8/8/8/8/8/1N2K2R w K - 0 1" })
  g:legal()
  t.check("leaving_cell: the knight's b1c3 leaves a1-b2", kept["b1c3"])
  t.check("leaving_cell: b1d2 leaves a1-b2", kept["b1d2"])
  t.check("leaving_cell: e1e2 stays in e1-f2", not kept["e1e2"] and not kept["e1f1"])
  t.check("leaving_cell: e1d1 leaves e1-f2", kept["e1d1"])
  t.check("leaving_cell: castling e1g1 (the king to g1) leaves e1-f2", kept["e1g1"])
  -- 1x1 cells: every move leaves its cell; 8x8: none does
  local all, none
  g = varia.new(chess_with({ moves = function(pos, moves)
    all, none = #pos:leaving_cell(moves, 1, 1) == #moves, #pos:leaving_cell(moves, 8, 8)
  end }))
  g:legal()
  t.check("leaving_cell 1x1: every move", all)
  t.equal("leaving_cell 8x8: none", none, 0)
  local ok, err = pcall(function()
    return varia.new(chess_with({ moves = function(pos, moves) pos:leaving_cell(moves, 0, 2) end })):legal()
  end)
  t.check("leaving_cell: a cell of width 0 is an error", not ok and tostring(err):find("cell's width", 1, true), err)
end

-- pos:attacked_by_own_type(colour): the colour's pieces that an enemy
-- piece of their type attacks, as pos:attacked(sq, by, letter) finds them
-- one by one.
do
  local fast, slow
  local function probe(pos)
    fast, slow = {}, {}
    for _, sq in ipairs(pos:attacked_by_own_type("white")) do fast[#fast + 1] = sq end
    for _, sq in ipairs(pos:pieces("white")) do
      if pos:attacked(sq, "black", pos:piece(sq)) then slow[#slow + 1] = sq end
    end
  end
  -- the knights on c3 and d5 attack each other, the rooks on a1 and a8
  -- see each other, the pawn on f5 attacks the one on e4; the bishop on
  -- h8 would see b2 but the knight on c3 stands between
  local g = varia.new(chess_with({ moves = function(pos) probe(pos) end }),
                      { fen = "r3k2b/8/8/3n1p2/4P3/2N5/1B6/R3K3 w - - 0 1" })
  g:legal()
  t.equal("attacked_by_own_type: rook, knight, pawn (not the blocked bishop)", table.concat(fast, " "), "a1 c3 e4")
  t.equal("attacked_by_own_type agrees with pos:attacked per piece", table.concat(fast, " "), table.concat(slow, " "))
  g = varia.new(chess_with({ moves = function(pos) probe(pos) end }), { fen = kiwipete })
  g:legal()
  t.equal("attacked_by_own_type agrees on Kiwipete", table.concat(fast, " "), table.concat(slow, " "))
end

-- moves_attr: the hook is handed only the moves of pieces with the bits
-- (and of moves_on's kinds), and is not called where there is none.
do
  local calls, handed = 0, {}
  local hooks = {
    moves_attr = 4,
    moves = function(pos, moves)
      calls = calls + 1
      handed = {} -- the last call's
      for _, m in ipairs(moves) do handed[#handed + 1] = pos:uci(m) end
      return {}
    end,
  }
  local g = varia.new(chess_with(hooks))
  t.equal("moves_attr: no marked piece, every move", #g:legal(), 20)
  t.equal("moves_attr: no marked piece, not called", calls, 0)
  -- the knight on g1 marked (bit 4): its two moves are the hook's, refused
  g = varia.new(chess_with(hooks), { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:attr=g1.4" })
  handed = {}
  t.equal("moves_attr: the marked knight's 2 moves gone", #g:legal(), 18)
  table.sort(handed)
  t.equal("moves_attr: handed the knight's moves alone", table.concat(handed, " "), "g1f3 g1h3")
  -- with moves_on: a marked pawn's double step alone
  hooks.moves_on = "double"
  g = varia.new(chess_with(hooks), { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 varia:attr=e2.4" })
  handed = {}
  t.equal("moves_attr and moves_on: only e2e4 gone", #g:legal(), 19)
  t.equal("moves_attr and moves_on: handed e2e4", table.concat(handed, " "), "e2e4")
  for _, bad in ipairs({ 0, 256, "x" }) do
    local ok, err = pcall(varia.new, chess_with({ moves_attr = bad, moves = function() end }))
    t.check("bad moves_attr " .. tostring(bad), not ok and tostring(err):find("hooks.moves_attr: expected", 1, true), err)
  end
end

-- A moves hook's reasons as a function of (pos, move): asked by why only,
-- for the move asked about.
do
  local asked = 0
  local g = varia.new(chess_with({ moves = function(pos, moves)
    local kept = {}
    for _, m in ipairs(moves) do
      if pos:uci(m) ~= "e2e4" then kept[#kept + 1] = m end
    end
    return kept, function(p, m)
      asked = asked + 1
      return "no " .. p:uci(m) .. " today"
    end
  end }))
  t.equal("reasons function: e2e4 gone", #g:legal(), 19)
  t.equal("reasons function: not called for legal moves", asked, 0)
  local legal, why = g:why("e4")
  t.check("reasons function: why gives its text", not legal and why:find("no e2e4 today", 1, true), why)
  t.equal("reasons function: called once, by why", asked, 1)
end



-- turn_ends_on = "captures": asked only after captures and script moves;
-- after any other move the turn ends, and perft counts those moves at the
-- last level without making them. A rule "a capture is followed by one
-- more move of the same side", written once asking after every move and
-- once with turn_ends_on, counts the same (and not chess's count).
do
  local function double_after_capture(on)
    return std.extend(std.chess, { name = "capture-again", turn = { "move", "move" }, hooks = {
      turn_ends_on = on,
      effects = function(pos, move, captured) pos:set_state(1, captured and 1 or 0) end,
      turn_ends = function(pos, move, step)
        if on == "captures" and pos:state(1) == 0 then error("asked after a move that is no capture") end
        return step == 2 or pos:state(1) == 0
      end,
    } })
  end
  local all, captures = double_after_capture("all"), double_after_capture("captures")
  -- (a capture's second move is followed at the same depth: Kiwipete's
  -- perft 1 is its 40 quiet moves and the 8 captures' second moves)
  for _, d in ipairs({ 1, 2 }) do
    local a = varia.new(all, { fen = kiwipete }):perft(d)
    t.equal("turn_ends_on captures: Kiwipete perft " .. d .. " as when asked after every move",
            varia.new(captures, { fen = kiwipete }):perft(d), a)
  end
  t.equal("turn_ends_on captures: Kiwipete perft 1", varia.new(captures, { fen = kiwipete }):perft(1), 443)
  t.equal("turn_ends_on captures: perft 3 from the start as when asked after every move",
          varia.new(captures):perft(3), varia.new(all):perft(3))
  local g = varia.new(captures, { fen = kiwipete })
  g:play("e5f7")
  t.equal("turn_ends_on captures: after a capture the same side moves again", g:fen():match("^%S+ (%a)"), "w")
  g = varia.new(captures, { fen = kiwipete })
  g:play("a2a3")
  t.equal("turn_ends_on captures: after another move the turn ends", g:fen():match("^%S+ (%a)"), "b")
  local ok, err = pcall(varia.new, std.extend(std.chess, { name = "x", hooks = {
    turn_ends_on = "checks", turn_ends = function() return true end } }))
  t.check("bad turn_ends_on", not ok and tostring(err):find("hooks.turn_ends_on: expected", 1, true), err)
end

-- legal_on = "captures" asks about the script's own moves too (their
-- effects may capture): a refused script move is gone.
do
  local g = varia.new(std.extend(std.chess, { name = "jump", hooks = {
    kinds = { "jump" },
    effects_on = "captures", -- and the script's own moves
    moves = function(pos, moves)
      if pos:piece("g1") == "N" then moves[#moves + 1] = pos:move("g1", "g4", "jump") end
      return moves
    end,
    effects = function(pos, move)
      local from, to = pos:decode(move)
      pos:relocate(from, to)
    end,
    legal_on = "captures",
    legal = function(pos, move)
      if select(3, pos:decode(move)) == "jump" then return false, "no jump" end
      return nil
    end,
  } }))
  t.equal("legal_on captures: the jump is asked about, and refused", #g:legal(), 20)
end
-- legal_on = "royal": asked about the moves of royal pieces (castling
-- included) alone. Refusing each of them leaves Kiwipete's 48 less the
-- king's 4 (e1d1, e1f1 and both castlings).
do
  local g = varia.new(chess_with({
    legal_on = "royal",
    legal = function(pos, move)
      local from = pos:decode(move)
      if from ~= "e1" then error("asked about a move that is not the king's: " .. pos:uci(move)) end
      return false, "no king moves"
    end,
  }), { fen = kiwipete })
  t.equal("legal_on royal: Kiwipete less the king's 4 moves", #g:legal(), 44)
  local legal, why = g:why("Kf1")
  t.check("legal_on royal: why gives the hook's reason for a king's move", not legal and why:find("no king moves", 1, true), why)
  legal = g:why("a3")
  t.check("legal_on royal: why does not ask about a pawn's move", legal)
end

-- attacked_layer: a square is attacked only by the pieces of its layer
-- (the attribute bits); an empty one by those of the attacked king's.
do
  local layered = chess_with({ attacked_layer = 1 })
  local fen = "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1"
  t.equal("attacked_layer: one layer, the rook checks (4 moves)", #varia.new(layered, { fen = fen }):legal(), 4)
  t.equal("attacked_layer: the rook on the other layer does not check (5 moves)",
          #varia.new(layered, { fen = fen .. " varia:attr=e8.1" }):legal(), 5)
  t.equal("attacked_layer: king and rook on layer 1 again (4 moves)",
          #varia.new(layered, { fen = fen .. " varia:attr=e8.1,e1.1" }):legal(), 4)
  -- an empty square takes the king's layer: d1/d2/f1/f2 on the rook's
  -- d-file are attacked when the king is on the rook's layer
  fen = "3r2k1/8/8/8/8/8/8/4K3 w - - 0 1"
  t.equal("attacked_layer: empty squares, the king's layer 0, the rook's 1 (5 moves)",
          #varia.new(layered, { fen = fen .. " varia:attr=d8.1" }):legal(), 5)
  t.equal("attacked_layer: empty squares, the king on the rook's layer (3 moves)",
          #varia.new(layered, { fen = fen .. " varia:attr=d8.1,e1.1" }):legal(), 3)
  local ok, err = pcall(varia.new, chess_with({ attacked_layer = 1, attacked = function() return false end }))
  t.check("attacked_layer with an attacked hook is an error", not ok and tostring(err):find("hooks.attacked_layer", 1, true), err)
end

-- pos:layer_moves(bits, value): a layer's moves, as pos:pseudo(keep)
-- and a filter in Lua give them (Alice's former moves hook): the target
-- free on the other layers, castling and en passant only where the whole
-- board allows them, en passant only against the layer's piece.
do
  local fast, slow = {}, {}
  local g = varia.new(chess_with({ moves = function(pos, given)
    local real = {}
    for _, m in ipairs(given) do real[m] = true end
    for b = 0, 1 do
      fast[b], slow[b] = {}, {}
      for _, m in ipairs(pos:layer_moves(1, b)) do fast[b][#fast[b] + 1] = pos:uci(m) end
      for _, m in ipairs(pos:pseudo({ attr = 1, value = b })) do
        local from, to, kind = pos:decode(m)
        local ok
        if kind == "castling" then ok = real[m]
        elseif kind == "en passant" then
          local victim = pos:captures(m)
          ok = real[m] and victim and pos:attr(victim) & 1 == b
        else ok = not pos:piece(to) or pos:attr(to) & 1 == b end
        if ok then slow[b][#slow[b] + 1] = pos:uci(m) end
      end
    end
  end }), { fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1 varia:attr=e5.1,f3.1,g6.1,d7.1,a1.1" })
  g:legal()
  for b = 0, 1 do
    t.equal("layer_moves: layer " .. b .. " as pseudo and a filter", table.concat(fast[b], " "), table.concat(slow[b], " "))
  end
  t.check("layer_moves: both layers have moves", #fast[0] > 20 and #fast[1] > 5, #fast[0] .. " " .. #fast[1])
end

-- effects_toggle: the moved piece's attribute bits flip after its move
-- (king and rook after castling), before an effects hook runs.
do
  local seen
  local toggling = chess_with({ effects_toggle = 1, effects = function(pos, move)
    local _, to = pos:decode(move)
    seen = pos:attr(to)
  end })
  local g = varia.new(toggling)
  g:play("e2e4")
  t.check("effects_toggle: e4's pawn has bit 1", g:fen():find("attr=e4.1", 1, true), g:fen())
  t.equal("effects_toggle: the effects hook sees it flipped", seen, 1)
  g = varia.new(toggling, { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 varia:attr=a1.1" })
  g:play("e1c1")
  local fen = g:fen()
  t.check("effects_toggle: castling flips king and rook (c1 1, d1 0 from 1)",
          fen:find("c1.1", 1, true) and not fen:find("d1.", 1, true), fen)
  g = varia.new(toggling, { fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1 varia:attr=a7.1" })
  g:play("a7a8q")
  t.check("effects_toggle: a promotion flips the attribute before the move (1 -> 0)",
          not g:fen():find("a8.", 1, true), g:fen())
  local ok, err = pcall(varia.new, chess_with({ effects_toggle = 1, effects_on = "checks", effects = function() end }))
  t.check("effects_toggle with effects_on checks is an error", not ok and tostring(err):find("hooks.effects_toggle", 1, true), err)
end

-- continue_as = "captured": a capture owes a continuation in the way of
-- the piece it took, answered in C. Against the same rule written in
-- hooks (effects, turn_ends, moves and legal, with stand-in types for a
-- pawn moving as another piece: variants/takemake.lua before it used the
-- declaration), on positions with captures, en passant, promotions and
-- castling.
do
  local as = { n = "u", b = "v", r = "w", q = "y", k = "z" }
  local stand_in = {}
  for _, l in pairs(as) do stand_in[l] = true end
  local OWES = 1
  local function letter(colour, l) return colour == "white" and l:upper() or l:lower() end
  local function decode_sq(pos, n) return pos:square(n // 100, n % 100) end
  local function first_rank(pos, colour) return colour == "white" and 1 or pos:ranks() end
  local function continuations(pos, moves)
    local us, taken = pos:side(), string.char(pos:state(1))
    local sq = decode_sq(pos, pos:state(2))
    local piece, list = pos:piece(sq), {}
    if not piece then return list end
    local t = piece:lower()
    if t == "p" or stand_in[t] then
      for _, m in ipairs(moves) do
        local from, to, kind = pos:decode(m)
        if from == sq and kind ~= "en passant" and not pos:captures(m) and pos:rank(to) ~= first_rank(pos, us) then
          list[#list + 1] = m
        end
      end
      return list
    end
    local seen = {}
    for _, m in ipairs(pos:moves_as(sq, letter(us, taken))) do
      local _, to, kind = pos:decode(m)
      if kind ~= "en passant" and kind ~= "castling" and not pos:captures(m) and not seen[to] then
        seen[to] = true
        list[#list + 1] = pos:move(sq, to, "make")
      end
    end
    return list
  end
  local pieces = {}
  for l, x in pairs(as) do
    pieces[x] = { name = "pawn moving as " .. l, betza = "m" .. ({ n = "N", b = "B", r = "R", q = "Q", k = "K" })[l],
                  promotes = true, pawn = true, value = 100 }
  end
  local by_hooks = std.extend(std.chess, { name = "continue-by-hooks", turn = { "move", "move" }, pieces = pieces,
    hooks = {
      kinds = { "take", "make" },
      effects_on = "captures", effects_attr = OWES, legal_on = "captures", turn_ends_on = "captures",
      effects = function(pos, move, captured)
        local from, to, kind = pos:decode(move)
        if pos:state(1) ~= 0 then
          pos:set_state(1, 0)
          pos:set_state(2, 0)
          if kind == "make" then pos:relocate(from, to) end
          local piece, colour = pos:piece(to)
          if piece and stand_in[piece:lower()] then pos:put(to, letter(colour, "p"))
          elseif piece and pos:attr(to) & OWES ~= 0 then pos:set_attr(to, pos:attr(to) & ~OWES) end
          return
        end
        if kind == "take" then
          captured = pos:piece(to)
          pos:relocate(from, to)
        end
        if not captured then return end
        local t = captured:lower()
        pos:set_state(1, string.byte(t))
        pos:set_state(2, pos:file(to) * 100 + pos:rank(to))
        local piece, colour = pos:piece(to)
        if piece:lower() == "p" and as[t] then pos:put(to, letter(colour, as[t])) end
        pos:set_attr(to, pos:attr(to) | OWES)
      end,
      turn_ends = function(pos) return pos:state(1) == 0 end,
      moves = function(pos, moves)
        if pos:state(1) ~= 0 then return continuations(pos, moves) end
        local kept, seen, any = {}, {}, false
        for _, m in ipairs(moves) do
          local from, to, kind = pos:decode(m)
          if kind == "promotion" and pos:captures(m) then
            any = true
            if not seen[from .. to] then
              seen[from .. to] = true
              kept[#kept + 1] = pos:move(from, to, "take")
            end
          else
            kept[#kept + 1] = m
          end
        end
        if any then return kept end
      end,
      legal = function(pos)
        if pos:state(1) == 0 then return nil end
        return #pos:legal() > 0
      end,
    } })
  local declared = std.extend(std.chess, { name = "continue-declared", turn = { "move", "move" },
                                           hooks = { continue_as = "captured" } })
  for _, c in ipairs({
    { "start", nil, 3 }, { "Kiwipete", kiwipete, 2 },
    { "CPW 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3 },
    { "CPW 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2 },
    { "CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2 },
    { "pawns onto the last rank", "1n1r3k/2P1P3/8/8/8/8/3p1p2/1R2K1N1 w - - 0 1", 2 },
  }) do
    local a = varia.new(by_hooks, c[2] and { fen = c[2] } or nil):perft(c[3])
    t.equal("continue_as: " .. c[1] .. " perft " .. c[3] .. " as the rule in hooks",
            varia.new(declared, c[2] and { fen = c[2] } or nil):perft(c[3]), a)
  end
  -- the state slots as a script reads them, and a script's own effects
  -- (effects_on "captures") after the declaration's: the captured rook's
  -- letter and e4 (5 * 100 + 4) owed, then nothing
  local seen = {}
  local g = varia.new(std.extend(std.chess, { name = "continue-seen", turn = { "move", "move" }, hooks = {
    continue_as = "captured", effects_on = "captures",
    effects = function(pos) seen[#seen + 1] = pos:state(1) .. "/" .. pos:state(2) end,
  } }), { fen = "4k3/8/8/8/4r3/2N5/8/4K3 w - - 0 2" })
  g:play("c3e4")
  t.equal("continue_as: the state owed after the capture", seen[1], string.byte("r") .. "/504")
  t.equal("continue_as: mid-move, the rook's 12 continuations", #g:legal(), 12)
  g:play("e4a4")
  local others = 0
  for _, v in ipairs(seen) do
    if v ~= seen[1] then others = others + 1 end
  end
  t.equal("continue_as: the script's effects asked after the capture only (each time it is made)", others, 0)
  t.check("continue_as: nothing owed after the continuation", not g:fen():find("state", 1, true), g:fen())
  t.equal("continue_as: then Black", g:fen():match("^%S+ (%a)"), "b")
  local legal, why = varia.new(declared, { fen = "4k3/8/3p4/3p4/8/2N5/8/4K3 w - - 0 2" }):why("c3d5")
  t.check("continue_as: why a capture without continuation is refused",
          not legal and why:find("no move of a pawn from d5 without capture", 1, true), why)
  for _, bad in ipairs({
    { { continue_as = "own" }, nil, "expected \"captured\"" },
    { { continue_as = "captured" }, { "move" }, "needs turn" },
    { { continue_as = "captured", legal = function() end }, nil, "hooks.legal" },
    { { continue_as = "captured", turn_ends_on = "captures" }, nil, "hooks.turn_ends" },
    { { continue_as = "captured", effects_on = "checks", effects = function() end }, nil, "effects_on" },
  }) do
    local ok, err = pcall(varia.new, std.extend(std.chess, { name = "x", turn = bad[2] or { "move", "move" }, hooks = bad[1] }))
    t.check("continue_as refused: " .. bad[3], not ok and tostring(err):find(bad[3], 1, true), err)
  end
end

-- moves_layer: each move made on one layer (Alice's boards), judged
-- there, in C. Against the same rule written in hooks (a moves hook asking
-- pos:layer_moves for each layer, a castling hook and a legal hook for the
-- king's move before it passes: variants/alice.lua before it used the
-- declaration), and against itself made and tried move by move (an
-- effects hook, which does nothing, takes the judge off its fast way).
do
  local function board(pos, sq) return pos:attr(sq) & 1 end
  local function castled(pos, from, to)
    local r = pos:rank(from)
    if pos:file(to) > pos:file(from) then return pos:square(7, r), pos:square(6, r) end
    return pos:square(3, r), pos:square(4, r)
  end
  local by_hooks = std.extend(std.chess, { name = "layers-by-hooks", hooks = {
    moves = function(pos)
      local list = pos:layer_moves(1, 0)
      for _, m in ipairs(pos:layer_moves(1, 1)) do list[#list + 1] = m end
      return list
    end,
    effects_toggle = 1,
    attacked_layer = 1,
    castling = function(pos, wing, king, rook, king_to, rook_to)
      local b = board(pos, king)
      if board(pos, rook) ~= b then return false end
      local r, lo, hi = pos:rank(king), pos:file(king), pos:file(king)
      for _, sq in ipairs({ rook, king_to, rook_to }) do
        lo, hi = math.min(lo, pos:file(sq)), math.max(hi, pos:file(sq))
      end
      for f = lo, hi do
        local sq = pos:square(f, r)
        if sq ~= king and sq ~= rook and pos:piece(sq) and
           (board(pos, sq) == b or sq == king_to or sq == rook_to) then return false end
      end
      return true
    end,
    legal_on = "royal",
    legal = function(pos, move)
      local from, to, kind = pos:decode(move)
      local us = pos:mover()
      local king = pos:royal(us)
      if king ~= (kind == "castling" and castled(pos, from, to) or to) then return nil end
      local b, squares = board(pos, king) ~ 1, { [king] = true }
      for _, colour in ipairs({ "white", "black" }) do
        for _, sq in ipairs(pos:pieces(colour)) do
          if board(pos, sq) == b then squares[sq] = true end
        end
      end
      if kind == "castling" then squares[select(2, castled(pos, from, to))] = true end
      if pos:attacked(king, us == "white" and "black" or "white", squares) then return false end
    end,
  } })
  local declared = chess_with({ moves_layer = 1, attacked_layer = 1, effects_toggle = 1 })
  local slow = chess_with({ moves_layer = 1, attacked_layer = 1, effects_toggle = 1,
                            effects = function() end })
  for _, c in ipairs({
    { "start", nil, 3 },
    { "Kiwipete", kiwipete, 2 },
    { "Kiwipete, pieces on B", kiwipete .. " varia:attr=e5.1,f3.1,g6.1,d7.1,a1.1,e8.1", 2 },
    { "CPW 3, king and rook on B", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 varia:attr=a5.1,h5.1,b5.1", 3 },
    { "CPW 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1 varia:attr=a3.1,g1.1", 2 },
    { "CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8 varia:attr=f2.1,d7.1", 2 },
  }) do
    local opts = c[2] and { fen = c[2] } or nil
    local a = varia.new(by_hooks, opts):perft(c[3])
    t.equal("moves_layer: " .. c[1] .. " perft " .. c[3] .. " as the rule in hooks", varia.new(declared, opts):perft(c[3]), a)
    t.equal("moves_layer: " .. c[1] .. " perft " .. c[3] .. " made move by move", varia.new(slow, opts):perft(c[3]), a)
  end
  -- A move must be legal on the layer it is made on, before its piece
  -- passes: a knight that lands between the king and a grasshopper of the
  -- king's layer gives the grasshopper its hurdle there (e8 over e2 to
  -- e1), though it then passes to the other layer. White: Ke1, Ng1;
  -- Black: Ke8... no: Kh8, Ge8.
  local hoppers = std.extend(std.chess, { name = "layers-hopping",
    pieces = { g = { name = "grasshopper", betza = "gQ", value = 200 } },
    hooks = { moves_layer = 1, attacked_layer = 1, effects_toggle = 1 } })
  local function ucis(g)
    local l = {}
    for _, m in ipairs(g:legal()) do l[m] = true end
    return l
  end
  local l = ucis(varia.new(hoppers, { fen = "4g2k/8/8/8/8/8/8/4K1N1 w - - 0 1" }))
  t.check("moves_layer: a move that is a hurdle for a check on its layer, before it passes, is illegal", not l["g1e2"])
  t.check("moves_layer: ... the knight's other moves stand", l["g1f3"] and l["g1h3"])
  l = ucis(varia.new(hoppers, { fen = "4g2k/8/8/8/8/8/8/4K1N1 w - - 0 1 varia:attr=e8.1" }))
  t.check("moves_layer: ... with the grasshopper on the other layer it is legal", l["g1e2"])
  -- why: the script's words, asked only by why; nil keeps the core's
  local asked = 0
  local worded = chess_with({ moves_layer = 1, attacked_layer = 1, effects_toggle = 1,
    why = function(pos, m)
      asked = asked + 1
      local _, to = pos:decode(m)
      if to == "a6" then return "not onto a6 of the other board" end
    end })
  local g = varia.new(worded, { fen = "4k3/8/p7/8/8/8/8/R3K3 w - - 0 2 varia:attr=a1.1" })
  t.equal("why: not asked while the moves are made and judged", (function() g:legal() return asked end)(), 0)
  local legal, why = g:why("a1a6")
  t.check("why: the script's words for a landing on another layer's piece", not legal and why == "not onto a6 of the other board", why)
  legal, why = varia.new(worded, { fen = "4k3/8/8/8/8/8/7r/4K3 w - - 0 2" }):why("e1e2")
  t.check("why: nil keeps the core's reason (the king attacked before passing)",
          not legal and why:find("before passing", 1, true), why)
  local bad_why = chess_with({ moves_layer = 1, attacked_layer = 1, why = function() return 1 end })
  local ok, err = pcall(function() return varia.new(bad_why, { fen = "4k3/8/p7/8/8/8/8/R3K3 w - - 0 2 varia:attr=a1.1" }):why("a1a6") end)
  t.check("why: a reason that is not a string is an error", not ok and tostring(err):find("hooks.why", 1, true), err)
  for _, bad in ipairs({
    { { moves_layer = 0, attacked_layer = 1 }, "expected attribute bits" },
    { { moves_layer = 1 }, "needs attacked_layer" },
    { { moves_layer = 1, attacked_layer = 2 }, "needs attacked_layer" },
    { { moves_layer = 1, attacked_layer = 1, castling = function() end }, "castling hook" },
    { { moves_layer = 1, attacked_layer = 1, legal = function() end }, "legal hook" },
  }) do
    local ok2, err2 = pcall(varia.new, chess_with(bad[1]))
    t.check("moves_layer refused: " .. bad[2], not ok2 and tostring(err2):find(bad[2], 1, true), err2)
  end
  local ok3, err3 = pcall(varia.new, std.extend(std.chess, { name = "x", turn = { "move", "move" },
    hooks = { continue_as = "captured", moves_layer = 1, attacked_layer = 1 } }))
  t.check("moves_layer refused with continue_as", not ok3 and tostring(err3):find("continue_as", 1, true), err3)
end

-- paralysis: a piece that an enemy piece of some types attacks neither
-- moves nor attacks, in C. Against the same rule written in hooks (a
-- moves hook taking out the paralysed pieces' moves, an attacked hook
-- counting only attackers that are not paralysed: variants/madrasi.lua
-- before it used the declaration), for Madrasi's map (each type by its
-- own) and for another (knights paralysed by bishops, bishops by rooks,
-- queens by knights and pawns), which is not mutual.
do
  local function by_hooks(map)
    local function paralysed(pos, sq)
      local piece, colour = pos:piece(sq)
      local by = piece and map[piece:lower()]
      if not by then return false end
      for i = 1, #by do
        if pos:attacked(sq, colour == "white" and "black" or "white", by:sub(i, i)) then return true end
      end
      return false
    end
    return chess_with({
      attacked = function(pos, sq, by)
        for _, a in ipairs(pos:attackers(sq, by)) do
          if not paralysed(pos, a) then return true end
        end
        return false
      end,
      moves = function(pos, moves)
        return std.keep_moves(moves, function(m)
          local from, to, kind = pos:decode(m)
          if paralysed(pos, from) or (kind == "castling" and paralysed(pos, to)) then return "paralysed" end
        end)
      end,
    })
  end
  local madrasi = { p = "p", n = "n", b = "b", r = "r", q = "q" }
  local other = { n = "b", b = "r", q = "np" }
  for _, map in ipairs({ madrasi, other }) do
    local declared = chess_with({ paralysis = map })
    local hooked = by_hooks(map)
    for _, c in ipairs({
      { "start", nil, 3 }, { "Kiwipete", kiwipete, 2 },
      { "CPW 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3 },
      { "CPW 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2 },
      { "CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2 },
      { "castling past a paralysed bishop", "r3k2r/8/8/8/8/b7/8/R3K2R w KQkq - 0 1", 2 },
    }) do
      local opts = c[2] and { fen = c[2] } or nil
      t.equal("paralysis " .. (map == madrasi and "(own type)" or "(other types)") .. ": " .. c[1] .. " perft " .. c[3] ..
              " as the rule in hooks", varia.new(declared, opts):perft(c[3]), varia.new(hooked, opts):perft(c[3]))
    end
  end
  -- the knight on d4 is paralysed by the bishop on f6 (other map): it
  -- gives no check to the king on e6 and cannot move; why says so
  local g = varia.new(chess_with({ paralysis = other }), { fen = "8/8/4kb2/8/3N4/8/8/4K3 b - - 0 1" })
  t.equal("paralysis: a paralysed knight gives no check", g:incheck(), false)
  g = varia.new(chess_with({ paralysis = other }), { fen = "8/8/4kb2/8/3N4/8/8/4K3 w - - 0 1" })
  local legal, why = g:why("d4c6")
  t.check("paralysis: why names the paralyser", not legal and why:find("the knight on d4 is paralysed (attacked by Black's bishop on f6)", 1, true), why)
  for _, bad in ipairs({
    { { paralysis = "n" }, "expected a table" },
    { { paralysis = { x = "n" } }, "expected a table" },
    { { paralysis = { n = "x" } }, "expected a table" },
    { { paralysis = { n = "n" }, attacked = function() end }, "attacked hook" },
  }) do
    local ok, err = pcall(varia.new, chess_with(bad[1]))
    t.check("paralysis refused: " .. bad[2], not ok and tostring(err):find(bad[2], 1, true), err)
  end
end

-- terminal_on: terminal asked only after a step that captured, moved a
-- royal piece or gave check (and in a position set up from a FEN, whose
-- past is unknown); by default before every position's moves.
do
  local calls
  local function counting(on)
    return chess_with({ terminal_on = on, terminal = function() calls = calls + 1 end })
  end
  local function asked(on, fen, depth)
    calls = 0
    varia.new(counting(on), fen and { fen = fen } or nil):perft(depth)
    return calls
  end
  t.equal("terminal_on all: the start and its 20 children (perft 2)", asked("all", nil, 2), 21)
  t.equal("terminal_on captures: the start alone (no capture in one move)", asked("captures", nil, 2), 1)
  t.equal("terminal_on captures: Kiwipete and its 8 captures", asked("captures", kiwipete, 2), 9)
  t.equal("terminal_on royal: Kiwipete and its 4 king moves (castling too)", asked("royal", kiwipete, 2), 5)
  t.equal("terminal_on checks: the rook's Ra8+ alone", asked("checks", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 2), 2)
  t.equal("terminal_on captures and royal: Kiwipete, 8 captures, 4 king moves",
          asked({ "captures", "royal" }, kiwipete, 2), 13)
  local ok, err = pcall(varia.new, chess_with({ terminal_on = "moves", terminal = function() end }))
  t.check("bad terminal_on", not ok and tostring(err):find("hooks.terminal_on: expected", 1, true), err)
end

-- moves_others = "drop": where the moves hook is called (moves_on found
-- a move for it), the moves it was not handed go.
do
  local calls = 0
  local only = chess_with({ moves_on = "captures", moves_others = "drop",
                            moves = function(pos, captures) calls = calls + 1 return captures end })
  t.equal("moves_others drop: Kiwipete's 8 captures alone", #varia.new(only, { fen = kiwipete }):legal(), 8)
  calls = 0
  t.equal("moves_others drop: no capture, the moves stand", #varia.new(only):legal(), 20)
  t.equal("moves_others drop: no capture, the hook is not called", calls, 0)
  local ok, err = pcall(varia.new, chess_with({ moves_others = "drop", moves = function() end }))
  t.check("moves_others drop without moves_on", not ok and tostring(err):find("needs moves_on", 1, true), err)
  ok, err = pcall(varia.new, chess_with({ moves_on = "captures", moves_others = "all", moves = function() end }))
  t.check("bad moves_others", not ok and tostring(err):find("hooks.moves_others: expected", 1, true), err)
end

-- pos:remove_around(sq, spared): the pieces a king's step from sq go, but
-- those of the spared types; how many went.
do
  local removed
  local blast = chess_with({ effects_on = "captures", effects = function(pos, move)
    local _, to = pos:decode(move)
    removed = pos:remove_around(to, "pK")
  end })
  -- Nxd5 takes on d5: around it c6 (knight), e6 (pawn, spared), c4
  -- (bishop), e4 (white pawn, spared), d4 (queen), e5 (rook) go: 4
  local g = varia.new(blast, { fen = "4k3/8/2n1p3/3br3/2BQP3/4N3/8/4K3 w - - 0 1" })
  g:play("e3d5")
  t.equal("remove_around: four pieces around d5", removed, 4)
  local fen = g:fen()
  t.equal("remove_around: pawns spared, the others gone", fen:match("^(%S+)"), "4k3/8/4p3/3N4/4P3/8/8/4K3")
  local ok, err = pcall(function()
    local h = varia.new(chess_with({ effects_on = "captures", effects = function(pos, move)
      pos:remove_around(select(2, pos:decode(move)), "x") end }), { fen = kiwipete })
    h:play("e5f7")
  end)
  t.check("remove_around: a letter that is no piece", not ok and tostring(err):find("no piece 'x'", 1, true), err)
end

-- legal_on = "checks" finds the checks without making every move (a
-- piece that could attack the king from where it lands, or one that
-- leaves a line a piece behind it attacks along): the hook is asked about
-- exactly the moves after which chess's king is in check. Positions with
-- discovered checks, checks by en passant and by promotion.
do
  for _, fen in ipairs({ kiwipete, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                         "8/8/3p4/KPp4r/1R3p1k/8/4P1P1/8 w - c6 0 2", "8/8/8/2k5/3Pp3/8/8/4K1B1 b - d3 0 1",
                         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                         "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                         "4k3/1P6/8/8/8/8/8/4K2R w K - 0 1", "3k4/8/8/8/8/8/2pK4/1R6 b - - 0 1" }) do
    local asked, seen = {}, {}
    local g = varia.new(chess_with({ legal_on = "checks", legal = function(pos, move)
      local u = pos:uci(move)
      if not seen[u] then asked[#asked + 1], seen[u] = u, true end
    end }), { fen = fen })
    g:legal()
    local checks = {}
    local c = varia.new("chess", { fen = fen })
    for _, m in ipairs(c:legal()) do
      local d = c:copy()
      d:play(m)
      if d:incheck() then checks[#checks + 1] = m end
    end
    table.sort(asked)
    table.sort(checks)
    t.equal("legal_on checks: asked about the checks of " .. fen, table.concat(asked, " "), table.concat(checks, " "))
  end
end

-- cells = { w, h }: a move must leave its cell and a piece attacks only
-- outside its own, in C. Against the same rule written in hooks (a moves
-- hook asking pos:leaving_cell, an attacked hook counting the attackers
-- outside the square's cell: variants/grid.lua before it used the
-- declaration), for 2x2 cells and 3x2.
do
  local function by_hooks(w, h)
    local function cell(pos, sq) return ((pos:file(sq) - 1) // w) * 16 + (pos:rank(sq) - 1) // h end
    return chess_with({
      attacked = function(pos, sq, by)
        local c = cell(pos, sq)
        for _, a in ipairs(pos:attackers(sq, by)) do
          if cell(pos, a) ~= c then return true end
        end
        return false
      end,
      moves = function(pos, moves) return pos:leaving_cell(moves, w, h) end,
    })
  end
  for _, size in ipairs({ { 2, 2 }, { 3, 2 } }) do
    local declared, hooked = chess_with({ cells = size }), by_hooks(size[1], size[2])
    for _, c in ipairs({
      { "start", nil, 3 }, { "Kiwipete", kiwipete, 2 },
      { "CPW 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 3 },
      { "CPW 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 2 },
      { "CPW 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 2 },
    }) do
      local opts = c[2] and { fen = c[2] } or nil
      t.equal("cells " .. size[1] .. "x" .. size[2] .. ": " .. c[1] .. " perft " .. c[3] .. " as the rule in hooks",
              varia.new(declared, opts):perft(c[3]), varia.new(hooked, opts):perft(c[3]))
    end
  end
  local legal, why = varia.new(chess_with({ cells = { 2, 2 } }), { fen = "4k3/8/8/8/8/4P3/8/4K3 w - - 0 1" }):why("e3e4")
  t.check("cells: why, in the core's words", not legal and why:find("e3 and e4 are in the same 2x2 cell", 1, true), why)
  for _, bad in ipairs({
    { { cells = 2 }, "expected { width, height }" },
    { { cells = { 0, 2 } }, "expected { width, height }" },
    { { cells = { 2, 9 } }, "expected { width, height }" },
    { { cells = { 2, 2 }, attacked = function() end }, "attacked hook" },
  }) do
    local ok, err = pcall(varia.new, chess_with(bad[1]))
    t.check("cells refused: " .. bad[2], not ok and tostring(err):find(bad[2], 1, true), err)
  end
end

t.done()
