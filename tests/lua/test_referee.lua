-- The referee for programs (issue 16, item 3): announcements with fields,
-- g:play's codes, g:why, g:referee, g:messages without since, g:choices.
-- Kriegspiel's rules: David Moeser's Cincinnati style
-- (https://chessvariants.org/incinf.dir/kriegspiel2.html); Ambiguous
-- Chess's: the Chess Variant Pages' page "Ambiguous Chess".

local t = require "check"

local function fields_text(f)
  local list = {}
  for k, v in pairs(f) do list[#list + 1] = k .. "=" .. tostring(v) .. ":" .. (math.type(v) or type(v)) end
  table.sort(list)
  return table.concat(list, " ")
end

-- Fields: what the text says, in names. Rule 1, 2: "the square the captured
-- piece is to be removed from" and "whether it was a pawn or a piece".
local g = varia.new("kriegspiel")
g:play("e2e4", "d7d5", "e4d5")
local heard = g:messages("black")
t.equal("moved names the player", fields_text(heard[1].fields), "player=white:string")
t.equal("the pawn capture names its player", fields_text(heard[3].fields), "player=white:string")
t.equal("a capture's square and kind", fields_text(heard[5].fields), "piece=pawn:string square=d5:string")
t.equal("the text is unchanged", heard[5].text, "Capture at d5: pawn")

-- Rule 3: "the direction from which the check comes". A double check: two.
g = varia.new("kriegspiel", { fen = "4k3/8/8/8/4N3/8/8/4R2K w - - 0 1" })
g:play("e4d6")
heard = g:messages("white")
t.equal("a file check", fields_text(heard[2].fields), "direction=file:string player=black:string")
t.equal("a knight check", fields_text(heard[3].fields), "direction=knight:string player=black:string")

-- Wild 16: "<n> pawn tries", the number as an integer.
g = varia.new("kriegspiel:ruleset=wild16")
g:play("e2e4", "d7d5")
heard = g:messages("white")
t.equal("the number of pawn tries", fields_text(heard[#heard].fields), "count=1:integer player=white:string")

-- The result: winner and reason.
g = varia.new("kriegspiel", { fen = "7k/8/6K1/8/8/8/8/R7 w - - 0 1" })
g:play("a1a8")
heard = g:messages("black")
t.equal("checkmate's winner and reason", fields_text(heard[#heard].fields),
  "reason=checkmate:string winner=white:string")

-- The opponent hears that a try failed, never the try: "Nonsense" to both,
-- with the player who tried and nothing more.
g = varia.new("kriegspiel")
g:play("e2e5")
t.equal("Nonsense tells black who tried, not what", fields_text(g:messages("black")[1].fields),
  "player=white:string")

-- g:announce: the values come back as given; what could not is refused.
g = varia.new("chess")
g:announce("all", "note", "a note", { n = 3, yes = true, no = false, where = "d5", words = "long diagonal" })
t.equal("fields round trip", fields_text(g:messages("white")[1].fields),
  "n=3:integer no=false:boolean where=d5:string words=long diagonal:string yes=true:boolean")
g:announce("all", "plain", "no fields")
t.equal("no fields: an empty table", next(g:messages("white")[2].fields), nil)
t.fails("a float is refused", "field x: expected a string, an integer or a boolean, got number",
  pcall(g.announce, g, "all", "t", "x", { x = 1.5 }))
t.fails("a table is refused", "field x: expected a string, an integer or a boolean, got table",
  pcall(g.announce, g, "all", "t", "x", { x = {} }))
t.fails("a ';' in a text is refused", "field x: a text may not hold ';'",
  pcall(g.announce, g, "all", "t", "x", { x = "a;b" }))
t.fails("a newline in a text is refused", "field x: a text may not hold ';' or control characters",
  pcall(g.announce, g, "all", "t", "x", { x = "a\nb" }))
t.fails("a name with a space is refused", 'field name "a b" is not a name',
  pcall(g.announce, g, "all", "t", "x", { ["a b"] = 1 }))
t.fails("a numeric key is refused", "a field's name must be a string",
  pcall(g.announce, g, "all", "t", "x", { 1 }))
t.fails("fields must be a table", "table expected",
  pcall(g.announce, g, "all", "t", "x", "square=d5"))
local many = {}
for i = 1, 33 do many["f" .. i] = i end
t.fails("at most 32 fields", "more than 32 fields", pcall(g.announce, g, "all", "t", "x", many))
t.equal("refused announcements are not kept", #g:messages("white"), 2)
-- undo takes an announcement's fields with it
g = varia.new("kriegspiel")
g:play("e2e4")
g:undo()
t.equal("undo drops the message and its fields", #g:messages("white"), 0)

-- g:messages without since: every message, those before the first move too.
g = varia.new("chess")
g:announce("white", "setup", "before the first move", { n = 0 })
g:play("e4")
g:announce("white", "later", "after it")
t.equal("without since, the set-up message too", #g:messages("white"), 2)
t.equal("it is first", g:messages("white")[1].type, "setup")
t.equal("with since = 0, only later ones", #g:messages("white", 0), 1)
t.equal("with since = -1, every one", #g:messages("white", -1), 2)

-- g:play's codes.
g = varia.new("kriegspiel")
local function codes(...) return select(3, g:play(...)) end
t.equal("a legal move", codes("e2e4"), "ok")
t.equal("Nonsense (rule 4b: no pawn capture announced)", codes("d7e6"), "nonsense")
g:play("d7d5")
t.equal("Illegal: the pawn capture to the wrong square", codes("e4f5"), "illegal")
t.equal("not a move in any notation", codes("xyzzy"), "unreadable")
g = varia.new("kriegspiel:ruleset=wild16")
local ok, answer, code = g:play("d1d3")
t.equal("Wild 16's wording", answer, "Illegal move")
t.equal("Wild 16's code", code, "illegal")
t.equal("the same code for what Cincinnati calls Nonsense", ok, false)
g = varia.new("chess")
t.equal("chess: a SAN move that is not legal", select(3, g:play("Ke2")), "illegal")
t.equal("chess: a drop, not legal here", select(3, g:play("N@e4")), "illegal")
t.equal("chess: text that is no move", select(3, g:play("hello")), "unreadable")
t.equal("chess: all or none, the code of the bad one", select(3, g:play("e4", "e5", "zz")), "unreadable")
t.equal("nothing played", #g:history(), 0)
g:play("f3", "e5", "g4", "Qh4")
t.equal("after checkmate", select(3, g:play("a3")), "over")
g = varia.new("duck")
g:play("e2e4")
t.equal("duck: leaving the duck where it is", select(3, g:play("e4e4")), "illegal")

-- g:why: the REPL's why, for scripts.
g = varia.new("chess")
local legal, why = g:why("e2e5")
t.equal("e2e5 is not legal", legal, false)
t.check("and why names the pawn", why:find("pawn", 1, true), why)
legal, why = g:why("Nf3")
t.equal("Nf3 is legal", legal, true)
t.check("and says so", why:find("legal", 1, true), why)
legal, why = g:why("zz")
t.equal("unreadable text is not legal", legal, false)
t.check("and why says so", #why > 0, why)
t.fails("why needs a move", "string expected, got no value", pcall(g.why, g))

-- g:referee: what would be announced now, at set-up, without keeping it.
-- Rule 4: "whether the Player whose turn it is has any pawn captures".
g = varia.new("kriegspiel", { fen = "4k3/8/8/3p4/4P3/8/8/R3K3 b Q - 0 1" })
local now = g:referee()
t.equal("one announcement", #now, 1)
t.equal("black's pawn capture", now[1] and now[1].text, "Black has a pawn capture")
t.equal("with its fields", now[1] and fields_text(now[1].fields), "player=black:string")
t.equal("nothing kept", #g:messages("white"), 0)
t.equal("nothing played", #g:history(), 0)
-- Rule 3 at set-up: a player who starts in check is told so.
g = varia.new("kriegspiel", { fen = "4k3/8/8/8/8/8/8/4R2K b - - 0 1" })
now = g:referee("black")
t.equal("a check at set-up", now[1] and now[1].text, "Check on the file")
g = varia.new("kriegspiel:ruleset=wild16")
now = g:referee()
t.equal("Wild 16 at the start: 0 pawn tries", now[1] and now[1].text, "0 pawn tries")
t.equal("asked again, the same", #g:referee(), 1)
t.equal("chess has no on_position: nothing", #varia.new("chess"):referee(), 0)
-- a hook may not ask (it would run a hook inside a hook)
local std = require "std"
local asked
local v = std.extend(std.chess, {
  name = "asker",
  on_move = function(g) asked = { pcall(g.referee, g) } end,
})
g = varia.new(v)
g:play("e4")
t.check("a hook cannot ask the referee", asked and asked[1] == false, asked and asked[2])
-- a failing on_position: an error naming it, and nothing kept
v = std.extend(std.chess, {
  name = "broken",
  on_position = function(g) g:announce("all", "x", "y") error("boom") end,
})
g = varia.new(v)
t.fails("on_position's error", "on_position:", pcall(g.referee, g))
t.equal("its announcement not kept", #g:messages("white"), 0)
t.fails("on_position must be a function", "on_position: expected a function",
  pcall(varia.new, std.extend(std.chess, { name = "bad", on_position = 3 })))

-- g:choices: "the opponent chooses which one of the possible pieces will
-- indeed move to that square."
g = varia.new("ambiguous")
g:play("e4", "e5")
local options, chooser = g:choices("c4")
table.sort(options)
t.equal("the bishop and the pawn", table.concat(options, " "), "c2c4 f1c4")
t.equal("black chooses", chooser, "black")
t.equal("nothing named", g:decision().kind, "target")
t.fails("a square no piece reaches", "a5: White cannot name that square now", g:choices("a5"))
g:play("c4")
options, chooser = g:choices("c4")
t.equal("at the choose step, the choices now", #options, 2)
t.equal("still black", chooser, "black")
t.fails("another square at the choose step", "the square named is c4", g:choices("d4"))
t.fails("chess has no named squares", "no square is named in this step", varia.new("chess"):choices("e4"))
-- a promotion square named with its piece
-- ("the mover names the square together with the promotion piece whenever
-- one of their pawns could promote there": variants/ambiguous.lua)
g = varia.new("ambiguous", { fen = "R7/1P6/8/7k/8/8/8/4K3 w - - 0 1" })
options = g:choices("b8q")
table.sort(options)
t.equal("b8 with a queen: the rook or the pawn", table.concat(options, " "), "a8b8 b7b8q")
t.fails("b8 without a piece cannot be named", "b8: White cannot name", g:choices("b8"))

t.done()
