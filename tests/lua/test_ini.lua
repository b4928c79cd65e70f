-- The translator of Fairy-Stockfish variant files (lua/ini.lua) and the
-- FILE.ini:SECTION names that load its scripts. Counts are worked out by
-- hand; the comparison with fairy-stockfish itself is tests/fsf/diff.lua.
local t = require "check"
local ini = require "ini"

local dir = "tests/fsf/ini/"
local function new(spec, fen) return varia.new(dir .. spec, fen and { fen = fen } or nil) end

-- Legal destinations of the piece on a square, sorted.
local function reach(g, from)
  local to = {}
  for _, m in ipairs(g:legal()) do
    if m:sub(1, 2) == from then to[#to + 1] = m:sub(3, 4) end
  end
  table.sort(to)
  return table.concat(to, " ")
end

-- customPiece: a knight's move that captures as a king. From d4: the
-- eight knight squares, and d5's pawn; the king on e1 has five squares.
local g = new("custom.ini:c-leaper")
t.equal("customPiece mNcK moves", reach(g, "d4"), "b3 b5 c2 c6 d5 e2 e6 f3 f5")
t.equal("customPiece perft 1", g:perft(1), 9 + 5)

-- king = k:KN: the king of the section moves as a centaur: d1 d2 e2 f1 f2
-- and the knight's c2 d3 f3 g2.
g = new("custom.ini:c-king")
t.equal("king = k:KN", reach(g, "e1"), "c2 d1 d2 d3 e2 f1 f2 f3 g2")
t.check("the centaur king is royal", g:moveinfo("e1e2") ~= nil and #g:checkers() == 0)

-- The start position that crashes fairy-stockfish 11.1: no king, the
-- custom 'a' on e1 and e8 walled in; sixteen pawn moves and four knight
-- moves a side, and the castling rights dropped with castling.
g = new("custom.ini:c-nokings")
t.equal("no kings: perft 1", g:perft(1), 20)
t.equal("no kings: perft 2", g:perft(2), 400)
t.equal("no kings: no castling rights", g:fen(), "rnbqabnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQABNR w - - 0 1")
g = new("custom.ini:c-nokings", "4a3/8/8/8/8/8/8/4A3 w - - 0 1")
t.equal("no kings: the custom piece is a commoner", g:perft(2), 25)

-- Fairy-Stockfish's direction letters (its piece.cpp): fN is the two
-- narrow forward leaps, vF every diagonal, sK the king's sideways steps
-- and every diagonal, fsN the two wide forward leaps.
local fens = {
  a = "k7/8/8/8/3A4/8/8/K7 w - - 0 1", b = "k7/8/8/8/3B4/8/8/K7 w - - 0 1",
  c = "k7/8/8/8/3C4/8/8/K7 w - - 0 1", d = "k7/8/8/8/3D4/8/8/K7 w - - 0 1",
}
t.equal("fN", reach(new("custom.ini:c-directions", fens.a), "d4"), "c6 e6")
t.equal("vF", reach(new("custom.ini:c-directions", fens.b), "d4"), "c3 c5 e3 e5")
t.equal("sK", reach(new("custom.ini:c-directions", fens.c), "d4"), "c3 c4 c5 e3 e4 e5")
t.equal("fsN", reach(new("custom.ini:c-directions", fens.d), "d4"), "b5 f5")
t.equal("betza: fmWfceF", ini.betza("fmWfceF"), "mfWcefF")
t.check("betza: one digit", not ini.betza("R12"))
-- 'h' pairs with any letter (Fairy-Stockfish's half): fh the four forward
-- leaps, lh the four leftward; hr and hl the four leaps of one turning
-- sense, each a single leap in varia (a doubled letter and another).
t.equal("betza: fhmnN", ini.betza("mfWcfFfhmnN"), "mfWcfFmnfN")
t.equal("betza: lhN", ini.betza("lhN"), "lN")
t.equal("betza: hrN", ini.betza("hrN"), "ffrNbblNllfNrrbN")
t.equal("betza: flN, one leap", ini.betza("flN"), "llfN")
-- unlike letters on a diagonal atom: one diagonal each (lf forward-left)
t.equal("betza: lfrbB", ini.betza("lfrbB"), "flBbrB")
-- an orthogonal atom's unlike pair is split: fs is forward and sideways
t.equal("betza: fsW", ini.betza("fsW"), "sWfW")
t.equal("betza: mfrWmrfF", ini.betza("mfrWmrfF"), "mfWmrWmfrF")
-- Hoppers as Fairy-Stockfish reads them (piece.cpp, bitboard.cpp): a
-- count bounds the whole move (varia's reading too); a hopper's count 1 is
-- its grasshopper, g with a count of 2 or more a cannon of that count.
t.equal("betza: cannonshogi's mRpRmFpB2", ini.betza("mRpRmFpB2"), "mRpRmFpB2")
t.equal("betza: pR1 is a grasshopper", ini.betza("pR1"), "gR")
t.equal("betza: gR2 is a cannon of count 2", ini.betza("gR2"), "pR2")
t.equal("betza: gB", ini.betza("gB"), "gB")
-- Fairy-Stockfish walks a rider along its whole line type and keeps the
-- squares any move of the same kind reaches on an empty board: one move
-- widens another along the line, which varia's Betza does not write
-- (refused, saying why; checked against the native build: R2pR slides to
-- e8 from e3, fRbpR slides down and hops up, DD never moves)
t.fails("betza: R2pR", "slide along (-1, 0) reaches square 3 of the line", ini.betza("R2pR"))
t.fails("betza: fRbpR", "bound each other along a line", ini.betza("fRbpR"))
t.fails("betza: DD", "does not reach", ini.betza("DD"))
t.equal("betza: mRcR2, the kinds apart", ini.betza("mRcR2"), "mRcR2")
t.equal("betza: fRbR2, each direction its own", ini.betza("fRbR2"), "fRbR2")

-- Inheritance: a section over an earlier one over a built-in.
local text = [[
# comment
[base:crazyhouse]
maxFile = 10
startFen = rnbqkqbnr1/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKQBNR1[] w - - 0 1
; another comment
[child:base]
king = -
commoner = k
pieceValueMg = q:1000
]]
local v, notes, chain = ini.table(assert(ini.parse(text, "t.ini")), "child", "t.ini")
t.equal("inherits: files", v.files, 10)
t.equal("inherits: drops", v.drops.captures, true)
t.equal("inherits: commoner not royal", v.pieces.k.royal, nil)
t.equal("inherits: the chain", table.concat(chain, " "), "chess crazyhouse base child")
t.equal("ignored option noted", notes[1] and notes[1].key, "pieceValueMg")
t.equal("ignored option has no effect on the rules", notes[1] and notes[1].rules, false)
local lua = assert(ini.translate(text, "child", "t.ini"))
t.check("the script names its source", lua:find("section [child] of t.ini", 1, true))
t.check("the script lists what was not translated", lua:find("pieceValueMg = q:1000", 1, true))
t.check("the script names the chain", lua:find("chess -> crazyhouse -> base -> child", 1, true))

-- Two types given one letter: the custom piece wins, as in Fairy-Stockfish,
-- whatever the order of the lines.
for _, text in ipairs({ "[x:chess]\ncustomPiece1 = n:W\nknight = n\n", "[x:chess]\nknight = n\ncustomPiece1 = n:W\n" }) do
  t.equal("one letter, two types", ini.table(ini.parse(text), "x").pieces.n.betza, "W")
end
-- [chess:chess] redefines the built-in from itself.
t.equal("[chess:chess]", ini.table(ini.parse("[chess:chess]\nmaxFile = 9\nstartFen = rnbqkbnrr/ppppppppp/9/9/9/9/PPPPPPPPP/RNBQKBNRR w - - 0 1\n"), "chess").files, 9)

-- Options of later Fairy-Stockfish versions that varia translates (11.1
-- does not know them, so they are checked here, not in tests/fsf).
v, notes = ini.table(ini.parse([[
[later:chess]
chancellor = c
castlingRookPieces = c
castlingKingPiece = q
pass = true
pieceDrops = true
shogiPawn = s
dropNoDoubled = s
startFen = 4k3/8/8/8/8/8/8/C2QK2C[] w - - 0 1
]]), "later")
t.equal("castlingRookPieces", v.castling.rook, "c")
t.equal("castlingKingPiece", v.castling.king, "q")
t.equal("pass", v.rules.pass, true)
t.equal("two passes end the game", v.rules.passes_end, "draw")
t.equal("dropNoDoubled", v.drops.no_doubled, "s")
t.equal("nFoldValue", ini.table(ini.parse("[r:chess]\nnFoldValue = win\n"), "r").rules.repetition_result, "win")
v, notes = ini.table(ini.parse("[l:chess]\nmoveRepetitionIllegal = true\nenPassantRegion = *3 *6\n"), "l")
t.equal("later options not translated", #notes, 1)
t.equal("enPassantRegion of whole ranks is translated", table.concat(v.rules.en_passant_ranks, ","), "3,6")
t.fails("later options: the reason", "an option of Fairy-Stockfish after 11.1", nil, notes[1] and notes[1].why)
v, notes = ini.table(ini.parse("[m:chess]\nenPassantRegion = a3 b3\n"), "m")
t.equal("enPassantRegion of single squares is not", notes[1] and notes[1].key, "enPassantRegion")

-- Options that change the rules but have no mechanism: reported.
text = "[x:chess]\ndropOnTop = true\nnFoldValueAbsolute = true\nfoo = 1\n"
v, notes = ini.table(ini.parse(text), "x")
local keys = {}
for _, n in ipairs(notes) do keys[#keys + 1] = n.key .. (n.rules and "!" or "") end
t.equal("untranslated options", table.concat(keys, " "), "dropOnTop! foo! nFoldValueAbsolute!")

-- A board narrower and shorter than chess's defaults: no castling (the
-- note says why, and that it is no difference) and, for White, no
-- promotion, as in Fairy-Stockfish (chess's rank 8 is off the board, its
-- rank 1 is not: Black still promotes there); a White pawn on the last
-- rank stays a pawn.
v, notes = ini.table(ini.parse("[s:chess]\nmaxFile = 6\nmaxRank = 6\nstartFen = 3k2/P5/6/6/6/3K2 w - - 0 1\n"), "s")
t.equal("small board: no castling", v.castling, false)
t.fails("small board: the note", "not both on a board of 6 files", nil, notes[1] and notes[1].why)
t.equal("small board: castling off is no difference", notes[1] and notes[1].rules, false)
t.equal("small board: White's zone is empty", v.promotion.zone.white, "")
t.equal("small board: Black's zone is rank 1", v.promotion.zone.black, "a1-f1")
t.equal("small board: a5a6 to the last rank is a plain move", varia.new(v):moveinfo("a5a6").promotion, nil)
t.equal("small board: Black's b2b1 promotes",
  varia.new(v, { fen = "3k2/6/6/6/1p4/3K2 b - - 0 1" }):moveinfo("b2b1q").promotion, "q")

-- Errors name the file, the line or the section.
t.fails("bad section line", "t.ini:2: a section is [name] or [name:parent]", ini.parse("[a]\n[b:c:d]\n", "t.ini"))
t.fails("key before a section", "t.ini:1: x comes before any [section]", ini.parse("x = 1\n", "t.ini"))
t.fails("no key", "t.ini:2: expected key = value", ini.parse("[a]\njunk\n", "t.ini"))
t.fails("unknown parent", "the parent 'nosuch' is not a varia variant yet", ini.translate("[a:nosuch]\n", "a", "t.ini"))
t.fails("later parent", "the parent 'b' is not a varia variant yet", ini.translate("[a:b]\n[b:chess]\n", "a", "t.ini"))
t.fails("cycle", "the parent", ini.translate("[a:a]\n", "a", "t.ini"))
t.fails("no section", "no section [zz] (the file has: a)", ini.translate("[a:chess]\n", "zz", "t.ini"))
t.fails("no pieces", "no piece types", ini.translate("[a]\n", "a", "t.ini"))
t.fails("a built-in is no section of the file", "no section [chess]", ini.translate("[a:chess]\n", "chess", "t.ini"))
v = ini.table(ini.parse("[a]\nshogiPawn = p\nking = k\ndropNoDoubled = -\npieceDrops = true\nstartFen = 4k/5/5/5/K4[] w - - 0 1\n"), "a")
t.equal("dropNoDoubled = - allows doubled pawns", v.drops.no_doubled, nil)
t.fails("bad customPiece", "customPiece1 = a:ajN: 'a' is not in varia's Betza",
  ini.translate("[a:chess]\ncustomPiece1 = a:ajN\n", "a", "t.ini"))
t.fails("bad board", "is not 1 to 16", ini.translate("[a:chess]\nmaxFile = 20\n", "a", "t.ini"))
t.fails("several sections", "has 2 sections (a b): name one", ini.script("[a:chess]\n[b:chess]\n", nil, "t.ini"))

-- No value of the file becomes code of the script (issue 27): Lua ends a
-- comment at CR as at LF, so a value written raw into a comment could
-- end it and run what follows. Each hostile value goes in as an option's
-- value (written in a comment), as the section's name (a comment and the
-- name) and as the file's name; the script must run in a table that
-- refuses any new global, hold no control byte but its line breaks, have
-- as many lines as with a plain value, and carry the values back exactly.
local hostile = {
  "a\rINJECTED = true --", "b\r-- \rINJECTED = true", "a\r\rINJECTED = true --[[",
  "]]INJECTED = true --[[", "]==]INJECTED = true --[==[", "\\\rINJECTED = true --",
  "\1\2\8\11\12\27[2J\27[3J\127 INJECTED", "\194\155 c1 \194\133", "\"'\\\"\\'",
  string.rep("x\r", 4000) .. "INJECTED = true --", string.rep("]=", 20000),
}
local function strict_env()
  return setmetatable({ require = require }, { __newindex = function(_, k) error("the script set the global " .. tostring(k)) end })
end
local function run_script(lua)
  local chunk, err = load(lua, "=generated", "t", strict_env())
  if not chunk then return nil, err end
  local ok, v = pcall(chunk)
  if not ok then return nil, v end
  return v
end
local function lines(s) local n = 0 for _ in s:gmatch("[^\r\n]*[\r\n]") do n = n + 1 end return n end
-- The text of a comment line of the script, its escapes read back.
local unescape = { n = "\n", r = "\r", t = "\t", ["\\"] = "\\" }
local function comment_text(line)
  return (line:gsub("^%-%- ", ""):gsub("\\([nrt\\]?)(%d?%d?%d?)", function(e, d)
    if e ~= "" then return unescape[e] .. d end
    if d ~= "" then return string.char(tonumber(d) % 256) end
  end))
end
local plain_value = assert(ini.translate("[x:chess]\nfoo = plain\n", "x", "t.ini"))
local plain_name = assert(ini.translate("[plain:chess]\n", "plain", "t.ini"))
for i, bad in ipairs(hostile) do
  local what = "hostile value " .. i
  local lua = assert(ini.translate("[x:chess]\nfoo = " .. bad .. "\n", "x", "t" .. bad .. ".ini"))
  local v, err = run_script(lua)
  t.equal(what .. ": the script runs and returns the variant", v and v.name or err, "x")
  t.check(what .. ": no control byte but LF in the script", not lua:find("[%z\1-\9\11-\31\127]") and not lua:find("\194[\128-\159]"))
  t.equal(what .. ": as many lines as with a plain value", lines(lua), lines(plain_value))
  local note = lua:match("\n(%-%-   foo = [^\n]*)")
  t.equal(what .. ": the comment reads back as the value", note and comment_text(note), "  foo = " .. bad .. ": an option the importer does not translate (unknown to it, or a misspelling); the game may differ")
  t.equal(what .. ": the file's name reads back from the first comment", comment_text(lua:match("^[^\n]*")),
    "x: imported by varia from the Fairy-Stockfish section [x] of t" .. bad .. ".ini")
  if not bad:find("[%]:\n]") then -- a section's name holds no ], : or LF
    local name = "n" .. bad
    lua = assert(ini.translate("[" .. name .. ":chess]\n", name, "t.ini"))
    v, err = run_script(lua)
    t.equal(what .. " as the section's name: the name comes back (its first 47 bytes)", v and v.name or err, name:sub(1, 47))
    t.equal(what .. " as the section's name: as many lines", lines(lua), lines(plain_name))
  end
end
-- Numbers read back as themselves: tostring's "inf" reads as a name (nil).
local v = run_script(assert(ini.translate("[x:chess]\nnMoveRule = 1e999\nnFoldRule = 0.1\n", "x", "t.ini")))
t.equal("an infinite number is written as one", v and v.rules.nmove, math.huge)
t.equal("a float keeps its digits", v and v.rules.repetition, 0.1)

-- FILE.ini:SECTION wherever a variant is named.
t.raises("varia.new: no section", "no section [nosuch]", varia.new, dir .. "options.ini:nosuch")
t.raises("varia.new: no file", "cannot read Fairy-Stockfish variant file", varia.new, "nosuch.ini:x")
t.equal("varia.check", varia.check(dir .. "builtins.ini:i-crazyhouse"), true)
t.equal("options after the section", new("options.ini:o-shogi:pawn_drop_mate=loses"):variant(), "o-shogi")
t.equal("a built-in's twin", new("builtins.ini:i-capablanca"):perft(2), varia.new("capablanca"):perft(2))

-- The current Fairy-Stockfish (issue 26). Counts from its native build
-- (commit c19b5f6): setoption name VariantPath value
-- tests/fsf/current/import-cases.ini, UCI_Variant SECTION, go perft N.
local cases = "tests/fsf/current/import-cases.ini:"
local function count(section, depth, fen)
  return varia.new(cases .. section, fen and { fen = fen } or nil):perft(depth)
end
-- Its built-ins as parents: giveaway, xiangqi, shogi, makruk, breakthrough.
t.equal("parent giveaway", count("g", 3), 8067)
t.equal("parent xiangqi", count("x", 3), 79666)
t.equal("parent shogi", count("s", 3), 25470)
t.equal("parent makruk", count("m", 3), 12012)
t.equal("parent breakthrough", count("b", 3), 11132)
-- A parent varia plays by a script of its own that is a Fairy-Stockfish
-- built-in (its fairy_stockfish field): the script, the section's board,
-- start and custom pieces over it (counts of the current Fairy-Stockfish,
-- go perft 2 and 3 from the start); another option is refused by name,
-- and so is a script that is not one of Fairy-Stockfish's.
local vi = "tests/fsf/current/variants.ini:"
t.equal("parent amazons (cowboys)", varia.new(vi .. "cowboys"):perft(2), 6016)
t.equal("parent snailtrail, through a section (la-mancha-duel)", varia.new(vi .. "la-mancha-duel"):perft(3), 2277)
local text = assert(ini.translate("[st:snailtrail]\nmaxFile = 5\nmaxRank = 5\ncustomPiece1 = p:K\nstartFen = 4p/5/5/5/P4 w - - 0 1\n", "st", "t.ini"))
t.check("over a script: std.extend of it", text:find('return std.extend(require "snailtrail", {', 1, true))
t.check("over a script: not the script's Fairy-Stockfish name", text:find("fairy_stockfish = std.NONE", 1, true))
t.fails("over a script: another option is refused by name", "[st] stalemateValue = win: over 'snailtrail', a Fairy-Stockfish built-in that varia plays by its own script",
  ini.translate("[st:snailtrail]\nstalemateValue = win\n", "st", "t.ini"))
t.fails("a script that is not a Fairy-Stockfish built-in", "the parent 'monochrome' is not a varia variant yet",
  ini.translate("[q:monochrome]\n", "q", "t.ini"))
-- FEN forms: no castling and en passant fields ("w 0 1"), the board alone,
-- check counters after the side to move.
-- Hoppers with a count, a grasshopper as pB1, a cannon as gR2
-- (cannonshogi's pieces among them)
t.equal("hoppers with a count: perft 3", count("hops", 3), 28294)
t.equal("hoppers with a count: perft 4", count("hops", 4), 786296)
t.equal("startFen ... w 0 1", count("short", 3), 8902)
t.equal("full_fen: w 0 1", ini.full_fen("8/8 w 0 1"), "8/8 w - - 0 1")
t.equal("full_fen: the board alone", ini.full_fen("8/8"), "8/8 w")
t.equal("full_fen: check counters", ini.full_fen("8/8 w 7+7 0 1"), "8/8 w - - 7+7 0 1")
t.equal("full_fen: w - 0 1", ini.full_fen("8/8 w - 0 1"), "8/8 w - - 0 1")
v = ini.table(assert(ini.parse("[r:3check]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 7+7 0 1\n")), "r")
t.equal("check counters 7+7 after the side to move", v.rules.check_limit, 7)
-- Regions: the current names of the drop regions, whole ranks as the
-- promotion zone, and the default regions of the current version (White
-- double steps from rank 2, Black from rank 7: on six ranks, never).
t.equal("dropRegionWhite and dropRegionBlack", count("drop", 3), 8982)
v, notes = ini.table(assert(ini.parse("[d:chess]\npieceDrops = true\ndropRegionWhite = *1\ndropRegionBlack = *8\n")), "d")
t.equal("dropRegionWhite is the drop region", v.drops.region.white, "a1-h1")
t.equal("dropRegionWhite: no note", #notes, 0)
t.equal("the default double steps on six ranks", count("six", 4), 77368)
v, notes = ini.table(assert(ini.parse("[z:chess]\nmaxRank = 10\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\npromotionRegionWhite = *9 *10\npromotionRegionBlack = *1 *2\ndoubleStepRegionWhite = *2\ndoubleStepRegionBlack = *9\n")), "z")
t.equal("whole ranks *9 *10: the zone", v.promotion.zone, 2)
t.equal("whole ranks: no note", #notes, 0)
v, notes = ini.table(assert(ini.parse("[z:chess]\nmaxRank = 10\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n")), "z")
-- chess's regions on ten ranks: White promotes on rank 8, Black on rank
-- 1; White's pawns step twice from rank 2, Black's from rank 7 (not from
-- rank 9, where they stand)
t.equal("chess's regions on ten ranks: no note", #notes, 0)
t.equal("White's zone: rank 8", v.promotion.zone.white, "a8-h8")
t.equal("Black's zone: rank 1", v.promotion.zone.black, "a1-h1")
t.equal("White's double steps from rank 2", table.concat(v.pieces.p.initial.white, " "), "2")
t.equal("Black's double steps from rank 7", table.concat(v.pieces.p.initial.black, " "), "7")
-- counted by the current Fairy-Stockfish (import-cases.ini, go perft N)
t.equal("ten ranks: perft 4", count("zone10", 4), 78709)
t.equal("ten ranks: White promotes on rank 8", count("zone10", 3, "4k3/8/8/P7/8/8/8/8/7p/4K3 w - - 0 1"), 961)
t.equal("ten ranks: Black promotes on rank 1", count("zone10", 3, "4k3/8/8/P7/8/8/8/8/7p/4K3 b - - 0 1"), 773)
-- squares that are not whole ranks, per side
v, notes = ini.table(assert(ini.parse("[p:chess]\npromotionRegionWhite = a8 b8 c8 d8 a7 a6\npromotionRegionBlack = h1 h2 g1\n")), "p")
t.equal("a region of squares: White's", v.promotion.zone.white, "a6 a7 a8-d8")
t.equal("a region of squares: Black's", v.promotion.zone.black, "g1-h1 h2")
t.equal("a region of squares: perft 4", count("pzone", 4), 17533)
-- double steps per side: White's from rank 3 are not Black's
v, notes = ini.table(assert(ini.parse("[d:chess]\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *7\n")), "d")
t.equal("double steps per side: no note", #notes, 0)
t.equal("double steps per side: White's", table.concat(v.pieces.p.initial.white, " "), "2 3")
t.equal("double steps per side: Black's", table.concat(v.pieces.p.initial.black, " "), "7")
t.equal("double steps per side: perft 4 (Black's h3 may not step to h1)", count("dstep", 4), 11323)
-- pawnTypes naming a custom piece: it promotes; with promotionPawnTypes = -
-- it never does
v, notes = ini.table(assert(ini.parse("[c:chess]\npawn = -\ncustomPiece1 = p:fmWfceFifmnD\npawnTypes = p\n")), "c")
t.equal("pawnTypes = p, a custom pawn: no note", #notes, 0)
t.equal("a custom pawn promotes", v.pieces.p.promotes, true)
t.equal("a custom pawn: perft 4", count("cpawn", 4), 197281)
t.equal("a custom pawn: promotions", count("cpawn", 4, "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1"), 5911)
-- triple steps (wildebeest's): an extra i-move of three squares from rank
-- 2 to rank 5 (Black: 9 to 6), both squares passed taken en passant
v, notes = ini.table(assert(ini.parse("[w:chess]\nmaxRank = 10\nmaxFile = k\ndoubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\ntripleStepRegionBlack = *9\n")), "w")
t.equal("triple steps: no note", #notes, 0)
t.equal("triple steps: the extra move", v.pieces.p.extra and v.pieces.p.extra.betza, "ifmnH")
t.equal("triple steps: White's squares", v.pieces.p.extra and v.pieces.p.extra.white, "a2-k2 a5-k5")
t.equal("triple steps: perft 3", count("triple", 3), 63417)
t.equal("triple steps: en passant on either square", count("triple", 4, "5k5/11/11/11/11/2p8/p10/11/1P9/5K5 w - - 0 1"), 4514)
-- a custom piece on a letter of the parent's promotion pieces is not one
-- of them (Fairy-Stockfish's dragon-chess: promotion to the queen alone)
v = ini.table(assert(ini.parse("[dc:chess]\ncustomPiece1 = n:NK\ncustomPiece2 = b:BK\n")), "dc")
t.equal("the parent's promotion pieces without the custom n and b", v.promotion.pieces, "rq")
v = ini.table(assert(ini.parse("[dc:chess]\ncustomPiece1 = n:NK\npromotionPieceTypes = nq\n")), "dc")
t.equal("... but the section's own letters name it", v.promotion.pieces, "nq")
v, notes = ini.table(assert(ini.parse("[n:chess]\npawn = -\ncustomPiece1 = p:fmWfcF\npawnTypes = p\npromotionPawnTypes = -\n")), "n")
t.equal("promotionPawnTypes = -: no note", #notes, 0)
t.equal("promotionPawnTypes = -: it does not promote", v.pieces.p.promotes, nil)
t.equal("promotionPawnTypes = -: perft 4", count("nopromo", 4), 1491)
-- No promotion piece (maharajah's pawns, promotionPieceTypes empty): a
-- pawn cannot move into the zone at all (promotion.pieces = ""), and
-- still attacks there; mandatoryPawnPromotion = false (wildebeest): a
-- pawn may stay a pawn anywhere in the zone, the last rank too
-- (promotion.compulsory = 0). Counts: the current Fairy-Stockfish's
-- native build, go perft 3 and 4 from each position.
v, notes = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "maharajah")
t.equal("no promotion piece: promotion.pieces empty", v.promotion and v.promotion.pieces, "")
t.equal("no promotion piece: nothing left untranslated", v.differs, nil)
for _, c in ipairs({ { "8/8/rM6/8/8/p7/1pp3p1/k7 w - - 6 88", 4028, 52629 },
                     { "8/8/8/3M4/8/8/1p1p4/k7 w - - 0 1", 1415, 4198 },
                     { "4k3/8/8/8/8/8/1p4p1/2M5 b - - 0 1", 464, 10531 } }) do
  g = varia.new(vi .. "maharajah", { fen = c[1] })
  t.equal("no promotion piece (maharajah, FSF perft 3, 4): " .. c[1], g:perft(3) .. " " .. g:perft(4), c[2] .. " " .. c[3])
end
v, notes = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "wildebeest")
t.equal("mandatoryPawnPromotion = false: compulsory nowhere", v.promotion.compulsory, 0)
t.equal("mandatoryPawnPromotion = false: nothing left untranslated", v.differs, nil)
for _, c in ipairs({ { "5k5/P10/2P8/11/11/11/11/11/1p9/5K5 w - - 0 1", 1010, 8746 },
                     { "P4k5/11/11/11/11/11/11/11/1p9/5K5 b - - 0 1", 416, 2528 } }) do
  g = varia.new(vi .. "wildebeest", { fen = c[1] })
  t.equal("a pawn stays a pawn (wildebeest, FSF perft 3, 4): " .. c[1], g:perft(3) .. " " .. g:perft(4), c[2] .. " " .. c[3])
end
-- One side's pawn options (khans: Black's custom pawn s promotes, to t
-- alone, and restarts the n-move count; White's pawn as in chess):
-- promotes, promotion.by_side; pawnTypes naming a custom piece where the
-- pawn type is never on the board (xhess). Counts: the current
-- Fairy-Stockfish's native build, go perft 3 and 4.
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "khans")
t.equal("khans: Black's pawn promotes to t, White's to nbrq", string.format("%s %s %s %s", tostring(v.pieces.s.promotes),
  v.promotion.pieces, v.promotion.by_side.white, v.promotion.by_side.black), "true nbrqt nbrq t")
t.equal("khans: nothing left untranslated", v.differs, nil)
for _, c in ipairs({ { "lB1l4/s1hk4/5P2/5R2/s4K2/5Pss/Pa1P2P1/RN1a1B2 b - - 3 37", 33382, 887124 },
                     { "4k3/1P6/8/8/8/8/3s4/4K3 b - - 0 1", 364, 4071 } }) do
  g = varia.new(vi .. "khans", { fen = c[1] })
  t.equal("khans (FSF perft 3, 4): " .. c[1], g:perft(3) .. " " .. g:perft(4), c[2] .. " " .. c[3])
end
g = varia.new(vi .. "khans", { fen = "4k3/8/8/3s4/8/8/8/4K3 b - - 7 40" })
g:play("d5c3")
t.equal("khans: Black's pawn restarts the count", g:fen():match("%d+ %d+$"), "0 41")
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "xhess")
t.equal("xhess: h is the pawn", string.format("%s %s %s", tostring(v.pieces.h.pawn), tostring(v.pieces.h.promotes),
  tostring(v.pieces.p.promotes)), "true true nil")
t.equal("xhess: nothing left untranslated", v.differs, nil)
g = varia.new(vi .. "xhess", { fen = "4k5/1H8/10/10/10/10/10/10/8h1/4K5 w - - 0 1" })
t.equal("xhess (FSF perft 3, 4)", g:perft(3) .. " " .. g:perft(4), "3003 45371")
t.equal("xhess (FSF perft 3)", varia.new(vi .. "xhess",
  { fen = "2q3Irr1/2nk3H2/h3R5/1hb7/1H2h3h1/3HBN4/5H3H/7C2/4K2Q2/2c2n1RC1 w - - 0 60" }):perft(3), 461010)
-- a type that restarts the count but may move back: said to differ
v = ini.table(assert(ini.parse("[nm:chess]\nnMoveRuleTypes = pn\n")), "nm")
t.check("nMoveRuleTypes with a knight: differs", v.differs and v.differs[1]:find("nMoveRuleTypes", 1, true))
v = ini.table(assert(ini.parse("[nm:chess]\nnMoveRuleTypesWhite = p\n")), "nm")
t.equal("nMoveRuleTypesWhite = p: as varia's pawns", v.differs, nil)
-- flagPiece = * : every piece reaches the flag.
t.equal("flagPiece = *", count("flag", 2, "7k/1P6/8/8/8/8/8/K7 w - - 0 1"), 9)
-- Notes: an option the importer does not know is taken to change the rules.
v, notes = ini.table(assert(ini.parse("[c:chess]\nnoSuchOption = q\n")), "c")
t.equal("an unknown option changes the rules", notes[1] and notes[1].rules, true)
t.check("an unknown option: check says so", v.differs and v.differs[1]:find("noSuchOption", 1, true))
-- More types than letters (pandemonium: 19 and 9 promoted forms): the
-- forms go without letters of their own (pieces["+p"], written +P as
-- Fairy-Stockfish writes them); 32 types in all, past that refused with
-- the number needed. Counts: the current Fairy-Stockfish, go perft N.
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "pandemonium")
t.equal("pandemonium: the soldier's form without a letter", v.pieces["+p"] and v.pieces["+p"].counts_as, "g")
t.equal("pandemonium: nothing left untranslated", v.differs, nil)
g = varia.new(vi .. "pandemonium")
t.equal("pandemonium (FSF perft 1 2 3)", g:perft(1) .. " " .. g:perft(2) .. " " .. g:perft(3), "32 1024 34238")
for _, c in ipairs({ { "1n1+Bs2n1/4fkus1/p1p1vpp2/a1R2B1p1/2p2V2+R/9/PPN2PP1R/3BUNA2/R1SK1SB2[F] b - - 10 27", 151122 },
                     { "r3ks1nr/1b1s5/Bppfbp2p/a3vp3/3V5/2P5u/P2K1PP1P/2F1US2a/RNBS3NR[N] w - - 3 18", 355313 },
                     { "2k5N/6F2/r1sp+b2+RN/apa4V1/p3p4/1P2v2+Sp/1UPPP+r3/UBSpBS3/RN1F1KBn1[] b - - 9 70", 239504 } }) do
  t.equal("pandemonium (FSF perft 3): " .. c[1], varia.new(vi .. "pandemonium", { fen = c[1] }):perft(3), c[2])
end
g = varia.new(vi .. "pandemonium", { fen = "4k4/9/P8/9/9/9/9/9/4K4[] w - - 0 1" })
t.equal("a form without a letter: UCI, SAN, FEN and g:piece", table.concat({ g:san("a7a8+"), tostring(g:play("a7a8+")),
  g:fen(), g:piece("a8") }, " "), "Pa8=+P true 4k4/+P8/9/9/9/9/9/9/4K4[] b - - 0 1 +P")
local many = "[many]\nmaxFile = 9\nmaxRank = 9\ncustomPiece1 = a:W\ncustomPiece2 = b:W\ncustomPiece3 = c:W\ncustomPiece4 = d:W\ncustomPiece5 = e:W\ncustomPiece6 = f:W\ncustomPiece7 = g:W\ncustomPiece8 = h:W\ncustomPiece9 = i:W\ncustomPiece10 = j:W\ncustomPiece11 = l:W\ncustomPiece12 = m:W\ncustomPiece13 = n:W\ncustomPiece14 = o:W\ncustomPiece15 = p:W\ncustomPiece16 = q:W\ncustomPiece17 = r:W\ncustomPiece18 = s:W\nking = k\npromotedPieceType = a:b c:d e:f g:h i:j l:m n:o p:q r:s a:c b:d c:e d:f e:g f:h\n"
t.fails("more than 32 types: the number needed and the limit", "the section needs 34 piece types (19 and 15 promoted forms); varia holds 32",
  ini.translate(many, "many", "t.ini"))
-- A wall ('*') in the start FEN: a neutral piece, which stops the rook
-- (Fairy-Stockfish: perft 1 is 9, perft 3 is 364).
v = ini.table(assert(ini.parse("[w:chess]\nstartFen = k7/8/8/8/8/8/*7/R6K w - - 0 1\n")), "w")
t.equal("walls: a neutral piece", v.pieces["*"] and v.pieces["*"].neutral, true)
local wall_base = os.tmpname()
local wall_file = wall_base .. ".ini"
local wf = assert(io.open(wall_file, "w"))
wf:write("[w:chess]\nstartFen = k7/8/8/8/8/8/*7/R6K w - - 0 1\n")
wf:close()
t.equal("walls: the rook stops before the wall (FSF perft 1)", varia.new(wall_file .. ":w"):perft(1), 9)
t.equal("walls: FSF perft 3", varia.new(wall_file .. ":w"):perft(3), 364)
os.remove(wall_file)
os.remove(wall_base)
-- Janggi's elephant: one step orthogonally, then two diagonally outward,
-- each point empty: varia's lame zebra (variants/janggicasual.lua).
v = ini.table(assert(ini.parse("[j:chess]\njanggiElephant = e\n")), "j")
t.equal("janggiElephant is the lame zebra", v.pieces.e.betza, "nZ")
-- A type given a new letter stays in the inherited promotion pieces
-- (gemini over janus: its archbishop is 'a', janus's 'j').
v = ini.table(assert(ini.parse("[gm:janus]\narchbishop = a\n")), "gm")
t.equal("a new letter keeps the type a promotion piece", v.promotion.pieces, "aqrbn")
-- mobilityRegion of a custom piece (the digit in its name).
v = ini.table(assert(ini.parse("[mr:chess]\ncustomPiece2 = c:K\nmobilityRegionWhiteCustomPiece2 = *2 *3\n")), "mr")
t.equal("mobilityRegion of customPiece2", v.pieces.c.region and v.pieces.c.region.white, "a2-h2 a3-h3")
t.equal("buffalo, its regions read", varia.new("tests/fsf/current/variants.ini:buffalo"):perft(3), 35998)
-- A side with no king beside a pseudo-royal piece (Maharajah and the
-- Sepoys: White's amazon, Black's king): both royal, as Fairy-Stockfish
-- keeps a pseudo-royal piece unattacked and mates a side whose one is
-- attacked and that has no move. Counts of its native build (c19b5f6).
do
  local mj = os.tmpname() .. ".ini"
  local f = assert(io.open(mj, "w"))
  f:write("[mj:chess]\namazon = m\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1\nextinctionValue = loss\nextinctionPieceTypes = m\nextinctionPseudoRoyal = true\n")
  f:close()
  t.equal("maharajah: the start, perft 3", varia.new(mj .. ":mj"):perft(3), 9097)
  t.equal("maharajah: the amazon kept out of attack, perft 3", varia.new(mj .. ":mj", { fen = "4k3/8/8/8/8/1q6/2r5/M7 w - - 0 1" }):perft(3), 4084)
  t.equal("maharajah: perft 3 (2)", varia.new(mj .. ":mj", { fen = "4k3/8/8/8/8/8/1r6/M1q5 w - - 0 1" }):perft(3), 2003)
  os.remove(mj)
  os.remove((mj:gsub("%.ini$", "")))
end
-- Pseudo-royal pieces a side may have several of (extinctionPseudoRoyal,
-- extinctionPieceCount 0): royal = "counted", protected while the side
-- has one of the type (its promoted forms counted with it); the king type
-- stays royal as it is, and there is no extinction. maharajah2 (two
-- amazons for Black), backrank (pieces promote into commoners), stardust
-- (four immobile pieces), forward (royal pieces promote into the king).
-- Counts: the current Fairy-Stockfish's native build, go perft N.
for _, name in ipairs({ "maharajah2", "backrank", "stardust", "forward" }) do
  v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), name)
  t.equal(name .. ": nothing left untranslated", v.differs, nil)
  t.equal(name .. ": no extinction", v.rules.extinction, nil)
end
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "maharajah2")
t.equal("maharajah2: the amazons counted, White's king royal", tostring(v.pieces.m.royal) .. " " .. tostring(v.pieces.k.royal), "counted true")
for _, c in ipairs({
  { "maharajah2", nil, 3, 16852 }, { "maharajah2", nil, 4, 796733 },
  { "maharajah2", "1m6/8/5P1P/4P1P1/PP1B4/1N1P4/2P3R1/1N3K2 w - - 4 42", 3, 16152 },
  { "maharajah2", "m3B3/8/8/P6P/1P1B2P1/2PP1PRK/2N4Q/1R5N b - - 14 54", 3, 3794 },
  { "maharajah2", "8/8/8/5PP1/1Q5K/P6P/R7/5m2 b - - 5 86", 3, 2348 },
  { "backrank", nil, 4, 197281 },
  { "backrank", "3n4/5k2/1Pn5/1P1pP2p/2Q1PP1p/p7/2KNRr1R/B4B2 w - - 1 56", 3, 28127 },
  { "backrank", "2b1rn2/2q3bp/6k1/pr1p2p1/pQP1Pp1P/N1P1P3/RPKBB3/5RN1 w - - 2 38", 3, 73382 },
  { "backrank", "4k3/8/8/8/8/8/8/r2K+Q3 w - - 0 1", 3, 1080 },
  { "backrank", "4k3/1N6/8/8/8/8/8/r2K4 w - - 0 1", 3, 354 },
  { "backrank", "4k3/4R3/8/8/8/8/8/r2K4 w - - 0 1", 3, 125 },
  { "backrank", "3rk3/1N6/8/8/8/8/8/8 w - - 0 1", 3, 172 },
  { "stardust", nil, 3, 1075695 },
  { "stardust", "t7X/tp1R2tp1/d3X1d2/4t1ot1/3Xt3X/1p1tX2p1/t1t5Y/t2Y5/5Y3/5CX2[] w - - 19 42", 3, 227258 },
  { "stardust", "1tot4t/1p5p1/5tt1X/8X/1dt1d3R/1p5p1/3Yt2dt/3t5/4X1Yt1/6X2[] b - - 25 74", 3, 65348 },
  { "stardust", "1t1o3tR/1p3t1pt/tXXt5/9/t1Xttdt2/1p5pX/Y3t2t1/2dCY4/9/3Y3Y1[] b - - 36 43", 3, 120728 },
  { "forward", nil, 4, 190229 },
  { "forward", "5s1S/l3p3/p5Pp/Pp2g3/1PpEe3/L1P1e3/4G2P/1f5L w - - 0 29", 3, 1247 },
  { "forward", "4Fs2/2fe1g1l/1ps4e/lP1p1PSp/p1pG4/E1P5/P6P/L5EL b - - 10 25", 3, 3107 } }) do
  g = varia.new(vi .. c[1], c[2] and { fen = c[2] } or nil)
  t.equal(string.format("%s (FSF perft %d): %s", c[1], c[3], c[2] or "the start"), g:perft(c[3]), c[4])
end
-- pawnTypes naming the pawn alone changes nothing.
v, notes = ini.table(assert(ini.parse("[pt:chess]\npawnTypes = p\n")), "pt")
t.equal("pawnTypes = p: no note", #notes, 0)
-- blastOnCapture: varia's blast, pawns spared; the pseudo-royal king of
-- atomic is varia's royal one. Counts of the current Fairy-Stockfish
-- (parents atomic and nocheckatomic, go perft 4 from the start).
v, notes = ini.table(assert(ini.parse("[at:atomic]\n")), "at")
t.equal("blastOnCapture: the blast spares pawns", v.rules.blast and v.rules.blast.immune, "p")
t.equal("extinctionPseudoRoyal: the king is royal", v.pieces.k.royal, true)
t.equal("atomic: nothing left untranslated", #notes, 0)
t.equal("parent atomic", count("at", 4), 197326)
t.equal("parent nocheckatomic", count("nca", 4), 197779)

-- shogun: promotionLimit counts a type's promoted forms with it and
-- bounds promotion into them (a knight may not become a second centaur,
-- its promoted form being one): each form counts_as the type it plays
-- as. Counts: the current Fairy-Stockfish, go perft 2 and 3.
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "shogun")
t.equal("shogun: the knight's form counts as the centaur", v.pieces[v.pieces.n.promotes_to].counts_as, "g")
t.equal("shogun: nothing left untranslated", v.differs, nil)
for _, c in ipairs({ { "1p2p2p/p+N4rf/Pb+p2+Bk1/PNP5/2RP4/P1N+nR2+p/RPB4F/P2P2K1[BPp] b - - 0 115", 5125, 202391 },
                     { "4k3/8/1N6/8/3+N4/8/8/4K3[] w - - 0 1", 102, 2675 },
                     { "4k3/8/1N6/8/8/8/8/4K3[] w - - 0 1", 70, 1083 } }) do
  g = varia.new(vi .. "shogun", { fen = c[1] })
  t.equal("shogun: promotionLimit over the forms (FSF perft 2, 3): " .. c[1], g:perft(2) .. " " .. g:perft(3), c[2] .. " " .. c[3])
end

-- Fairy-Stockfish's pawn type is never dropped in its promotion zone nor
-- on its first rank, even where it promotes only into a form (shinobi's
-- pawn, promotes_to): a drop region of its own. Counts: the current
-- Fairy-Stockfish, go perft 3.
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "shinobi")
t.equal("shinobi: the pawn's drop region", v.pieces.p.drop_region.white .. " / " .. v.pieces.p.drop_region.black,
  "a2-h2 a3-h3 a4-h4 / a5-h5 a6-h6 a7-h7")
t.equal("shinobi: pawn drops (FSF perft 3)", varia.new(vi .. "shinobi", { fen = "2k5/8/4P2+P/8/8/8/4M3/K7[pJL] w - - 1 157" }):perft(3), 98452)
t.equal("shinobi: pawn drops (FSF perft 3, 2)", varia.new(vi .. "shinobi", { fen = "1k4+H1/8/4P2+P/3M4/8/K7/6+L1/8[PPPr] b - - 2 148" }):perft(3), 24633)

-- The n-move count as Fairy-Stockfish keeps it: every drop and every
-- promotion restart it, a piece's promotion into its form too (shogun;
-- the native current build, position fen ... moves M, d: its FEN)
for _, c in ipairs({ { "b6c8+", "2+N1k3/8/8/8/8/8/8/4K3[N] b - - 0 40" }, { "N@e4", "4k3/8/1N6/8/4N3/8/8/4K3[] b - - 0 40" },
                     { "b6d7", "4k3/3N4/8/8/8/8/8/4K3[N] b - - 8 40" } }) do
  g = varia.new(vi .. "shogun", { fen = "4k3/8/1N6/8/8/8/8/4K3[N] w - - 7 40" })
  g:play(c[1])
  t.equal("the n-move count after " .. c[1] .. " (FSF's FEN)", g:fen(), c[2])
end

-- atomiczh: dropChecks = false refuses only a drop that checks
-- Fairy-Stockfish's king type, which atomic has not (its king is a
-- commoner): every drop stays; a piece the blast takes joins the pocket
-- of the other side. Counts: the current Fairy-Stockfish, go perft 1, 3.
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "atomiczh")
t.equal("atomiczh: drops may check", v.drops.no_check, nil)
t.equal("atomiczh: nothing left untranslated", v.differs, nil)
g = varia.new(vi .. "atomiczh", { fen = "4k3/8/8/8/8/8/8/4K3[Nn] w - - 0 1" })
t.equal("atomiczh: checking drops (FSF perft 1, 3)", g:perft(1) .. " " .. g:perft(3), "67 56387")
t.equal("atomiczh: blasts into pockets (FSF perft 3)", varia.new(vi .. "atomiczh",
  { fen = "8/4q~3/8/p7/p5N1/P7/5k2/6K1[] b - - 13 152" }):perft(3), 8710)
t.equal("atomiczh: blasts into pockets (FSF perft 3, 2)", varia.new(vi .. "atomiczh",
  { fen = "n7/1k1P1p1p/1rRr~4/p7/P4PP1/8/B5K1/8[] b - - 0 59" }):perft(3), 22558)
v = ini.table(assert(ini.parse("[dk:crazyhouse]\ndropChecks = false\nblastOnCapture = true\n")), "dk")
t.check("dropChecks = false with a king and blasts: differs", v.differs and v.differs[1]:find("dropChecks", 1, true))

-- connectN and friends: rules.connect, with the lines, the types and the
-- result the section gives (three-musketeers: the musketeers lose on one
-- line, gaps allowed; teeko: four in a row or a 2x2 block).
v, notes = ini.table(assert(ini.parse("[cn]\nmaxRank = 3\nmaxFile = 3\ncustomPiece1 = p:\ncustomPiece2 = q:\nstartFen = 3/3/3[PPPppp] w - - 0 1\npieceDrops = true\nconnectN = 3\nconnectNxN = 2\ncollinearN = 3\nconnectDiagonal = false\nconnectVertical = false\nconnectValue = loss\nconnectPieceTypes = q\n")), "cn")
local cn = v.rules.connect or {}
t.equal("connectN and friends", string.format("%s %s %s %s %s %s %s", cn.line, cn.square, cn.collinear,
  cn.horizontal, cn.vertical, cn.diagonal, cn.result), "3 2 3 nil false false loss")
t.equal("connectPieceTypes", cn.pieces, "q")
t.equal("connectN: nothing left untranslated", #notes, 0)
t.equal("three-musketeers (FSF perft 4)", varia.new("tests/fsf/current/variants.ini:three-musketeers"):perft(4), 736)

-- extinctionPseudoRoyal without a blast: royal pieces where no side can
-- hold more than extinctionPieceCount + 1 of a type; no extinction, and
-- a side without moves whose pseudo-royal piece is attacked is mated
-- (Fairy-Stockfish's stalemate value is then its checkmate value, even
-- without a king type). Counts: the current Fairy-Stockfish, go perft;
-- the mate, its "go depth 2 searchmoves c4d6" (mate 1) from the position
-- before.
v, notes = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "twokings2")
t.equal("pseudo-royal: the two kings royal", v.pieces.k.royal, true)
t.equal("pseudo-royal: no extinction", v.rules.extinction, nil)
t.check("pseudo-royal: a mate is not a stalemate", v.rules.checkmate ~= v.rules.stalemate)
local mated = varia.new(vi .. "quasi-shatranj",
  { fen = "z3k5/2f6i/2k2E3P/7k2/3N4eP/1p8/4k2P2/2p4Ka1/KG2G4Z/1K1K1Z4 b - - 16 168" })
t.equal("pseudo-royal: mated without a king type (quasi-shatranj)", table.concat({ mated:result() }, " "), "white checkmate")
t.equal("pseudo-royal: nothing left untranslated", #notes, 0)
-- promotedPieceType is read type by type over the parent's: gorogoroplus
-- names its lance's and knight's, and its pawns and silvers still promote
-- as gorogoro's (the current Fairy-Stockfish's perft 3 from the start)
t.equal("promotedPieceType over the parent's (gorogoroplus, FSF perft 3)", varia.new(vi .. "gorogoroplus"):perft(3), 44436)
t.equal("promotedPieceType, a type of the section's over the parent's",
  ini.table(ini.parse("[a:gorogoro]\npromotedPieceType = s:g\n"), "a").pieces.s.promotes_to ~= nil, true)
t.equal("twokings2 (FSF perft 3)", varia.new(vi .. "twokings2"):perft(3), 8682)
t.equal("mounted (FSF perft 3)", varia.new(vi .. "mounted"):perft(3), 21644)
v = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "chak")
t.equal("chak: the king's promoted form is royal too", v.pieces[v.pieces.k.promotes_to].royal, true)
t.equal("chak: and keeps the region of the type it plays as", v.pieces[v.pieces.p.promotes_to].region.white, v.pieces.w.region.white)
t.equal("chak (FSF perft 2)", varia.new(vi .. "chak"):perft(2), 1092)
-- a count other than 0 where a side may hold more: said to differ
v = ini.table(assert(ini.parse("[pc:chess]\nextinctionValue = loss\nextinctionPieceTypes = q\nextinctionPieceCount = 1\nextinctionPseudoRoyal = true\n")), "pc")
t.check("pseudo-royal with a count of 1, promotion adding more: differs", v.differs and v.differs[1]:find("extinctionPseudoRoyal", 1, true))

-- blastImmuneTypes and mutuallyImmuneTypes as atomar has them: an immune
-- capturer survives, a king may not take a king (FSF atomar, go perft 4).
v, notes = ini.table(assert(ini.parse("[at2:nocheckatomic]\nblastImmuneTypes = k\nmutuallyImmuneTypes = k\n")), "at2")
t.equal("blastImmuneTypes: immune and surviving", v.rules.blast.immune .. " " .. tostring(v.rules.blast.survivors), "pk k")
t.equal("mutuallyImmuneTypes", v.rules.mutually_immune, "k")
t.equal("mutuallyImmuneTypes: no note", #notes, 0)
t.equal("atomar's options (FSF perft 4)", varia.new(v):perft(4), 197779)

-- diagonalLines (issue 26): on the lines the rook also slides as a
-- bishop, onto the lines only; the slide is masked by them, not stopped
-- at a square off them (a1 to e5 past b2 and d4), and a piece off the
-- lines still blocks it (b2). Counts: the current Fairy-Stockfish, go
-- perft 1 and 3 of the same section.
local dl = ini.table(assert(ini.parse("[dl:chess]\ndiagonalLines = a1 c3 e5\ncastling = false\n")), "dl")
t.equal("diagonalLines: the rook's extra bishop slide", dl.pieces.r.extra and dl.pieces.r.extra.betza, "B")
t.equal("diagonalLines: no extra moves for a king that is no wazir", dl.pieces.k.extra, nil)
g = varia.new(dl, { fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1" })
t.equal("diagonalLines: masked, not stopped", reach(g, "a1"), "a2 a3 a4 a5 a6 a7 a8 b1 c1 c3 d1 e5")
t.equal("diagonalLines: FSF perft 3", g:perft(3), 1477)
t.equal("diagonalLines: blocked off the lines (FSF perft 1, 3)",
  table.concat({ varia.new(dl, { fen = "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1" }):perft(1),
                 varia.new(dl, { fen = "4k3/8/8/8/8/8/1p6/R3K3 w - - 0 1" }):perft(3),
                 varia.new(dl, { fen = "4k3/8/8/8/3p4/8/8/R3K3 w - - 0 1" }):perft(1),
                 varia.new(dl, { fen = "4k3/8/8/8/3p4/8/8/R3K3 w - - 0 1" }):perft(3) }, " "), "15 1880 16 1579")
g = varia.new(dl, { fen = "8/8/8/4k3/8/8/8/R3K3 b - - 0 1" })
t.equal("diagonalLines: a check along the masked slide (FSF perft 3)", #g:checkers() .. " " .. g:perft(3), "1 884")
t.equal("diagonalLines: no check past a piece off the lines (FSF perft 3)",
  varia.new(dl, { fen = "8/8/8/4k3/8/8/1P6/R3K3 b - - 0 1" }):perft(3), 949)
-- janggi as a parent: its lines, bikjang and count translated, nothing
-- left (FSF janggi, go perft 3: 33000); two passes are counted, Black's
-- 1.5 points winning an equal count
v, notes = ini.table(assert(ini.parse("[jg:janggi]\n")), "jg")
t.equal("janggi: nothing left untranslated", #notes, 0)
t.equal("janggi: the lines, bikjang and the count", string.format("%s %s %s %s %s %s", v.pieces.k.extra.betza,
  v.pieces.p.extra.betza, v.pieces.c.extra.betza, v.rules.facing_kings, v.rules.facing_result, v.rules.komi),
  "F fF pB must_break material 1.5")
t.equal("janggi: the count's weights", string.format("%d %d %d %d %d %d", v.pieces.r.material, v.pieces.c.material,
  v.pieces.n.material, v.pieces.b.material, v.pieces.a.material, v.pieces.p.material), "13 7 5 3 3 2")
g = varia.new(v)
t.equal("janggi as a parent (FSF perft 3)", g:perft(3), 33000)
g:play("e2e2") g:play("e9e9")
t.equal("janggi: two passes counted", table.concat({ g:result() }, " "), "black passes")
-- where it cannot be translated, said so: bikjang without passes, lines
-- for a soldier whose extra moves are its sideways steps already
_, notes = ini.table(assert(ini.parse("[bj:janggi]\npass = false\n")), "bj")
t.equal("bikjangRule without passes: noted", notes[1] and notes[1].key, "bikjangRule")
_, notes = ini.table(assert(ini.parse("[xs:xiangqi]\ndiagonalLines = d1 f1 e2 d3 f3\n")), "xs")
t.check("diagonalLines over soldierPromotionRank: noted", (function()
  for _, n in ipairs(notes) do if n.key == "diagonalLines" and n.rules then return true end end end)())
-- materialCounting = blackdrawodds: Black wins what would be drawn
-- (weights 0, komi 0.5, as variants/armageddon.lua)
v, notes = ini.table(assert(ini.parse(io.open("tests/fsf/current/variants.ini"):read("a"))), "capturethequeen")
t.equal("blackdrawodds", string.format("%d %s %s %s", #notes, v.rules.komi, v.rules.nmove_result, v.rules.stalemate),
  "0 0.5 material material")
-- A lame leap Fairy-Stockfish has no table for never moves there (elgam's
-- o:nC); FSF elgam, go perft 3 from the start: 100990
t.equal("betza: nC never moves", ini.betza("nC"), "")
t.equal("betza: nK never moves, W does", ini.betza("nKW"), "W")
t.equal("betza: nN, nZ stay", ini.betza("nNnZ"), "nNnZ")
t.equal("elgam (FSF perft 3)", varia.new(vi .. "elgam"):perft(3), 100990)
-- promotionZonePawnDrops: pawns dropped on the far rank too (drops.
-- pawn_zone), a custom pawn on its first rank as well (FSF perft 1:
-- crazyhouse's king and 55 pawn drops; elgam's soldier drops)
v = ini.table(assert(ini.parse("[pz:crazyhouse]\npromotionZonePawnDrops = true\n")), "pz")
t.equal("promotionZonePawnDrops", v.drops.pawn_zone, true)
t.equal("promotionZonePawnDrops (FSF perft 1, 3)", varia.new(v, { fen = "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1" }):perft(1) .. " " ..
  varia.new(v, { fen = "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1" }):perft(3), "60 36415")
t.equal("a custom pawn's drops (elgam, FSF perft 1)", varia.new(vi .. "elgam",
  { fen = "r2o1k1ohav/3sC1h4/2S3a4/1SS1es3re/5s4S/3S1H4S/1R1h1V1s2R/2s4c3/4CK1A3/2E2c1OE1o[SA] w - - 1 159" }):perft(1), 176)

-- Options of the current Fairy-Stockfish that the sections of its own
-- variants.ini need (issue 26); counts of its native build (commit
-- c19b5f6), VariantPath tests/fsf/current/variants.ini, go perft N.
local function none_differs(name)
  local t = varia.load(vi .. name)
  return t.differs == nil or next(t.differs) == nil
end
-- dropNoDoubledCount = 0: dragonfly's pawns, once in hand, are never dropped
t.check("dragonfly: nothing differs", none_differs("dragonfly"))
t.equal("dropNoDoubledCount = 0: drops.doubled_limit 0", varia.load(vi .. "dragonfly").drops.doubled_limit, 0)
t.equal("dragonfly (FSF perft 1, 2, 3)", (function()
  local fen = "rbbknnr/pppp1pp/7/7/7/PPPPP1P/RBBKNNR[PpNn] w - - 0 1"
  local out = {}
  for d = 1, 3 do out[d] = varia.new(vi .. "dragonfly", { fen = fen }):perft(d) end
  return table.concat(out, " ") end)(), "33 1037 20001")
t.equal("dragonfly from the start (FSF perft 4)", varia.new(vi .. "dragonfly"):perft(4), 20909)
-- castlingWins = q: Black wins by castling queen side and loses with the
-- right; oppositeCastling: a castling takes the opponent's right on that
-- side (FSF perft 2, 3, 4 from the positions below)
t.check("castle, opposite-castling: nothing differs", none_differs("castle") and none_differs("opposite-castling"))
local function perfts(name, fen, from, to)
  local out = {}
  for d = from, to do out[#out + 1] = varia.new(vi .. name, { fen = fen }):perft(d) end
  return table.concat(out, " ")
end
t.equal("castle (FSF perft 5 from the start)", varia.new(vi .. "castle"):perft(5), 4745193)
t.equal("castle, Black to move (FSF)", perfts("castle", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 2, 4), "183 4581 46829")
t.equal("castle, with pawns (FSF)", perfts("castle", "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1", 2, 4), "242 1812 29052")
t.equal("opposite-castling (FSF perft 5 from the start)", varia.new(vi .. "opposite-castling"):perft(5), 4865609)
t.equal("opposite-castling (FSF)", perfts("opposite-castling", "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", 2, 4),
  "623 15121 366289")
t.equal("opposite-castling, Black to move (FSF)", perfts("opposite-castling", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", 2, 4),
  "568 13744 314279")
g = varia.new(vi .. "castle", { fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1" })
g:play("O-O-O")
t.equal("castle: Black castles queen side and wins", table.concat({ g:result() }, " "), "black castling")
g = varia.new(vi .. "castle", { fen = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1" })
g:play("Rb8")
t.equal("castle: Black loses the right and the game", table.concat({ g:result() }, " "), "white castling")
g = varia.new(vi .. "opposite-castling", { fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1" })
g:play("O-O")
t.raises("castling.wins: a bad right", 'castling.wins: "x" (expected castling rights, letters of KQkq)',
  varia.new, { name = "w", files = 8, ranks = 8, pieces = { k = { betza = "K", royal = true }, r = { betza = "R" } },
    start = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", castling = { rook = "r", wins = "x" } })
t.equal("opposite-castling: White's O-O takes Black's", g:fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b q - 1 1")
-- petrifyOnCaptureTypes over a blast (nuclear): the capturer explodes and
-- leaves a wall where it took; the wall shields nothing in the capture's
-- own legality, as Fairy-Stockfish judges it (d4xe5 would leave the e-file
-- open to the queen: illegal); enPassantRegion = -: no en passant
t.check("nuclear: nothing differs", none_differs("nuclear"))
g = varia.new(vi .. "nuclear", { fen = "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2" })
g:play("dxe5")
t.equal("nuclear: a wall where the capturer exploded", g:fen(), "rnbqkbnr/pppp1ppp/8/4*3/8/8/PPP1PPPP/RNBQKBNR b KQkq - 0 2")
t.equal("nuclear: the wall shields nothing (FSF perft 1-3)",
  perfts("nuclear", "rnb1kbnr/ppppqppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 1 3", 1, 3), "37 1062 37388")
t.equal("nuclear (FSF perft 5 from the start)", varia.new(vi .. "nuclear"):perft(5), 4861099)
t.equal("nuclear: no en passant", varia.load(vi .. "nuclear").pieces.p.betza, "mfWcfFimnfD")

-- wallingRule = edge with wallOrMove (atlantis): a place step at "edge"
-- instead of a move (tests/lua/test_walls.lua counts it)
t.check("atlantis: nothing differs", none_differs("atlantis"))
v = varia.load(vi .. "atlantis")
t.equal("atlantis: the turn", v.turn[2].place .. " " .. v.turn[2].at .. " " .. tostring(v.turn[2].instead), "* edge true")
v, notes = ini.table(assert(ini.parse("[w:chess]\nwallingRule = past\nwallOrMove = true\nwallingRegionWhite = *1\n")), "w")
t.equal("wallOrMove over another rule, regions per side: noted", (function()
  local keys = {}
  for _, n in ipairs(notes) do keys[#keys + 1] = n.key end
  table.sort(keys)
  return table.concat(keys, " ") end)(), "wallOrMove wallingRegionWhite")
v = ini.table(assert(ini.parse("[w:chess]\nwallingRule = static\nwallingRegion = *4 *5\n")), "w")
t.equal("wallingRule = static, a region", v.turn[2].at .. " " .. v.turn[2].region, "anywhere a4-h4 a5-h5")
-- The walls' options of Fairy-Stockfish's versions before wallingRule,
-- which the current one does not read: reported, no difference
v, notes = ini.table(assert(ini.parse("[o:chess]\narrowGating = true\nstaticGatingRegion = *4\n")), "o")
t.equal("older walls' options: noted, changing nothing", (function()
  local out = {}
  for _, n in ipairs(notes) do out[#out + 1] = n.key .. " " .. tostring(n.rules) end
  return table.concat(out, ", ") .. " " .. tostring(v.differs) .. " " .. tostring(v.turn) end)(),
  "arrowGating false, staticGatingRegion false nil nil")
t.done()
