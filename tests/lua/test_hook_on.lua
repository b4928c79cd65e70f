-- Hooks that say which moves they are about (docs/api.md "Rule hooks":
-- moves_on, legal_on = "checks", effects_attr): the hook is handed, or
-- asked about, those moves alone and the others are the core's, so a rule
-- about a few moves costs nothing on the rest (issue 29).

local t = require "check"
local std = require "std"

local function chess_with(hooks)
  return std.extend(std.chess, { name = "hooked-on", hooks = hooks })
end

local function set_of(list)
  local s = {}
  for _, m in ipairs(list) do s[m] = true end
  return s
end

local kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

-- moves_on = "captures": the hook is handed the captures only, and is not
-- called where there is none. A hook that refuses every move it is handed
-- leaves the start's 20 (it would raise if it were called there), and
-- Kiwipete's 48 less its 8 captures.
do
  local refuse_all = chess_with({
    moves_on = "captures",
    moves = function(pos, moves)
      if #moves == 0 then error("called without a capture") end
      for _, m in ipairs(moves) do
        if not pos:captures(m) then error("handed a move that is no capture: " .. pos:uci(m)) end
      end
      return {}
    end,
  })
  local g = varia.new(refuse_all)
  t.equal("captures: not asked at the start", #g:legal(), 20)
  t.equal("captures: perft 3 from the start (the first capture is at ply 3)", g:perft(3), 8902 - 34)
  g = varia.new(refuse_all, { fen = kiwipete })
  local legal = set_of(g:legal())
  t.equal("captures: Kiwipete less its 8 captures", #g:legal(), 40)
  t.check("a quiet move is kept", legal["e1g1"] and legal["a2a3"])
  t.check("a capture is gone", not legal["e5f7"] and not legal["f3f6"])
  -- why names the hook, as without moves_on
  local legal_now, why = g:why("Nxf7")
  t.check("why: the moves hook refuses the capture", not legal_now and why:find("hooks.moves", 1, true), why)
  legal_now, why = g:why("a2a3")
  t.check("why: a quiet move is legal", legal_now, why)
end

-- moves_on = a kind, or a list of kinds: the double steps alone.
do
  local g = varia.new(chess_with({ moves_on = "double", moves = function() return {} end }))
  t.equal("double: the start less its 8 double steps", #g:legal(), 12)
  g = varia.new(chess_with({ moves_on = { "double", "castling" }, moves = function() return {} end }),
                { fen = kiwipete })
  local legal = set_of(g:legal())
  t.equal("double and castling: Kiwipete less 2 castlings and 2 double steps", #g:legal(), 44)
  t.check("no castling, no double step", not legal["e1g1"] and not legal["e1c1"] and not legal["a2a4"])
  -- what the hook returns stands for the moves it was handed: here it
  -- keeps one of them
  g = varia.new(chess_with({ moves_on = "double", moves = function(pos, moves)
    for _, m in ipairs(moves) do
      if pos:uci(m) == "e2e4" then return { m } end
    end
    return {}
  end }))
  legal = set_of(g:legal())
  t.equal("double: the one it keeps with the 12 others", #g:legal(), 13)
  t.check("e2e4 kept, d2d4 not", legal["e2e4"] and not legal["d2d4"])
end

-- A bad moves_on is an error when the variant is loaded.
do
  for _, bad in ipairs({ "sometimes", { "double", "hops" }, {}, 3 }) do
    local ok, err = pcall(varia.new, chess_with({ moves_on = bad, moves = function() end }))
    t.check("bad moves_on " .. tostring(bad), not ok and tostring(err):find("hooks.moves_on: expected", 1, true), err)
  end
end

-- legal_on = "checks": the hook is asked only for a move that gives check
-- and that the check rule allows; it may refuse it. White's Ra1 and Ke1
-- against Ke8 have 15 moves, of which Ra8 alone gives check.
do
  local v = chess_with({
    legal_on = "checks",
    legal = function(pos, move)
      if not pos:in_check(pos:side()) then error("asked about a move without check") end
      if pos:in_check(pos:mover()) then error("asked about a move the check rule refuses") end
      return false, "no checks here"
    end,
  })
  local g = varia.new(v, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" })
  local legal = set_of(g:legal())
  t.equal("checks: 15 less the one check", #g:legal(), 14)
  t.check("Ra8 is refused, Ra7 is not", not legal["a1a8"] and legal["a1a7"])
  local legal_now, why = g:why("Ra8")
  t.check("why: the hook's reason", not legal_now and why:find("no checks here", 1, true), why)
  legal_now, why = g:why("Ra7")
  t.check("why: a move without check is not the hook's", legal_now, why)
  -- true or nil keep a check: the hook cannot allow what the check rule refuses
  g = varia.new(chess_with({ legal_on = "checks", legal = function() return true end }),
                { fen = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1" })
  t.equal("checks: the check rule still judges first", #g:legal(), #varia.new("chess", { fen = "4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1" }):legal())
end

-- effects_attr: effects_on = "captures", and also every move of a piece
-- whose attribute has one of the bits (a mark its effects keep). The
-- hook takes the mark away and counts the moves of marked pieces in the
-- hook state: the quiet move of the unmarked knight is not its business.
do
  local v = chess_with({
    effects_on = "captures",
    effects_attr = 4,
    effects = function(pos, move, captured, capsq, attr)
      local _, to = pos:decode(move)
      if attr & 4 == 0 and not captured then error("asked about a move of an unmarked piece") end
      pos:set_attr(to, attr & ~4)
      pos:set_state(1, pos:state(1) + 1)
    end,
  })
  local g = varia.new(v, { fen = "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1 varia:attr=b1.4" })
  t.equal("the mark read", g:attr("b1"), 4)
  g:play("Nc3")
  t.equal("effects took the mark away", g:attr("c3"), 0)
  t.check("and counted the move", g:fen():find("state=1", 1, true), g:fen())
  g:undo(1)
  g:play("Nf3")
  t.equal("an unmarked piece's move: not asked", g:fen():find("state=", 1, true), nil)
  local ok, err = pcall(varia.new, chess_with({ effects_attr = 0, effects = function() end }))
  t.check("bad effects_attr", not ok and tostring(err):find("hooks.effects_attr", 1, true), err)
end

-- pos:attacked and pos:attackers narrowed to a piece type (a letter of
-- either case; the colour is the question's): Madrasi's paralysis in one
-- question. White: Nb1, Bd3, Ke1; Black: the knight on c3
-- attacks b1 and e2, the bishop on f5 attacks d3 (and no further), Ke8.
do
  local seen
  local v = chess_with({
    terminal = function(pos)
      seen = {
        knight_b1 = pos:attacked("b1", "black", "n"),
        bishop_b1 = pos:attacked("b1", "black", "B"),
        bishop_d3 = pos:attacked("d3", "black", "b"),
        knight_d3 = pos:attacked("d3", "black", "n"),
        attackers_e2 = table.concat(pos:attackers("e2", "black", "n"), " "),
        all_d3 = #pos:attackers("d3", "black"),
      }
      local ok, err = pcall(pos.attacked, pos, "b1", "black", "x")
      seen.bad = not ok and tostring(err)
    end,
  })
  local g = varia.new(v, { fen = "4k3/8/8/5b2/8/2nB4/8/1N2K3 w - - 0 1" })
  g:legal()
  t.equal("a knight attacks b1", seen.knight_b1, true)
  t.equal("no bishop attacks b1", seen.bishop_b1, false)
  t.equal("a bishop attacks d3", seen.bishop_d3, true)
  t.equal("no knight attacks d3", seen.knight_d3, false)
  t.equal("the knights attacking e2", seen.attackers_e2, "c3")
  t.equal("every attacker of d3 (bishop f5)", seen.all_d3, 1)
  t.check("an unknown letter is an error", seen.bad and seen.bad:find('no piece "x"', 1, true), seen.bad)
end

-- A pos: method checks what it is called on by its metatable (pos_call):
-- a table, a string (which has a metatable of its own), a number, or a
-- position kept from an earlier call are refused, naming the method.
do
  local errs, kept = {}, nil
  local v = chess_with({
    terminal = function(pos)
      for _, x in ipairs({ {}, "e2", 7 }) do
        local ok, err = pcall(pos.piece, x, "e2")
        errs[#errs + 1] = not ok and tostring(err) or "accepted"
      end
      kept = pos
    end,
  })
  varia.new(v):legal()
  for i, what in ipairs({ "table", "string", "number" }) do
    t.check("pos.piece on a " .. what .. " is refused", errs[i]:find("varia.Position expected, got " .. what, 1, true), errs[i])
  end
  local ok, err = pcall(kept.piece, kept, "e2")
  t.check("a position kept past its hook is dead", not ok and tostring(err):find("only while its hook runs", 1, true), err)
end

t.done()
