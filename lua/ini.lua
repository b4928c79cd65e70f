-- ini: Fairy-Stockfish variant definitions (variants.ini sections) as
-- varia variant scripts.
--
--   local ini = require "ini"
--   local list = ini.sections(text)            -- names, in file order
--   local lua, notes = ini.translate(text, "mychess", "my.ini")
--
-- translate() resolves the section's inheritance ([name:parent], from an
-- earlier section of the file or from one of the Fairy-Stockfish built-in
-- variants described below), reads every option as Fairy-Stockfish does,
-- and writes the variant as the text of a Lua script that returns a
-- variant table (docs/api.md). notes lists what it did not translate, one
-- table { key = , why = , rules = true|false } each: rules is true when
-- the option changes the game, false when it concerns a GUI, the engine's
-- evaluation or nothing varia needs. docs/cli.md has the full table of
-- options, translated or not.

local M = {}

-- ---- reading the file ---------------------------------------------------

local function trim(s) return (s:gsub("^%s+", ""):gsub("%s+$", "")) end

-- Parses the text into { order = { names }, [name] = section }, a section
-- being { name, parent, line, keys = { key = { value, line } } }; or nil
-- and "source:line: message".
function M.parse(text, source)
  source = source or "ini"
  local out, cur = { order = {} }, nil
  local n = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    line = trim(line:gsub("\r$", ""))
    if line == "" or line:find("^[#;]") then
      -- a comment or an empty line
    elseif line:find("^%[") then
      local name, parent = line:match("^%[([^%]:]+)%]$"), nil
      if not name then name, parent = line:match("^%[([^%]:]+):([^%]:]+)%]$") end
      if not name then return nil, string.format("%s:%d: a section is [name] or [name:parent], not %s", source, n, line) end
      name, parent = trim(name), parent and trim(parent)
      cur = { name = name, parent = parent, line = n, keys = {} }
      if not out[name] then out.order[#out.order + 1] = name end
      out[name] = cur
    else
      local k, v = line:match("^([^=]-)%s*=%s*(.*)$")
      if not k or k == "" then return nil, string.format("%s:%d: expected key = value, not %s", source, n, line) end
      if not cur then return nil, string.format("%s:%d: %s comes before any [section]", source, n, k) end
      cur.keys[trim(k)] = { value = trim(v), line = n }
    end
  end
  return out
end

function M.sections(text, source)
  local p, err = M.parse(text, source)
  if not p then return nil, err end
  return p.order
end

-- ---- Fairy-Stockfish's pieces and built-in variants --------------------

-- The piece types an option "NAME = letter" declares, with their Betza
-- as varia writes it (Fairy-Stockfish reads a lone direction letter on
-- an oblique atom as the narrow pair: its shogiKnight "fN" is varia's
-- "ffN") and a value in centipawns for varia's search.
M.pieces = {
  pawn = { "fmWfceF", 100 }, knight = { "N", 300 }, bishop = { "B", 320 },
  rook = { "R", 500 }, queen = { "Q", 900 }, fers = { "F", 150 },
  alfil = { "A", 120 }, fersAlfil = { "FA", 300 }, silver = { "FfW", 400 },
  aiwok = { "RNF", 1000 }, bers = { "RF", 700 }, archbishop = { "BN", 800 },
  chancellor = { "RN", 850 }, amazon = { "QN", 1200 }, knibis = { "mNcB", 450 },
  biskni = { "mBcN", 450 }, kniroo = { "mNcR", 500 }, rookni = { "mRcN", 500 },
  shogiPawn = { "fW", 100 }, lance = { "fR", 350 }, shogiKnight = { "ffN", 350 },
  euroshogiKnight = { "ffNsW", 400 }, gold = { "WfF", 550 }, dragonHorse = { "BW", 1050 },
  clobber = { "cW", 100 }, breakthrough = { "fmWfF", 100 }, immobile = { "", 0 },
  cannon = { "mRcpR", 450 }, janggiCannon = { "pR", 450 }, soldier = { "fsW", 200 },
  horse = { "nN", 400 }, elephant = { "nA", 200 }, banner = { "RcpRnN", 900 },
  -- one step orthogonally, then two diagonally outward, each square
  -- empty: varia's lame zebra, as in variants/janggicasual.lua
  janggiElephant = { "nZ", 250 },
  wazir = { "W", 130 }, commoner = { "K", 300 }, centaur = { "KN", 600 },
  king = { "K", 0 },
}
-- Fairy-Stockfish's defaults (a section without a parent: chess rules,
-- but no pieces and no promotion pieces).
local defaults = {
  maxRank = "8", maxFile = "8",
  startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  promotionRegionWhite = "*8", promotionRegionBlack = "*1", promotionPieceTypes = "",
  mandatoryPawnPromotion = "true", doubleStep = "true", doubleStepRegionWhite = "*2",
  doubleStepRegionBlack = "*7", castling = "true",
  castlingKingsideFile = "g", castlingQueensideFile = "c", castlingRank = "1",
  checking = "true", dropChecks = "true", nMoveRule = "50", nFoldRule = "3",
  nFoldValue = "draw", stalemateValue = "draw", checkmateValue = "loss",
  extinctionValue = "none", shogiDoubledPawn = "true", capturesToHand = "false",
  soldierPromotionRank = "1",
}

-- The built-in variants a section may inherit from, as the options that
-- make them (Fairy-Stockfish 11.1's variant.cpp). Each starts from the
-- defaults above; "parent" chains them.
local chess = { pawn = "p", knight = "n", bishop = "b", rook = "r", queen = "q", king = "k",
  promotionPieceTypes = "nbrq" }
M.builtins = {
  chess = chess, normal = { parent = "chess" }, fischerandom = { parent = "chess", chess960 = "true" },
  nocastle = { parent = "chess", castling = "false",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" },
  crazyhouse = { parent = "chess", pieceDrops = "true", capturesToHand = "true",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1" },
  ["3check"] = { parent = "chess", checkCounting = "true",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1" },
  ["5check"] = { parent = "chess", checkCounting = "true",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5+5 0 1" },
  kingofthehill = { parent = "chess", flagPiece = "k", whiteFlag = "d4 e4 d5 e5",
    blackFlag = "d4 e4 d5 e5" },
  racingkings = { parent = "chess", startFen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1",
    flagPiece = "k", whiteFlag = "a8 b8 c8 d8 e8 f8 g8 h8", blackFlag = "a8 b8 c8 d8 e8 f8 g8 h8",
    flagMove = "true", castling = "false", checking = "false" },
  losers = { parent = "chess", checkmateValue = "win", stalemateValue = "win",
    extinctionValue = "win", extinctionPieceTypes = "*", extinctionPieceCount = "1",
    mustCapture = "true" },
  giveaway = { parent = "chess", king = "", commoner = "k", castlingKingPiece = "k",
    promotionPieceTypes = "nbrqk", stalemateValue = "win", extinctionValue = "win",
    extinctionPieceTypes = "*", mustCapture = "true" },
  antichess = { parent = "giveaway", castling = "false",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1" },
  extinction = { parent = "chess", king = "", commoner = "k", castlingKingPiece = "k",
    promotionPieceTypes = "nbrqk", extinctionValue = "loss", extinctionPieceTypes = "kqrbnp" },
  nocheckatomic = { parent = "chess", king = "", commoner = "k", castlingKingPiece = "k",
    extinctionValue = "loss", extinctionPieceTypes = "k", blastOnCapture = "true" },
  atomic = { parent = "nocheckatomic", extinctionPseudoRoyal = "true" },
  pocketknight = { parent = "chess", pieceDrops = "true", capturesToHand = "false",
    startFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1" },
  placement = { parent = "chess", pieceDrops = "true", capturesToHand = "false", mustDrop = "true",
    startFen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1",
    whiteDropRegion = "*1", blackDropRegion = "*8", dropOppositeColoredBishop = "true",
    castlingDroppedPiece = "true" },
  losalamos = { parent = "chess", maxRank = "6", maxFile = "6", bishop = "",
    startFen = "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", promotionRank = "6",
    promotionPieceTypes = "qrn", doubleStep = "false", castling = "false" },
  gardner = { parent = "chess", maxRank = "5", maxFile = "5",
    startFen = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", promotionRank = "5",
    doubleStep = "false", castling = "false" },
  breakthrough = { breakthrough = "p", startFen = "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w 0 1",
    doubleStep = "false", castling = "false", stalemateValue = "loss", flagPiece = "p",
    whiteFlag = "*8", blackFlag = "*1" },
  makruk = { parent = "chess", bishop = "", queen = "", silver = "s", fers = "m",
    startFen = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", promotionRank = "6",
    promotionPieceTypes = "m", doubleStep = "false", castling = "false", nMoveRule = "0",
    countingRule = "makruk" },
  janus = { parent = "chess", maxFile = "10", castlingKingsideFile = "i", castlingQueensideFile = "b",
    archbishop = "j", promotionPieceTypes = "jqrbn",
    startFen = "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1" },
  grand = { parent = "chess", maxRank = "10", maxFile = "10", archbishop = "a", chancellor = "c",
    startFen = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1",
    promotionPieceTypes = "acqrbn", promotionRank = "8", promotionLimit = "a:1 c:1 q:1 r:2 b:2 n:2",
    mandatoryPawnPromotion = "false", immobilityIllegal = "true", doubleStepRegionWhite = "*3",
    doubleStepRegionBlack = "*8",
    castling = "false" },
  xiangqi = { rook = "r", horse = "n", king = "k", cannon = "c", soldier = "p", elephant = "b",
    fers = "a", maxRank = "10", maxFile = "9", kingType = "wazir",
    startFen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    mobilityRegionWhiteKing = "d1 e1 f1 d2 e2 f2 d3 e3 f3",
    mobilityRegionBlackKing = "d8 e8 f8 d9 e9 f9 d10 e10 f10",
    mobilityRegionWhiteFers = "d1 e1 f1 d2 e2 f2 d3 e3 f3",
    mobilityRegionBlackFers = "d8 e8 f8 d9 e9 f9 d10 e10 f10",
    mobilityRegionWhiteElephant = "*1 *2 *3 *4 *5", mobilityRegionBlackElephant = "*6 *7 *8 *9 *10",
    soldierPromotionRank = "6", doubleStep = "false", castling = "false", stalemateValue = "loss",
    perpetualCheckIllegal = "true", flyingGeneral = "true", chasingRule = "axf" },
  janggi = { parent = "xiangqi", fers = "", cannon = "", elephant = "", wazir = "a", janggiCannon = "c",
    janggiElephant = "b", chasingRule = "none",
    startFen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    mobilityRegionWhiteWazir = "d1 e1 f1 d2 e2 f2 d3 e3 f3",
    mobilityRegionBlackWazir = "d8 e8 f8 d9 e9 f9 d10 e10 f10",
    mobilityRegionWhiteFers = "", mobilityRegionBlackFers = "",
    mobilityRegionWhiteElephant = "", mobilityRegionBlackElephant = "",
    soldierPromotionRank = "1", flyingGeneral = "false", bikjangRule = "true", materialCounting = "janggi",
    diagonalLines = "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10", pass = "true", nFoldValue = "draw" },
  horde = { parent = "chess",
    startFen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1",
    firstRankDoubleSteps = "true", extinctionValue = "loss", extinctionPieceTypes = "*",
    enPassantRegion = "*3 *6" },
  knightmate = { parent = "chess", knight = "", commoner = "m", kingType = "knight",
    promotionPieceTypes = "qrbm",
    startFen = "rmbqkbmr/pppppppp/8/8/8/8/PPPPPPPP/RMBQKBMR w KQkq - 0 1" },
  capablanca = { parent = "chess", archbishop = "a", chancellor = "c", maxFile = "10",
    castlingKingsideFile = "i", castlingQueensideFile = "c", promotionPieceTypes = "nbrqac",
    startFen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1" },
  shatranj = { pawn = "p", knight = "n", rook = "r", king = "k", fers = "q", alfil = "b",
    startFen = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    promotionPieceTypes = "q", doubleStep = "false", castling = "false",
    stalemateValue = "loss", extinctionValue = "loss", extinctionPieceTypes = "*",
    extinctionPieceCount = "1", extinctionOpponentPieceCount = "2", extinctionClaim = "true" },
  minishogi = { shogiPawn = "p", silver = "s", gold = "g", bishop = "b", rook = "r", king = "k",
    maxRank = "5", maxFile = "5", startFen = "rbsgk/4p/5/P4/KGSBR[-] w - - 0 1",
    promotionRank = "5", promotedPieceType = "p:g s:g b:h r:d", dragonHorse = "h", bers = "d",
    pieceDrops = "true", capturesToHand = "true", doubleStep = "false", castling = "false",
    shogiDoubledPawn = "false", immobilityIllegal = "true", shogiPawnDropMateIllegal = "true",
    stalemateValue = "loss", nFoldRule = "4", nMoveRule = "0", perpetualCheckIllegal = "true" },
}
M.builtins.shogi = { parent = "minishogi", maxRank = "9", maxFile = "9", lance = "l", shogiKnight = "n",
  startFen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1", promotionRank = "7",
  promotedPieceType = "p:g s:g b:h r:d l:g n:g" }
M.builtins.gorogoro = { parent = "minishogi", maxRank = "6",
  startFen = "sgkgs/5/1ppp1/1PPP1/5/SGKGS[-] w 0 1", promotionRank = "5" }
-- Discs and clones (the current Fairy-Stockfish's variant.cpp: ataxx,
-- flipersi, flipello, flipello10), with the options their sections use.
M.builtins.ataxx = { maxRank = "7", maxFile = "7", customPiece1 = "p:mDmNmA",
  startFen = "P5p/7/7/7/7/7/p5P w 0 1", pieceDrops = "true", freeDrops = "true", doubleStep = "false",
  castling = "false", stalemateValue = "loss", stalematePieceCount = "true", passOnStalemate = "true",
  enclosingDrop = "ataxx", flipEnclosedPieces = "ataxx", materialCounting = "unweighted",
  adjudicateFullBoard = "true", nMoveRule = "0" }
M.builtins.flipersi = { maxRank = "8", maxFile = "8", immobile = "p",
  startFen = "8/8/8/8/8/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1", pieceDrops = "true",
  doubleStep = "false", castling = "false", stalemateValue = "loss", stalematePieceCount = "true",
  passOnStalemate = "false", enclosingDrop = "reversi", enclosingDropStart = "d4 e4 d5 e5",
  flipEnclosedPieces = "reversi", materialCounting = "unweighted", adjudicateFullBoard = "true" }
M.builtins.flipello = { parent = "flipersi", passOnStalemate = "true",
  startFen = "8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w 0 1" }
M.builtins.flipello10 = { parent = "flipello", maxRank = "10", maxFile = "10", enclosingDropStart = "e5 f5 e6 f6",
  startFen = "10/10/10/10/4pP4/4Pp4/10/10/10/10[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp] w - - 0 1" }

-- ---- reading values -----------------------------------------------------

local function bool(v) return v == "true" end

-- A Fairy-Stockfish Bitboard value: "d4 e4 *1" as varia's SQUARES.
local function squares(value, files)
  local out = {}
  for f, r in value:gmatch("([%a%*])(%d+)") do
    if f == "*" then
      out[#out + 1] = string.format("a%s-%s%s", r, string.char(96 + files), r)
    else
      out[#out + 1] = f:lower() .. r
    end
  end
  return table.concat(out, " ")
end

local results = { win = "win", loss = "loss", draw = "draw" }

-- Fairy-Stockfish's Betza as varia's, or nil and why not. The two read
-- direction letters differently, so each atom's directions are worked
-- out as Fairy-Stockfish's piece.cpp finds them and then written in
-- varia's letters. Fairy-Stockfish pairs a letter with the next when it
-- is the same or one is vertical (f b v h) and the other horizontal
-- (r l s h), a lone letter standing for itself doubled; an atom (x, y)
-- then gets each of its eight leaps that one of the pairs names (the
-- table fsf_dirs); an orthogonal atom's unlike pairs are split first
-- ("fsW" is "ffW" and "ssW"). So "fN" is the two narrow forward leaps
-- (varia's "ffN"), "vF" every diagonal, "fhN" the four forward ones
-- (varia's "fN"), "lfB" the forward-left diagonal, "hlN" four single
-- knight leaps of one turning sense ("fflN", "bbrN", ...).
-- Fairy-Stockfish reads one digit of a range; the multi-leg letters are
-- its own.

-- Per leap of an atom (a, b), its (rank, file) offset in Fairy-Stockfish's
-- order and the direction pairs that name it.
local fsf_dirs = {
  { 1, 0, "ff vv rf rv fh rh hr" }, { -1, 0, "bb vv lb lv bh lh hr" },
  { 0, 1, "rr ss br bs bh rh hr" }, { 0, -1, "ll ss fl fs fh lh hr" },
  { 0, 1, "rr ss fr fs fh rh hl" }, { 0, -1, "ll ss bl bs bh lh hl" },
  { -1, 0, "bb vv rb rv bh rh hl" }, { 1, 0, "ff vv lf lv fh lh hl" },
}
local atoms = { W = { 1, 0 }, F = { 1, 1 }, D = { 2, 0 }, N = { 2, 1 }, A = { 2, 2 }, H = { 3, 0 },
  L = { 3, 1 }, C = { 3, 1 }, J = { 3, 2 }, Z = { 3, 2 }, G = { 3, 3 }, R = { 1, 0 }, B = { 1, 1 } }
local compound = { K = { "W", "F" }, Q = { "R", "B" } }
-- The lame leaps Fairy-Stockfish makes (its bitboard.cpp has their
-- tables: the lame dabbaba, Xiangqi's horse and elephant, Janggi's
-- elephant). Its piece.cpp reads n on any other leap (nC, nW, nK) as
-- well, as a step it then never generates (bitboard.cpp leaves lame
-- steps out of the leaper's table): such a piece does not move so, and
-- the importer leaves the leap out (elgam's customPiece1 = o:nC never
-- moves).
local fsf_lame = { D = true, N = true, A = true, Z = true }

-- The leaps of atom c (a set of "file,rank" keys) that Fairy-Stockfish
-- gives the direction pairs dirs, from the atom's pair (a, b).
local function fsf_leaps(c, dirs, single)
  local a, b = atoms[c][1], atoms[c][2]
  local split = {}
  for _, d in ipairs(dirs) do
    if single and b == 0 and d:sub(1, 1) ~= d:sub(2, 2) then
      split[#split + 1] = d:sub(1, 1):rep(2)
      split[#split + 1] = d:sub(2, 2):rep(2)
    else
      split[#split + 1] = d
    end
  end
  local set = {}
  for k, row in ipairs(fsf_dirs) do
    -- the leap k: rank and file offsets from the atom's two numbers
    local rank = ({ a, -a, -b, b, b, -b, -a, a })[k]
    local file = ({ b, -b, a, -a, a, -a, b, -b })[k]
    local named = #split == 0
    for _, d in ipairs(split) do
      if (" " .. row[3] .. " "):find(" " .. d .. " ", 1, true) then named = true end
    end
    if named then set[file .. "," .. rank] = { file, rank } end
  end
  return set
end

-- varia's direction letters, each with the leaps it names (docs/api.md,
-- "Direction modifiers"), largest sets first where an atom is written.
local varia_dirs = {
  { "", function() return true end },
  { "f", function(x, y) return y > 0 end }, { "b", function(x, y) return y < 0 end },
  { "l", function(x) return x < 0 end }, { "r", function(x) return x > 0 end },
  { "v", function(x, y) return math.abs(y) > math.abs(x) end, "oblique" },
  { "s", function(x, y) return math.abs(x) > math.abs(y) end, "oblique" },
  { "v", function(x, y) return x == 0 end, "orthogonal" },
  { "s", function(x, y) return y == 0 end, "orthogonal" },
  { "ff", function(x, y) return y > 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "bb", function(x, y) return y < 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "ll", function(x, y) return x < 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "rr", function(x, y) return x > 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "fs", function(x, y) return y > 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "bs", function(x, y) return y < 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "fl", function(x, y) return y > 0 and x < 0 end }, { "fr", function(x, y) return y > 0 and x > 0 end },
  { "bl", function(x, y) return y < 0 and x < 0 end }, { "br", function(x, y) return y < 0 and x > 0 end },
  -- one oblique leap: a doubled letter's narrow pair and another letter
  { "ffl", function(x, y) return y > 0 and x < 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "ffr", function(x, y) return y > 0 and x > 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "bbl", function(x, y) return y < 0 and x < 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "bbr", function(x, y) return y < 0 and x > 0 and math.abs(y) > math.abs(x) end, "oblique" },
  { "llf", function(x, y) return x < 0 and y > 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "llb", function(x, y) return x < 0 and y < 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "rrf", function(x, y) return x > 0 and y > 0 and math.abs(x) > math.abs(y) end, "oblique" },
  { "rrb", function(x, y) return x > 0 and y < 0 and math.abs(x) > math.abs(y) end, "oblique" },
}

-- The leaps in set written as varia's direction letters on atom c: a
-- list of prefixes whose leaps are disjoint and together the set, or nil.
local function varia_cover(c, set)
  local a, b = atoms[c][1], atoms[c][2]
  local kind = b == 0 and "orthogonal" or a == b and "diagonal" or "oblique"
  local all = fsf_leaps(c, {}, true)
  local left, nleft = {}, 0
  for k in pairs(set) do left[k], nleft = true, nleft + 1 end
  -- the letters that apply to this kind of atom, the most leaps first
  local fits = {}
  for n, d in ipairs(varia_dirs) do
    if not d[3] or d[3] == kind then
      local named = {}
      for k, xy in pairs(all) do
        if d[2](xy[1], xy[2]) then named[#named + 1] = k end
      end
      if #named > 0 then fits[#fits + 1] = { d[1], named, n } end
    end
  end
  table.sort(fits, function(x, y) return #x[2] > #y[2] or (#x[2] == #y[2] and x[3] < y[3]) end)
  local out = {}
  for _, d in ipairs(fits) do
    local inside = nleft > 0
    for _, k in ipairs(d[2]) do inside = inside and left[k] end
    if inside then
      for _, k in ipairs(d[2]) do left[k], nleft = nil, nleft - 1 end
      out[#out + 1] = d[1]
    end
  end
  if nleft > 0 then return nil end
  return out
end

-- Fairy-Stockfish's riders, and the lines along which it walks them
-- (bitboard.cpp): a slider or hopper of one direction makes its piece a
-- rider along the whole of that direction's line type (both ways along a
-- rank, a file; every diagonal; every knight line for a slider), and what
-- the walk finds is then kept only where one of the piece's moves of the
-- same kind (a move, a capture) could go on an empty board (its
-- PseudoMoves, PseudoAttacks). So a count is a bound on the whole move,
-- screen included (pR2 jumps a piece next to it onto the square beyond),
-- and one move can widen another along the same line: fRbpR slides and
-- hops both ways, R2pR slides the whole line. A hopper's count 1 is a
-- grasshopper, g with a count of 2 or more a cannon of that count. The
-- moves of each direction are worked out so, here, and compared with what
-- the Betza varia is given says; where they differ, why (nil where not).
local fsf_axes = { ["1,0"] = "H", ["-1,0"] = "H", ["0,1"] = "V", ["0,-1"] = "V",
  ["1,1"] = "D", ["1,-1"] = "D", ["-1,1"] = "D", ["-1,-1"] = "D" }
for _, xy in ipairs({ { 1, 2 }, { 2, 1 } }) do
  for _, sx in ipairs({ 1, -1 }) do
    for _, sy in ipairs({ 1, -1 }) do fsf_axes[(xy[1] * sx) .. "," .. (xy[2] * sy)] = "N" end
  end
end
local function fsf_lines(entries, longest)
  -- the moves by group (a move or a capture, initial or not): kind ->
  -- direction -> limit, a later atom's limit over an earlier's, as
  -- piece.cpp keeps them in one map per kind
  local groups = {}
  for _, e in ipairs(entries) do
    local modalities = {}
    if e.mods:find("m") then modalities[#modalities + 1] = "m" end
    if e.mods:find("c") then modalities[#modalities + 1] = "c" end
    if #modalities == 0 then modalities = { "m", "c" } end
    for _, m in ipairs(modalities) do
      local key = (e.initial and "i" or "") .. m
      groups[key] = groups[key] or { step = {}, slide = {}, hop = {} }
      for k, xy in pairs(e.leaps) do groups[key][e.kind][k] = { xy[1], xy[2], e.limit } end
    end
  end
  for key, g in pairs(groups) do
    if key ~= "ic" then -- (Fairy-Stockfish has no initial captures)
      -- the squares of the empty-board reach, and the plain leaps
      local reach, leap = {}, {}
      for k, d in pairs(g.step) do
        reach[k] = true
        if d[3] == 0 then leap[k] = true end
      end
      for kind, dirs in pairs({ slide = g.slide, hop = g.hop }) do
        for _, d in pairs(dirs) do
          local n = d[3]
          if n == 0 or (kind == "hop" and n == 1) then n = longest end
          for j = 1, n do reach[(j * d[1]) .. "," .. (j * d[2])] = true end
        end
      end
      -- the rider types: the line types walked, of each kind
      local walked = { slide = {}, hop = {}, grass = {} }
      for k in pairs(g.slide) do if fsf_axes[k] then walked.slide[fsf_axes[k]] = true end end
      for k, d in pairs(g.hop) do
        if fsf_axes[k] and fsf_axes[k] ~= "N" then walked[d[3] == 1 and "grass" or "hop"][fsf_axes[k]] = true end
      end
      -- each direction: the squares each kind reaches along it in
      -- Fairy-Stockfish and in varia (its count counting every step), but
      -- those a plain leap reaches in any case
      local rays = {}
      for k in pairs(fsf_axes) do rays[k] = true end
      for k in pairs(g.slide) do rays[k] = true end
      for k in pairs(g.hop) do rays[k] = true end
      local order = {}
      for k in pairs(rays) do order[#order + 1] = k end
      table.sort(order)
      for _, k in ipairs(order) do
        local dx, dy = k:match("^(-?%d+),(-?%d+)$")
        dx, dy = tonumber(dx), tonumber(dy)
        local far = longest // math.max(math.abs(dx), math.abs(dy))
        for _, kind in ipairs({ "slide", "hop", "grass" }) do
          local first = kind == "slide" and 1 or 2
          local own = kind == "slide" and g.slide[k] or kind == "hop" and g.hop[k] and g.hop[k][3] ~= 1 and g.hop[k]
            or kind == "grass" and g.hop[k] and g.hop[k][3] == 1 and g.hop[k] or nil
          local n = own and (own[3] <= 1 and far or own[3]) or 0
          local along = fsf_axes[k] and walked[kind][fsf_axes[k]]
          for j = first, far do
            local sq = (j * dx) .. "," .. (j * dy)
            if not leap[sq] and (along and reach[sq] or false) ~= (j <= n) then
              return string.format("Fairy-Stockfish's %s along (%d, %d) %s square %d of the line (its moves of one kind bound each other along a line)",
                kind == "slide" and "slide" or kind == "hop" and "hop" or "grasshopper's leap",
                dx, dy, j <= n and "does not reach" or "reaches", j)
            end
          end
        end
      end
    end
  end
  return nil
end

function M.betza(s, longest)
  longest = longest or 11
  local out, mods, dirs = {}, "", {}
  local entries = {}
  local i = 1
  while i <= #s do
    local c = s:sub(i, i)
    if c:find("[fbvhrls]") then
      -- Fairy-Stockfish's pairing of direction letters
      local c2 = s:sub(i + 1, i + 1)
      local vert, hor = ("fbvh"):find(c, 1, true), ("rlsh"):find(c, 1, true)
      if c2 ~= "" and (c2 == c or (vert and ("rlsh"):find(c2, 1, true)) or (hor and ("fbvh"):find(c2, 1, true))) then
        dirs[#dirs + 1] = c .. c2
        i = i + 1
      else
        dirs[#dirs + 1] = c .. c
      end
    elseif c:find("[mcepgni]") then
      mods = mods .. c
    elseif atoms[c] or compound[c] then
      local count = s:match("^%d", i + 1) or (s:sub(i + 1, i + 1) == c and c) or ""
      if s:find("^%d%d", i + 1) then
        return nil, string.format("Fairy-Stockfish reads one digit after %s; '%s' would be read otherwise by varia", c, s:match("^%d+", i + 1))
      end
      local parts = compound[c] or { c }
      local written = {}
      -- Fairy-Stockfish's reading of a hopper's count: 1 a grasshopper,
      -- g with a count of 2 or more a cannon of that count
      local limit = tonumber(count) or (mods:find("g") and 1 or 0)
      local rider = c:find("[RBQ]") or count ~= ""
      local wmods = mods
      if mods:find("[pg]") and rider then
        wmods = mods:gsub("[pg]", limit == 1 and "g" or "p")
        if limit == 1 then count = count == "1" and "" or count end
      end
      -- a lame leap (n on a leaper) that Fairy-Stockfish has no table for
      local lame = mods:find("n", 1, true) and not rider
      for _, part in ipairs(parts) do
        local leaps = fsf_leaps(part, dirs, #parts == 1)
        entries[#entries + 1] = { mods = mods, initial = mods:find("i") ~= nil, leaps = leaps,
          kind = mods:find("[pg]") and "hop" or rider and "slide" or "step",
          limit = not rider and mods:find("n") and -1 or limit }
        -- (kept among the entries: Fairy-Stockfish keeps the step too)
        if lame and not fsf_lame[part] then goto next_part end
        local cover = varia_cover(part, leaps)
        if not cover then
          return nil, string.format("the directions %s of %s name leaps (in Fairy-Stockfish) that varia's Betza cannot write",
            table.concat(dirs, " "), c)
        end
        -- a compound atom's part that is a rider keeps the count: Q's R and B
        local atom = part
        for _, d in ipairs(cover) do written[#written + 1] = wmods .. d .. atom .. (count == c and part or count) end
        ::next_part::
      end
      -- a whole compound, undirected, as its own letter
      if compound[c] and #written == 2 and #dirs == 0 then written = { wmods .. c .. (count == c and c or count) } end
      for _, w in ipairs(written) do out[#out + 1] = w end
      i = i + #(s:match("^%d", i + 1) or (s:sub(i + 1, i + 1) == c and c) or "")
      mods, dirs = "", {}
    else
      return nil, string.format("'%s' is not in varia's Betza", c)
    end
    i = i + 1
  end
  if mods ~= "" or #dirs > 0 then return nil, "modifiers without an atom at the end" end
  local why = fsf_lines(entries, longest)
  if why then return nil, why end
  return table.concat(out)
end

-- ---- translation --------------------------------------------------------

-- A FEN in the short forms Fairy-Stockfish reads (its Position::set),
-- written out in full as varia writes it (varia's FEN reader takes the
-- same forms; the script's start is written whole so that it reads
-- plainly): the board alone is White to move; a digit where castling
-- would be means neither castling nor en passant is given ("w 0 1",
-- "w 7+7 0 1"), and a digit where en passant would be means it is not.
function M.full_fen(fen)
  local f = {}
  for x in fen:gmatch("%S+") do f[#f + 1] = x end
  if #f == 1 then f[2] = "w" end
  if f[3] and f[3]:find("^%d") then table.insert(f, 3, "-") table.insert(f, 3, "-") end
  if f[4] and f[4]:find("^%d") then table.insert(f, 4, "-") end
  return table.concat(f, " ")
end

-- The ranks on which a FEN's board has White's and Black's piece letter.
local function start_ranks(fen, letter, ranks)
  local white, black = {}, {}
  local r = ranks
  for row in (fen:match("^[^%s%[]+") or ""):gmatch("[^/]+") do
    for c in row:gmatch("%a") do
      if c == letter:upper() then white[r] = true elseif c == letter then black[r] = true end
    end
    r = r - 1
  end
  return white, black
end

local function same(a, b)
  for k in pairs(a) do if not b[k] then return false end end
  for k in pairs(b) do if not a[k] then return false end end
  return true
end

-- The current names of options Fairy-Stockfish also reads by an older
-- one: each is read as the other (flagRegion sets both flags).
local aliases = { dropRegionWhite = "whiteDropRegion", dropRegionBlack = "blackDropRegion",
  flagRegionWhite = "whiteFlag", flagRegionBlack = "blackFlag", castlingRookPieces = "castlingRookPiece" }

-- The options that name sets of piece types by their letters.
local type_sets = { "promotionPieceTypes", "extinctionPieceTypes", "castlingRookPiece", "castlingKingPiece",
  "flagPiece", "dropNoDoubled", "kingType", "mustDropType" }

-- A parent that is neither an earlier section nor one of M.builtins may
-- be a Fairy-Stockfish built-in that varia ships as a script of its own
-- (variants/NAME.lua, which says so by its fairy_stockfish field or its
-- names): the section is then that script with its own options over it
-- (script_child). The key "@script" of the options names it.
local function script_parent(name)
  local ok, t = pcall(require, name)
  if not ok or type(t) ~= "table" then return nil end
  if t.fairy_stockfish == name then return t end
  local names = type(t.names) == "table" and t.names or {}
  local aliases = type(names.aliases) == "table" and names.aliases or { names.aliases }
  for _, a in ipairs(aliases) do if a == name then return t end end
  return nil
end

-- The options of a section with its parents', and the chain of names.
-- A parent is an earlier section or a built-in, so there is no cycle.
local function resolve(parsed, name)
  local sec, opts, chain = parsed[name], {}, {}
  local parent, own
  if sec then
    parent, own = sec.parent, {}
    for k, v in pairs(sec.keys) do own[k] = v.value end
  elseif M.builtins[name] then
    own = {}
    for k, v in pairs(M.builtins[name]) do if k ~= "parent" then own[k] = v end end
    parent = M.builtins[name].parent
  else
    return nil, nil
  end
  if parent then
    local base, err, base_chain
    if parsed[parent] and parsed[parent].line < (sec and sec.line or math.huge) or (not sec and M.builtins[parent]) then
      base, err, base_chain = resolve(parsed, parent)
    elseif M.builtins[parent] then
      base, err, base_chain = resolve({}, parent)
    elseif not parsed[parent] and script_parent(parent) then
      base, base_chain = { ["@script"] = parent }, { parent }
    end
    if not base then
      return nil, err or string.format("[%s:%s]: the parent '%s' is not a varia variant yet: neither an earlier section of the file, nor one of the Fairy-Stockfish built-ins the importer translates (%s), nor a script of varia's that is a Fairy-Stockfish built-in (its fairy_stockfish field)",
        name, parent, parent, table.concat(M.builtin_names(), " "))
    end
    for k, v in pairs(base) do opts[k] = v end
    chain = base_chain
  else
    for k, v in pairs(defaults) do opts[k] = v end
  end
  -- a piece letter given to one type leaves any other type with it; as
  -- Fairy-Stockfish reads them, custom pieces come after the named ones
  local keys = {}
  for k in pairs(own) do keys[#keys + 1] = k end
  local function rank(k) return tonumber(k:match("^customPiece(%d+)$")) or 0 end
  table.sort(keys, function(a, b)
    if rank(a) ~= rank(b) then return rank(a) < rank(b) end
    return a < b
  end)
  for _, k in ipairs(keys) do
    local v = own[k]
    k = aliases[k] or k
    local letter = (M.pieces[k] or k:find("^customPiece%d+$")) and v:sub(1, 1):lower()
    if letter and letter:find("%a") then
      for k2, v2 in pairs(opts) do
        if k2 ~= k and (M.pieces[k2] or k2:find("^customPiece%d+$")) and v2:sub(1, 1):lower() == letter then opts[k2] = "" end
      end
    end
    -- a type given a new letter keeps its place in the inherited sets of
    -- types (Fairy-Stockfish holds them as types, not letters)
    local was = letter and opts[k] and opts[k]:sub(1, 1):lower()
    if was and was:find("%a") and letter:find("^%a$") and was ~= letter then
      for _, set in ipairs(type_sets) do
        if opts[set] and own[set] == nil then
          opts[set] = opts[set]:gsub("[" .. was .. was:upper() .. "]", function(ch)
            return ch == was and letter or letter:upper()
          end)
        end
      end
    end
    if k == "flagRegion" then opts.whiteFlag, opts.blackFlag = v, v
    elseif k == "promotedPieceType" and opts[k] then
      -- type by type, the section's over its parent's (parser.cpp sets
      -- each type named, the others keep theirs)
      local to, order = {}, {}
      for _, text in ipairs({ opts[k], v }) do
        for a, b in text:gmatch("(%a):([%a%-])") do
          a = a:lower()
          if not to[a] then order[#order + 1] = a end
          to[a] = b:lower()
        end
      end
      local list = {}
      for i, a in ipairs(order) do list[i] = a .. ":" .. to[a] end
      opts[k] = table.concat(list, " ")
    else opts[k] = v end
  end
  -- the deprecated rank options set the regions when they are read, on
  -- the board of the section (Fairy-Stockfish's parser.cpp)
  local ranks = tonumber(opts.maxRank) or 8
  local function span(a, b)
    local list = {}
    for r = a, b do list[#list + 1] = "*" .. r end
    return table.concat(list, " ")
  end
  local pr = tonumber(own.promotionRank)
  if pr then
    opts.promotionRegionWhite, opts.promotionRegionBlack = span(pr, ranks), span(1, ranks + 1 - pr)
  end
  local dr = tonumber(own.doubleStepRank)
  if dr then
    opts.doubleStepRegionWhite, opts.doubleStepRegionBlack = span(2, dr), span(ranks + 1 - dr, ranks - 1)
  end
  opts.promotionRank, opts.doubleStepRank = nil, nil
  chain[#chain + 1] = name
  return opts, nil, chain
end

function M.builtin_names()
  local list = {}
  for k in pairs(M.builtins) do list[#list + 1] = k end
  table.sort(list)
  return list
end

-- Options that change nothing varia plays by: why each is left out.
local ignored = {
  variantTemplate = "a GUI setting (XBoard)", pieceToCharTable = "a GUI setting (XBoard)",
  pocketSize = "a GUI setting (XBoard)", endgameEval = "the engine's evaluation",
  pieceValueMg = "the engine's evaluation (varia's values are its own)",
  pieceValueEg = "the engine's evaluation (varia's values are its own)",
  chess960 = "varia reads Chess960 castling rights (X-FEN) in every variant",
  -- the walls' options of Fairy-Stockfish's versions before wallingRule,
  -- which the current one does not read (a section that uses them plays
  -- without walls there); varia's walls are its translation of
  -- wallingRule and wallingRegion
  arrowGating = "an older option of Fairy-Stockfish, which the current one does not read (its wallingRule = arrow is translated)",
  duckGating = "an older option of Fairy-Stockfish, which the current one does not read (its wallingRule = duck is translated)",
  staticGating = "an older option of Fairy-Stockfish, which the current one does not read (its wallingRule = static is translated)",
  staticGatingRegion = "an older option of Fairy-Stockfish, which the current one does not read (its wallingRegion is translated)",
  pastGating = "an older option of Fairy-Stockfish, which the current one does not read (its wallingRule = past is translated)",
  petrifyOnCapture = "an older option of Fairy-Stockfish, which the current one does not read (its petrifyOnCaptureTypes is translated)",
}
-- Options that change the game and that varia has no mechanism for.
local untranslatable = {
  twoBoards = "pieces come from a second board (bughouse); a varia game has one board",
  sittuyinPromotion = "Sittuyin's promotion has no option here; see variants/sittuyin.lua",
  cambodianMoves = "the Cambodian king and queen leaps; see variants/cambodian.lua",
  dropOnTop = "varia has no drops onto pieces",
  nFoldValueAbsolute = "varia's repetition result is for the side to move",
  kingPassOnStalemate = "varia's passes are not limited to stalemate",
  piecePromotionOnCapture = "without pieceDemotion and mandatoryPiecePromotion varia has no promotion only on captures",
  pieceDemotion = "varia's turning over (promotion.flip) needs mandatoryPiecePromotion and the whole board as the zone",
}

-- Options of Fairy-Stockfish's later versions (its variants.ini as it
-- grew after 11.1) that the importer does not translate, and why.
local later_why = "an option of Fairy-Stockfish after 11.1; "
local later = {}
for k, why in pairs({
  pawnTypes = "varia's pawns are the pieces declared pawn",
  promotionPawnTypes = "varia promotes the pawn type", promotionPawnTypesWhite = "varia promotes the pawn type",
  promotionPawnTypesBlack = "varia promotes the pawn type",
  promotionPieceTypesWhite = "varia's promotion pieces are the same for both sides",
  promotionPieceTypesBlack = "varia's promotion pieces are the same for both sides",
  tripleStepRegionWhite = "varia's triple steps are translated from whole ranks within the double steps' ranks only",
  tripleStepRegionBlack = "varia's triple steps are translated from whole ranks within the double steps' ranks only",
  enPassantTypes = "varia's en passant is in the Betza of the pieces (e)",
  enPassantTypesWhite = "varia's en passant is in the Betza of the pieces (e)",
  enPassantTypesBlack = "varia's en passant is in the Betza of the pieces (e)",
  castlingKingFile = "varia's castling king stands where the FEN puts it",
  castlingRookKingsideFile = "varia castles with the outermost rook or the one the FEN names",
  castlingRookQueensideFile = "varia castles with the outermost rook or the one the FEN names",
  nMoveRuleTypes = "varia resets the n-move count by pawns",
  nMoveRuleTypesWhite = "varia resets the n-move count by pawns",
  nMoveRuleTypesBlack = "varia resets the n-move count by pawns",
  moveRepetitionIllegal = "varia has no such rule",
  extinctionPseudoRoyal = "varia's royal pieces are royal whatever their number", dupleCheck = "varia has no pseudo-royal pieces",
  flagPieceWhite = "varia's goal pieces are the same for both sides",
  flagPieceBlack = "varia's goal pieces are the same for both sides",
  priorityDropTypes = "varia's drops have no priority", seirawanGatingRank = "varia gates on the castling rank",
}) do later[k] = later_why .. why end

-- Values that leave an option's rule off.
local off = { ["false"] = true, none = true, [""] = true, ["*"] = true, ["-"] = true }

local function note(notes, key, why, rules) notes[#notes + 1] = { key = key, why = why, rules = rules } end

local known = {}
for _, k in ipairs({ "maxRank", "maxFile", "startFen", "promotionRank", "promotionPieceTypes",
  "mandatoryPawnPromotion", "doubleStep", "doubleStepRank", "firstRankDoubleSteps", "promotionRegionWhite",
  "promotionRegionBlack", "doubleStepRegionWhite", "doubleStepRegionBlack", "enPassantRegion", "castling",
  "castlingKingsideFile", "castlingQueensideFile", "castlingRank", "castlingRookPiece",
  "castlingDroppedPiece", "promotionZonePawnDrops", "kingType", "checking", "dropChecks", "mustCapture", "mustDrop", "mustDropType",
  "pieceDrops", "capturesToHand", "dropLoop", "firstRankPawnDrops", "whiteDropRegion",
  "blackDropRegion", "sittuyinRookDrop", "dropOppositeColoredBishop", "dropPromoted",
  "shogiDoubledPawn", "dropNoDoubled", "dropNoDoubledCount", "shogiPawnDropMateIllegal", "immobilityIllegal", "gating",
  "seirawanGating", "kingPass", "pass", "makpongRule", "flyingGeneral", "soldierPromotionRank",
  "nMoveRule", "nFoldRule", "nFoldValue", "stalemateValue", "checkmateValue", "shatarMateRule",
  "extinctionValue", "extinctionClaim", "extinctionPieceTypes", "extinctionPieceCount",
  "extinctionOpponentPieceCount", "blastOnCapture", "blastImmuneTypes", "flagPiece", "whiteFlag", "blackFlag", "flagMove",
  "checkCounting", "promotionLimit", "promotedPieceType", "mandatoryPiecePromotion",
  "castlingRookPieces", "castlingKingPiece", "wallingRule", "wallOrMove", "wallingRegion", "wallingRegionWhite",
  "wallingRegionBlack", "petrifyOnCaptureTypes", "petrifyBlastPieces", "oppositeCastling", "castlingWins", "connectN",
  "connectRegion1White", "connectRegion1Black", "connectRegion2White", "connectRegion2Black", "connectNxN", "collinearN", "connectValue",
  "connectPieceTypes", "connectHorizontal", "connectVertical", "connectDiagonal", "perpetualCheckIllegal",
  "flagPieceCount", "flagPieceBlockedWin", "flagPieceSafe", "mutuallyImmuneTypes",
  -- Janggi's (read_lines, read_move_rules, read_ends)
  "diagonalLines", "bikjangRule", "materialCounting",
  -- Makruk's counting, Xiangqi's chasing (read_ends)
  "countingRule", "chasingRule",
  -- discs and clones
  "freeDrops", "enclosingDrop", "enclosingDropStart", "flipEnclosedPieces", "passOnStalemate",
  "passOnStalemateWhite", "passOnStalemateBlack", "stalematePieceCount", "adjudicateFullBoard" }) do
  known[k] = true
end

-- M.table's steps each read one part of the section into the table
-- being built, c = { opts, name, notes, v (the variant table), pieces,
-- by_type (a piece type's name -> its letter), files, ranks, rules,
-- start (the FEN), king, rook }, and return nil, or a message that
-- refuses the section.
local function file_of(value) -- a File value: a letter or a number
  local n = tonumber(value)
  return n and string.char(96 + n) or value:sub(1, 1):lower()
end

-- The board's size.
local function read_board(c)
  local o = c.opts
  local files, ranks = tonumber(o.maxFile) or (o.maxFile):byte() - 96, tonumber(o.maxRank)
  if not files or not ranks or files < 1 or files > 16 or ranks < 1 or ranks > 16 then
    return string.format("[%s]: the board (maxFile %s, maxRank %s) is not 1 to 16 by 1 to 16", c.name, o.maxFile, o.maxRank)
  end
  c.files, c.ranks = files, ranks
  c.v.files, c.v.ranks = files, ranks
end

-- The pieces: letter -> { type name, betza }, built-in types and
-- customPieceN, in the order of their keys.
local function read_pieces(c)
  local opts, name, pieces, by_type = c.opts, c.name, c.pieces, c.by_type
  local function add(typename, letter, betza, value)
    pieces[letter] = { name = typename, betza = betza, value = value }
    by_type[typename] = letter
  end
  local names = {}
  for k in pairs(opts) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local val = opts[k]
    if M.pieces[k] and val ~= "" and val:sub(1, 1):find("%a") then
      local letter, custom = val:sub(1, 1):lower(), val:match("^%a:(.+)$")
      local betza = M.pieces[k][1]
      if custom then -- "king = k:KN": the king with a Betza of its own
        local b, why = M.betza(custom, math.max(c.files, c.ranks) - 1)
        if not b then return string.format("[%s] %s = %s: %s", name, k, val, why) end
        betza = b
      end
      add(k, letter, betza, M.pieces[k][2])
    elseif k:find("^customPiece%d+$") and val ~= "" and val:sub(1, 1):find("%a") then
      local letter, b = val:sub(1, 1):lower(), val:match("^%a:(.*)$")
      if not b then return string.format("[%s] %s = %s: expected a letter, ':' and a Betza string", name, k, val) end
      local betza, why = M.betza(b, math.max(c.files, c.ranks) - 1)
      if not betza then return string.format("[%s] %s = %s: %s", name, k, val, why) end
      add(k, letter, betza, 300)
      -- Fairy-Stockfish turns every piece half round for Black; varia
      -- mirrors it in the ranks unless it is rotated, which matters where
      -- its left and right differ (lfrbB: White's forward-left is Black's)
      if betza:find("[lr]") then pieces[letter].rotated = true end
    end
  end
  if not next(pieces) then return string.format("[%s]: no piece types (a section without a parent starts with none: add pawn = p, ...)", name) end
  -- Fairy-Stockfish's Janggi cannon neither jumps over nor takes another
  -- Janggi cannon, in every variant
  if by_type.janggiCannon then
    local p = pieces[by_type.janggiCannon]
    p.no_screen, p.no_capture = by_type.janggiCannon, by_type.janggiCannon
  end
end

-- The king, and the moves kingType gives it.
local function read_king(c)
  local o, pieces = c.opts, c.pieces
  c.king = c.by_type.king
  if not c.king then return end
  pieces[c.king].royal = true
  if o.kingType then -- a letter, or (in the built-ins) a type's name
    local kt = o.kingType:sub(1, 1):lower()
    local betza = M.pieces[o.kingType] and M.pieces[o.kingType][1] or pieces[kt] and pieces[kt].betza
    if not betza then return string.format("[%s] kingType = %s: no such piece", c.name, o.kingType) end
    pieces[c.king].betza = betza
  end
end

-- A region of whole ranks ("*7 *8") as a set of the ranks on the board,
-- or nil when it names single squares.
local function rank_set(value, ranks)
  local set = {}
  for tok in (value or ""):gmatch("%S+") do
    local r = tonumber(tok:match("^%*(%d+)$"))
    if not r then return nil end
    if r >= 1 and r <= ranks then set[r] = true end
  end
  return set
end

-- The number of last ranks (for White; first for Black) a region of
-- whole ranks is, 0 for none, or nil when it is something else.
local function far_ranks(value, ranks, white)
  local set = rank_set(value, ranks)
  if not set then return nil end
  local n = 0
  for _ in pairs(set) do n = n + 1 end
  for k = 1, n do
    if not set[white and ranks + 1 - k or k] then return nil end
  end
  return n
end

-- A region of Fairy-Stockfish's ("*7", "a*", "d4", "-"), as varia's list
-- of the squares of it that are on the board: a rectangle per run of
-- files on a rank ("a7-h7 c8").
-- (region_set: the squares as a set, rank * 32 + file; squares_of: the
-- set as varia's list.)
local function region_set(value, files, ranks)
  local on = {}
  for tok in (value or ""):gmatch("%S+") do
    if tok == "-" then break end
    local r, f = tonumber(tok:match("^%*(%d+)$")), tok:match("^(%a)%*$")
    local sf, sr = tok:match("^(%a)(%d+)$")
    if r then
      for k = 1, files do on[r * 32 + k] = true end
    elseif f then
      for k = 1, ranks do on[k * 32 + f:lower():byte() - 96] = true end
    elseif sf then
      on[tonumber(sr) * 32 + sf:lower():byte() - 96] = true
    end
  end
  return on
end
local function squares_of(on, files, ranks)
  local out = {}
  for r = 1, ranks do
    local k = 1
    while k <= files do
      if on[r * 32 + k] then
        local e = k
        while e < files and on[r * 32 + e + 1] do e = e + 1 end
        local a, b = string.char(96 + k) .. r, string.char(96 + e) .. r
        out[#out + 1] = a == b and a or a .. "-" .. b
        k = e + 1
      else
        k = k + 1
      end
    end
  end
  return table.concat(out, " ")
end
local function region_squares(value, files, ranks)
  return squares_of(region_set(value, files, ranks), files, ranks)
end

-- The types each side may ever have on the board or in hand: those of
-- the start position, what it may promote into, the promoted forms of
-- what it holds, and with capturesToHand what it may take from the other
-- side. Against it an option of one side's (promotionPawnTypesBlack, ...)
-- is read: exact where the other side never holds the type. (It may say
-- a side holds more than it ever does, never less.)
local function held_types(c)
  local o = c.opts
  local held = { white = {}, black = {} }
  for l in (c.start:match("^%S+") or ""):gmatch("%a") do
    held[l:find("%u") and "white" or "black"][l:lower()] = true
  end
  for _, side in ipairs({ "white", "black" }) do
    local own = o["promotionPieceTypes" .. (side == "white" and "White" or "Black")] or o.promotionPieceTypes or ""
    for l in own:gmatch("%a") do held[side][l:lower()] = true end
  end
  repeat
    local grew = false
    for _, side in ipairs({ "white", "black" }) do
      local other = side == "white" and "black" or "white"
      local function add(l) if not held[side][l] then held[side][l], grew = true, true end end
      for a, b in (o.promotedPieceType or ""):lower():gmatch("(%a):(%a)") do
        if held[side][a] then add(b) end
      end
      if bool(o.capturesToHand) then for l in pairs(held[other]) do add(l) end end
    end
  until not grew
  return held
end

-- A set of types one side's option names, as Fairy-Stockfish's parser
-- reads it: KEY .. "White" (or "Black") over KEY over the fallbacks
-- given (nil: the default).
local function side_types(o, side, key, ...)
  for _, k in ipairs({ key .. (side == "white" and "White" or "Black"), key, ... }) do
    if o[k] then return (o[k]:gsub("[^%a]", "")):lower() end
  end
end

-- Walls: pieces that turn to a wall where they capture
-- (petrifyOnCaptureTypes).
local function read_walls(c)
  local o, pieces = c.opts, c.pieces
  local stone = o.petrifyOnCaptureTypes
  if stone and not off[stone] then
    local letters = {}
    for l in stone:lower():gmatch("%a") do
      if pieces[l] then letters[#letters + 1] = l end
    end
    for _, l in ipairs(letters) do
      if pieces[l].royal then
        note(c.notes, "petrifyOnCaptureTypes", string.format("'%s' is royal: Fairy-Stockfish's own rules for a royal piece that would turn to a wall are not varia's", l), true)
      else
        pieces[l].petrify = "*"
      end
    end
    if #letters > 0 then pieces["*"] = pieces["*"] or { name = "wall", neutral = true } end
    if bool(o.petrifyBlastPieces) then
      note(c.notes, "petrifyBlastPieces", "varia's blast removes the pieces around, it does not petrify them", true)
    end
  end
  -- wallingRule: a wall each turn after the move (a place step, or the
  -- duck's relocation); wallOrMove: the wall instead of the move
  local rule = o.wallingRule
  if rule and not off[rule] then
    local at = ({ static = "anywhere", arrow = "reach", past = "left", edge = "edge" })[rule]
    local step
    if rule == "duck" then
      -- (Fairy-Stockfish judges the move with the duck where it goes)
      step = { relocate = "*", shields = true }
    elseif at then
      step = { place = "*", at = at }
    else
      note(c.notes, "wallingRule", "not one of Fairy-Stockfish's walling rules (arrow, duck, edge, past, static)", true)
      return
    end
    local white = region_squares(o.wallingRegionWhite or o.wallingRegion, c.files, c.ranks)
    local black = region_squares(o.wallingRegionBlack or o.wallingRegion, c.files, c.ranks)
    if white ~= black then
      note(c.notes, "wallingRegionWhite", "varia's place step has one region for both sides", true)
    elseif (o.wallingRegionWhite or o.wallingRegion) and white ~= "" then
      if step.relocate then note(c.notes, "wallingRegion", "varia's relocation has no region", true)
      else step.region = white end
    end
    if bool(o.wallOrMove) then
      if rule == "static" or rule == "edge" then step.instead = true
      else note(c.notes, "wallOrMove", "varia puts a wall instead of a move only where it goes anywhere or on the edge", true) end
    end
    pieces["*"] = pieces["*"] or { name = "wall", neutral = true }
    c.v.turn = { "move", step }
  end
end

-- Pawns, double steps, promotion; the zone is the region's whole ranks
-- at the far end where they are the same for both sides, otherwise each
-- side's squares (promotion.zone = { white = ..., black = ... }).
local function read_promotion(c)
  local o, v, pieces, ranks = c.opts, c.v, c.pieces, c.ranks
  local held = held_types(c)
  c.held = held
  -- Fairy-Stockfish's pawn type, unless pawnTypes names another piece
  -- and no side ever holds one (xhess): then pawnTypes is a custom pawn
  local builtin = c.by_type.pawn
  if builtin and not held.white[builtin] and not held.black[builtin] and o.pawnTypes
      and not o.pawnTypes:lower():find(builtin, 1, true) then
    builtin = nil
  end
  -- pawnTypes naming one piece that is not Fairy-Stockfish's pawn (a
  -- custom piece): that piece is the one that promotes, as a pawn
  -- (promotionPawnTypes, which defaults to pawnTypes, says whether it
  -- promotes; Fairy-Stockfish's own pawn promotes whatever it says)
  local custom_pawn = false
  local ppt = o.promotionPawnTypes and (o.promotionPawnTypes:gsub("[^%a]", "")):lower()
  if not builtin and o.pawnTypes and o.pawnTypes:match("^%a$") and pieces[o.pawnTypes:lower()]
      and o.pawnTypes:lower() ~= c.by_type.pawn then
    local letter = o.pawnTypes:lower()
    if ppt == nil or ppt == letter then
      custom_pawn = letter -- not by_type.pawn: blasts spare only the built-in pawn
      c.opts.pawnTypes, c.opts.promotionPawnTypes = nil, nil
    elseif ppt == "" then
      -- a pawn that never promotes: its moves restart the n-move count
      pieces[letter].pawn = true
      c.opts.pawnTypes, c.opts.promotionPawnTypes = nil, nil
    end
  elseif c.by_type.pawn and (ppt == "" or ppt == c.by_type.pawn) then
    c.opts.promotionPawnTypes = nil
  end
  local zoneW, zoneB = far_ranks(o.promotionRegionWhite, ranks, true), far_ranks(o.promotionRegionBlack, ranks, false)
  local zone = math.min(zoneW or 0, zoneB or 0)
  -- what the promotion tables carry: a number of far ranks, or the squares
  local zone_value = zone
  if not zoneW or not zoneB or zoneW ~= zoneB then
    local white = region_squares(o.promotionRegionWhite, c.files, ranks)
    local black = region_squares(o.promotionRegionBlack, c.files, ranks)
    if white ~= "" or black ~= "" then
      zone_value, zone = { white = white, black = black }, 1
    else
      zone = 0 -- beyond the board for both sides
    end
  end
  c.zone_regions = { white = o.promotionRegionWhite, black = o.promotionRegionBlack }
  c.opts.promotionRegionBlack = nil
  c.custom_pawn = custom_pawn
  local pawn = builtin or custom_pawn or nil
  if pawn then
    local p = pieces[pawn]
    p.pawn, p.promotes = true, true
    if bool(o.doubleStep) and not custom_pawn then
      local white, black = rank_set(o.doubleStepRegionWhite, ranks), rank_set(o.doubleStepRegionBlack, ranks)
      if not white or not black then
        note(c.notes, "doubleStepRegionWhite", string.format("with doubleStepRegionBlack = %s: varia's double steps start from whole ranks",
          o.doubleStepRegionBlack or ""), true)
        white, black = white or {}, black or {}
      end
      if bool(o.firstRankDoubleSteps) then white[1], black[ranks] = true, true end
      if next(white) or next(black) then p.betza = p.betza .. "ifmnD" end
      -- triple steps (tripleStepRegionWhite/Black, whole ranks within the
      -- double steps' ranks): an extra i-move of three squares from those
      -- ranks to the ranks three ahead, which leaves both squares passed
      -- to be taken en passant
      local tw, tb = rank_set(o.tripleStepRegionWhite, ranks), rank_set(o.tripleStepRegionBlack, ranks)
      local within = tw and tb and not p.extra
      for r in pairs(tw or {}) do if not white[r] then within = false end end
      for r in pairs(tb or {}) do if not black[r] then within = false end end
      if within and (next(tw) or next(tb)) then
        local ws, bs = {}, {}
        for r in pairs(tw) do ws[#ws + 1] = "*" .. r; ws[#ws + 1] = "*" .. (r + 3) end
        for r in pairs(tb) do bs[#bs + 1] = "*" .. r; bs[#bs + 1] = "*" .. (r - 3) end
        p.extra = { betza = "ifmnH", white = region_squares(table.concat(ws, " "), c.files, ranks),
                    black = region_squares(table.concat(bs, " "), c.files, ranks) }
        c.opts.tripleStepRegionWhite, c.opts.tripleStepRegionBlack = nil, nil
      elseif within then
        c.opts.tripleStepRegionWhite, c.opts.tripleStepRegionBlack = nil, nil -- none
      end
      -- varia's default (the ranks where each side's pawns start) is
      -- exact when it says the same; otherwise one list for both sides
      -- where the other side's pawns could not step twice from the ranks
      -- only one side has anyway, else each side its own ranks
      local sw, sb = start_ranks(o.startFen, pawn, ranks)
      if not (same(sw, white) and same(sb, black)) then
        local both, list = true, {}
        for r in pairs(black) do if not white[r] and r <= ranks - 2 then both = false end end
        for r in pairs(white) do if not black[r] and r >= 3 then both = false end end
        local function sorted(set)
          local l = {}
          for k in pairs(set) do l[#l + 1] = k end
          table.sort(l)
          return l
        end
        if both then
          for k in pairs(white) do list[#list + 1] = k end
          for k in pairs(black) do if not white[k] then list[#list + 1] = k end end
          table.sort(list)
          p.initial = list
        else
          p.initial = { white = sorted(white), black = sorted(black) }
        end
      end
    end
    -- promotionPieceTypes that no section of the file set is a built-in's
    -- set of types (chess's queen, rook, bishop, knight): a custom piece
    -- that took one of their letters is not among them (Fairy-Stockfish
    -- reads the letters where the option is given)
    local given = false
    for _, sec in ipairs(c.chain or {}) do
      if c.parsed[sec] and c.parsed[sec].keys.promotionPieceTypes then given = true end
    end
    local promo = {}
    for ch in (o.promotionPieceTypes):gmatch("%a") do
      local pc = pieces[ch:lower()]
      if pc and (given or not (pc.name or ""):find("^customPiece")) then promo[#promo + 1] = ch:lower() end
    end
    c.promo_letters = table.concat(promo)
    -- a pawn with a promoted form (promotedPieceType p:...) promotes into
    -- it in the zone in both programs (promotion.pieces empty)
    local form = (o.promotedPieceType or ""):find("%f[%a]" .. pawn .. ":%a")
    if #promo == 0 and not form then
      -- no promotion piece: where promotion is compulsory the pawn cannot
      -- enter the zone at all (promotion.pieces given empty; its attacks
      -- there stay, as Fairy-Stockfish's pawn keeps them), else it moves
      -- there and stays a pawn
      if zone >= 1 and bool(o.mandatoryPawnPromotion) then
        v.promotion = { pieces = "", zone = zone_value }
      else
        p.promotes = nil
      end
    elseif #promo == 0 then
      p.promotes = nil
    elseif zone < 1 then
      p.promotes = nil -- the zone is beyond the board, in both programs
    else
      v.promotion = { pieces = table.concat(promo), zone = zone_value }
      -- mandatoryPawnPromotion = false: a pawn may stay a pawn anywhere in
      -- the zone (compulsory = 0), the last rank too; where a piece may not
      -- go where it could never move again (immobilityIllegal), compulsory
      -- on the last rank, which is the same
      if not bool(o.mandatoryPawnPromotion) and type(zone_value) == "table" then
        if bool(o.immobilityIllegal) then
          note(c.notes, "mandatoryPawnPromotion", "with immobilityIllegal, on a zone of squares: varia's promotion there is compulsory on every square or none", true)
        else
          v.promotion.compulsory = 0
        end
      elseif not bool(o.mandatoryPawnPromotion) then
        v.promotion.compulsory = bool(o.immobilityIllegal) and 1 or 0
      end
    end
  end
  -- One side's options (promotionPawnTypesWhite/Black, promotionPieceTypes-
  -- White/Black; khans: Black's custom pawn promotes to its own piece):
  -- every type either side promotes as a pawn `promotes`, each side's
  -- promotion pieces promotion.by_side; exact where a side never holds a
  -- type that promotes for the other side alone (Fairy-Stockfish's own
  -- pawn promotes for both whatever they say).
  local sided = false
  for _, k in ipairs({ "promotionPawnTypesWhite", "promotionPawnTypesBlack", "promotionPieceTypesWhite", "promotionPieceTypesBlack" }) do
    if o[k] then sided = true end
  end
  if sided and zone >= 1 then
    local ppts, promos = {}, {}
    for _, side in ipairs({ "white", "black" }) do
      ppts[side] = side_types(o, side, "promotionPawnTypes", "pawnTypes") or c.by_type.pawn or ""
      local own = o["promotionPieceTypes" .. (side == "white" and "White" or "Black")]
      local list = {}
      for ch in (own and own:lower() or c.promo_letters or ""):gmatch("%a") do
        if pieces[ch] and not table.concat(list):find(ch, 1, true) then list[#list + 1] = ch end
      end
      promos[side] = table.concat(list)
    end
    for _, side in ipairs({ "white", "black" }) do
      for t in ppts[side]:gmatch("%a") do
        if pieces[t] and t ~= c.by_type.pawn then pieces[t].promotes = true end
      end
    end
    local exact = true
    for t, pc in pairs(pieces) do
      if pc.promotes and t ~= builtin then
        for _, side in ipairs({ "white", "black" }) do
          if held[side][t] and not ppts[side]:find(t, 1, true) then exact = false end
        end
      end
    end
    -- a side whose pawns promote needs a promotion piece
    for _, side in ipairs({ "white", "black" }) do
      local any = false
      for t, pc in pairs(pieces) do if pc.promotes and held[side][t] then any = true end end
      if any and promos[side] == "" then exact = false end
    end
    if exact then
      local union = promos.white
      for ch in promos.black:gmatch("%a") do if not union:find(ch, 1, true) then union = union .. ch end end
      v.promotion = v.promotion or { zone = zone_value }
      v.promotion.pieces = union
      if promos.white ~= promos.black then
        v.promotion.by_side = { white = promos.white ~= "" and promos.white or promos.black,
                                black = promos.black ~= "" and promos.black or promos.white }
      end
      if not bool(o.mandatoryPawnPromotion) and v.promotion.compulsory == nil then
        v.promotion.compulsory = bool(o.immobilityIllegal) and 1 or 0
      end
      for _, k in ipairs({ "promotionPawnTypesWhite", "promotionPawnTypesBlack", "promotionPieceTypesWhite", "promotionPieceTypesBlack" }) do
        c.opts[k] = nil
      end
    end
  end
  if o.promotionLimit then
    v.promotion = v.promotion or { pieces = "", zone = zone < 1 and 0 or zone_value }
    v.promotion.limit = {}
    for ch, n in (o.promotionLimit):gmatch("(%a):(%d+)") do v.promotion.limit[ch:lower()] = tonumber(n) end
  end
  if o.promotedPieceType and o.promotedPieceType ~= "" then
    v.promotion = v.promotion or { zone = zone < 1 and 0 or zone_value }
    local free = {}
    for ch in ("abcdefghijklmnopqrstuvwxyz"):gmatch(".") do if not pieces[ch] then free[#free + 1] = ch end end
    local forms = {}
    for a, b in (o.promotedPieceType):gmatch("(%a):(%a)") do forms[#forms + 1] = { a:lower(), b:lower() } end
    table.sort(forms, function(x, y) return x[1] < y[1] end)
    local base_count = 0
    for _ in pairs(pieces) do base_count = base_count + 1 end
    -- varia holds 32 piece types; a script names each by a letter, 26 at
    -- most, but a promoted form may go without one (pieces["+p"], written
    -- +P as Fairy-Stockfish writes it): where the letters left are too few
    -- for the forms, every form goes so (pandemonium: 19 and 9)
    if base_count + #forms > 32 then
      return string.format("[%s] promotedPieceType = %s: the section needs %d piece types (%d and %d promoted forms); varia holds 32",
        c.name, o.promotedPieceType, base_count + #forms, base_count, #forms)
    end
    local unlettered = #forms > #free
    for _, f in ipairs(forms) do
      local base, to = pieces[f[1]], pieces[f[2]]
      if not base or not to then return string.format("[%s] promotedPieceType: %s:%s names a piece the variant does not have", c.name, f[1], f[2]) end
      local letter = unlettered and "+" .. f[1] or table.remove(free, 1)
      -- varia gives each piece its own promoted form (written +X in FEN),
      -- counted as the type it plays as (Fairy-Stockfish's form is that type)
      pieces[letter] = { name = "promoted " .. base.name, betza = to.betza, value = to.value, rotated = to.rotated,
                         counts_as = f[2] }
      if not unlettered then base.promotes_to = letter end -- (a "+p" is p's form by its key)
      c.forms = c.forms or {} -- the form's letter -> the type it plays as
      c.forms[letter] = f[2]
    end
    -- Fairy-Stockfish's promotionLimit counts the type's pieces, its
    -- promoted forms among them, and bounds promotion into a promoted form
    -- as well (movegen.cpp), as varia's limit does through counts_as; but
    -- not a pawn's promotion into its form (make_promotions)
    local pawn = c.by_type.pawn
    for _, f in ipairs(forms) do
      if f[1] == pawn and v.promotion.limit and v.promotion.limit[f[2]] then
        note(c.notes, "promotionLimit", string.format("with promotedPieceType %s:%s: Fairy-Stockfish does not bound the pawn's promotion into its form; varia's limit does",
          f[1], f[2]), true)
      end
    end
    if bool(o.mandatoryPiecePromotion) then
      local whole = v.promotion.zone == ranks
      if bool(o.pieceDemotion) and whole then
        v.promotion.flip = bool(o.piecePromotionOnCapture) and "capture" or true
        c.opts.pieceDemotion, c.opts.piecePromotionOnCapture = nil, nil
      end
      v.promotion.compulsory = true
    end
  end
end

-- Castling: its rook, the king's files, its rank.
local function read_castling(c)
  local o, pieces, files = c.opts, c.pieces, c.files
  local rook = (o.castlingRookPiece or o.castlingRookPieces or ""):sub(1, 1):lower()
  if rook == "" then rook = c.by_type.rook end
  c.rook = rook
  local castles_king = c.king or c.by_type.commoner
  if not (bool(o.castling) and rook and pieces[rook] and castles_king) then
    c.v.castling = false
    return
  end
  local cs = { rook = rook, king_files = { file_of(o.castlingKingsideFile), file_of(o.castlingQueensideFile) } }
  local last = string.char(96 + files)
  if cs.king_files[1] > last or cs.king_files[2] > last then
    -- the default g and c on a narrower board: Fairy-Stockfish can never
    -- castle there either
    note(c.notes, "castling", string.format("the king's castling files %s and %s are not both on a board of %d files: no castling, as in Fairy-Stockfish",
      cs.king_files[1], cs.king_files[2], files), false)
    cs = false
  end
  local ck = (o.castlingKingPiece or ""):sub(1, 1):lower()
  if cs and pieces[ck] and ck ~= c.king then cs.king = ck
  elseif cs and not c.king then cs.king = castles_king end
  if cs and tonumber(o.castlingRank) ~= 1 then cs.rank = tonumber(o.castlingRank) end
  if cs and bool(o.castlingDroppedPiece) then cs.from_drops = "e" end
  -- oppositeCastling: a castling takes the opponent's right on that side;
  -- castlingWins: castling by those rights wins, losing them all loses
  if cs and bool(o.oppositeCastling) then cs.opposite = true end
  local wins = o.castlingWins and o.castlingWins:gsub("[^KQkq]", "") or ""
  if cs and wins ~= "" then cs.wins = wins end
  c.v.castling = cs
end

-- Drops and gating; the start's pockets and castling rights as varia reads
-- them.
local function read_drops(c)
  local o, v, files, ranks, by_type = c.opts, c.v, c.files, c.ranks, c.by_type
  if bool(o.pieceDrops) or bool(o.gating) then
    local d = {}
    d.captures = bool(o.capturesToHand)
    if bool(o.dropLoop) then d.keep_promoted = true end
    if bool(o.firstRankPawnDrops) then d.pawn_first_rank = true end
    if bool(o.promotionZonePawnDrops) then d.pawn_zone = true end
    -- Fairy-Stockfish keeps its own pawn type alone off the first rank and
    -- out of the promotion zone (position.h, drop_region); a custom pawn
    -- (pawnTypes) is dropped there too
    if c.custom_pawn then d.pawn_first_rank, d.pawn_zone = true, true end
    if bool(o.dropPromoted) then d.promoted = true end
    if not bool(o.dropChecks) then d.no_check = true end
    if bool(o.mustDrop) then
      -- mustDropType: that piece alone while it is in hand ('*': any)
      local only = o.mustDropType and o.mustDropType:match("^%a")
      d.must = only and only:lower() or true
    end
    -- discs and clones: every piece always in hand, drops that must
    -- enclose (and where the first go), each drop restarting the n-move
    -- count as Fairy-Stockfish counts it
    if bool(o.freeDrops) then d.unlimited = true end
    local enc = o.enclosingDrop
    if enc and not off[enc] then
      -- (quadwrangle's drops are ataxx's: Fairy-Stockfish's drop region
      -- has no case of its own for it)
      local as = ({ reversi = "line", ataxx = "adjacent", quadwrangle = "adjacent", snort = "apart", top = "fall",
        anyside = "slide" })[enc]
      if as then
        d.enclosing = as
      else -- (said so: the script carries it as a difference)
        note(c.notes, "enclosingDrop", "not one of Fairy-Stockfish's enclosing drops (reversi, ataxx, quadwrangle, snort, top, anyside)", true)
      end
    end
    if o.enclosingDropStart and not off[o.enclosingDropStart] then d.start = squares(o.enclosingDropStart, files) end
    -- every drop restarts the n-move count in Fairy-Stockfish
    -- (position.cpp, do_move), not only a pawn's
    d.restart_count = true
    if bool(o.dropOppositeColoredBishop) and by_type.bishop then d.opposite = by_type.bishop end
    if o.whiteDropRegion or o.blackDropRegion then
      local all = "a1-" .. string.char(96 + files) .. ranks
      d.region = { white = o.whiteDropRegion and squares(o.whiteDropRegion, files) or all,
                   black = o.blackDropRegion and squares(o.blackDropRegion, files) or all }
    end
    local sp = by_type.shogiPawn
    if sp and not bool(o.shogiDoubledPawn) then d.no_doubled = sp end
    if o.dropNoDoubled and o.dropNoDoubled:find("^%a") then d.no_doubled = o.dropNoDoubled:sub(1, 1):lower() end
    -- dropNoDoubledCount: the piece may not be dropped on a file holding
    -- this many of the side's own (0: it is never dropped)
    local ndc = math.tointeger(tonumber(o.dropNoDoubledCount))
    if d.no_doubled and ndc and ndc ~= 1 then d.doubled_limit = math.max(0, ndc) end
    if sp and bool(o.shogiPawnDropMateIllegal) then
      d.no_mate = sp
      v.departures = v.departures or {}
      v.departures.pawn_drop_mate = sp
    end
    if bool(o.gating) and bool(o.seirawanGating) then
      d.gating, d.free = true, bool(o.pieceDrops)
      v.departures = v.departures or {}
      v.departures.gate_shields = true
    elseif bool(o.gating) then
      note(c.notes, "gating", "gating without seirawanGating keeps squares in the castling field for cambodianMoves, which varia does not translate", true)
    end
    -- Fairy-Stockfish's pawn type is never dropped in its promotion zone
    -- nor on its first rank (unless the options say), whether it promotes
    -- or not; varia keeps a pawn that promotes out of them, and a pawn that
    -- does not (one with a promoted form: shinobi) by a drop region
    local pawn = by_type.pawn
    if pawn and c.pieces[pawn] and not c.pieces[pawn].promotes and not (d.pawn_zone and d.pawn_first_rank) then
      local region = {}
      for _, side in ipairs({ "white", "black" }) do
        local own = o[side .. "DropRegion"]
        local on = own and region_set(own, files, ranks) or region_set("*" .. table.concat((function()
          local all = {}
          for r = 1, ranks do all[r] = r end
          return all end)(), " *"), files, ranks)
        if not d.pawn_zone then
          for sq in pairs(region_set(c.zone_regions[side], files, ranks)) do on[sq] = nil end
        end
        if not d.pawn_first_rank then
          local first = side == "white" and 1 or ranks
          for f = 1, files do on[first * 32 + f] = nil end
        end
        region[side] = squares_of(on, files, ranks)
      end
      c.pieces[pawn].drop_region = region
    end
    if bool(o.sittuyinRookDrop) and c.rook then
      c.pieces[c.rook].drop_region = { white = squares("*1", files), black = squares("*" .. ranks, files) }
    end
    v.drops = d
    if d.unlimited then -- every piece always in hand: no pocket to write
      c.start = c.start:gsub("^(%S-)%[%S-%]", "%1", 1)
    elseif not c.start:find("^[^ ]*%[") then -- the pockets: empty when not given
      c.start = c.start:gsub("^(%S+)", "%1[]", 1)
    end
  end
  if c.start:find("%[%-%]") then c.start = c.start:gsub("%[%-%]", "[]", 1) end
  -- castling rights mean nothing without castling; varia refuses them
  if not v.castling and not (v.drops and v.drops.gating) then
    c.start = c.start:gsub("^(%S+ %a) (%S+)", function(b, rights) return b .. " " .. (rights:find("^[%w]+$") and not rights:find("%d") and "-" or rights) end, 1)
  end
  v.start = c.start
end

-- The rules of moving: check, compulsory captures, passes, the flying
-- general, en passant's ranks.
local function read_move_rules(c)
  local o, rules, ranks = c.opts, c.rules, c.ranks
  if not bool(o.checking) then rules.no_check = true end
  if bool(o.mustCapture) then rules.must_capture = true end
  if bool(o.immobilityIllegal) then rules.no_immobile = true end
  -- two passes in a row end the game in Fairy-Stockfish (no legal move
  -- after them); the result is taken to be a draw
  if bool(o.kingPass) or bool(o.pass) then rules.pass, rules.passes_end = true, "draw" end
  -- passOnStalemate: a side left without a move passes (White's and
  -- Black's options after the one for both); a side that may always pass
  -- passes only then. Two passes in a row end the game as above.
  local function stuck(colour)
    local own = o["passOnStalemate" .. colour]
    if own ~= nil then return bool(own) end
    return bool(o.passOnStalemate)
  end
  local pw, pb = stuck("White"), stuck("Black")
  if pw or pb then
    rules.pass = nil
    rules.pass_on_stalemate = (pw and pb) or (pw and "white") or "black"
    rules.passes_end = "draw"
  end
  if bool(o.makpongRule) then rules.king_held = true end
  -- flyingGeneral: the kings may not face each other along a rook's
  -- lines, ranks as well as files (Fairy-Stockfish's position.cpp tests a
  -- rook's attack from the king); where palaces keep the kings on ranks
  -- of their own, as in xiangqi, the ranks change nothing
  if bool(o.flyingGeneral) then rules.facing_kings, rules.facing_ranks = "illegal", true end
  -- bikjangRule (Janggi's bikjang, Fairy-Stockfish's position.cpp): where
  -- the kings face each other, along a rook's lines too, the side to move
  -- must break the facing or pass, which it may even in check; a pass then
  -- ends the game, drawn (counted under materialCounting: read_ends).
  -- Under the flying general's rule the kings never face, so there is
  -- nothing to translate.
  if bool(o.bikjangRule) and not bool(o.flyingGeneral) then
    if not rules.pass or not c.king then
      note(c.notes, "bikjangRule", "varia's bikjang (rules.facing_kings = \"must_break\") needs a king and passes (pass = true)", true)
    else
      rules.facing_kings, rules.facing_result, rules.facing_ranks = "must_break", "draw", true
    end
  end
  -- enPassantRegion: the squares passed over that may be taken, as whole
  -- ranks ("*3 *6"); rules.en_passant_ranks counts them from the mover's
  -- side, so White's 3 and Black's 6 are both 3
  local epr = o.enPassantRegion
  if epr and epr:match("^%s*%-?%s*$") then
    -- no square: no en passant at all (nuclear), the e of every Betza gone
    for _, p in pairs(c.pieces) do
      if p.betza then p.betza = p.betza:gsub("(%l*)(%u)", function(mods, atom) return mods:gsub("e", "") .. atom end) end
    end
  elseif epr and not off[epr] then
    local list, seen, whole = {}, {}, true
    for tok in epr:gmatch("%S+") do
      local r = tonumber(tok:match("^%*(%d+)$"))
      if not r or r < 1 or r > ranks then whole = false break end
      for _, k in ipairs({ r, ranks + 1 - r }) do
        if not seen[k] then seen[k] = true list[#list + 1] = k end
      end
    end
    if whole then table.sort(list) rules.en_passant_ranks = list
    else note(c.notes, "enPassantRegion", "only whole ranks (*3 *6) are translated", true) end
  end
end

-- Janggi's material count by type (materialCounting = janggi).
local janggi_material = { rook = 13, janggiCannon = 7, horse = 5, janggiElephant = 3, wazir = 3, soldier = 2 }

-- How games end: counts, repetitions, stalemate and mate, extinction,
-- flags, checks, Shatar's mate rule.
local function read_ends(c)
  local o, rules, pieces, by_type, files = c.opts, c.rules, c.pieces, c.by_type, c.files
  rules.nmove = tonumber(o.nMoveRule) or 50
  -- nMoveRuleTypes (White, Black; pawnTypes by default, else the pawn):
  -- the types whose irreversible moves restart the count. varia's are
  -- the types with `pawn` or `promotes`: exact where each side's types
  -- that restart it are those of them it holds, each moving only forward
  -- (so that every move of one is irreversible); a type that only
  -- restarts it (khans: none) becomes `pawn`.
  if o.nMoveRuleTypes or o.nMoveRuleTypesWhite or o.nMoveRuleTypesBlack then
    local function forward_only(betza)
      local ok = betza ~= ""
      for dirs in betza:gmatch("(%l*)%u") do
        local d = dirs:gsub("[^fblrsvh]", "")
        if not d:find("^f+$") then ok = false end
      end
      return ok
    end
    local exact, become = true, {}
    for _, side in ipairs({ "white", "black" }) do
      local nmr = side_types(o, side, "nMoveRuleTypes", "pawnTypes") or by_type.pawn or ""
      for t, pc in pairs(pieces) do
        if c.held[side][t] then
          local want, have = nmr:find(t, 1, true) ~= nil, (pc.pawn or pc.promotes) == true
          if want and not forward_only(pc.betza) and t ~= by_type.pawn then exact = false
          elseif want and not have then become[t] = true
          elseif have and not want then exact = false end
        end
      end
    end
    if exact then
      for t in pairs(become) do pieces[t].pawn = true end
      o.nMoveRuleTypes, o.nMoveRuleTypesWhite, o.nMoveRuleTypesBlack = nil, nil, nil
    end
  end
  rules.repetition = tonumber(o.nFoldRule) or 3
  if results[o.nFoldValue] and o.nFoldValue ~= "draw" then rules.repetition_result = o.nFoldValue end
  -- perpetualCheckIllegal: the side whose checks made the repetition loses
  if bool(o.perpetualCheckIllegal) and rules.repetition > 0 then rules.perpetual_check = "loss" end
  -- countingRule (Fairy-Stockfish's position.cpp, count_limit): the count
  -- of makruk, cambodian or asean, by its types (rook, khon = silver,
  -- knight, pawn), as the built-ins' std.counting
  local cr = o.countingRule
  if cr and not off[cr] then
    if cr == "makruk" or cr == "cambodian" or cr == "asean" then
      rules.counting = require("std").counting(cr, { rook = by_type.rook or false,
        khon = by_type.silver or false, knight = by_type.knight or false, pawn = by_type.pawn or "" })
    else
      note(c.notes, "countingRule", "no counting rules of that name (Fairy-Stockfish too counts nothing)", false)
    end
  end
  -- chasingRule = axf (Fairy-Stockfish's position.cpp, chased and
  -- is_optional_game_end): a repetition in which one side chased a piece
  -- at each of its moves loses for it. By the types: a horse or cannon
  -- chases a rook, an elephant or fers a rook, cannon or horse, protected
  -- or not; a soldier chases nothing and is chased once across its
  -- promotion rank (everywhere when that rank is the first)
  if o.chasingRule == "axf" then
    if (tonumber(o.nFoldRule) or 3) == 0 then
      note(c.notes, "chasingRule", "without repetitions (nFoldRule = 0) nothing is scored", false)
    else
      local L = function(t) return by_type[t] or "" end
      local strong = { horse = L("rook"), cannon = L("rook"),
        elephant = L("rook") .. L("cannon") .. L("horse"), fers = L("rook") .. L("cannon") .. L("horse") }
      local stronger = {}
      for t, letters in pairs(strong) do
        if by_type[t] and letters ~= "" then stronger[by_type[t]] = letters end
      end
      local soldier = by_type.soldier or ""
      local promotes = (tonumber(o.soldierPromotionRank) or 1) > 1
      rules.chasing = { not_by = soldier, unchased = promotes and soldier or "", stronger = stronger }
    end
  elseif o.chasingRule and not off[o.chasingRule] then
    note(c.notes, "chasingRule", "no chasing rules of that name (Fairy-Stockfish too scores none)", false)
  end
  rules.stalemate = results[o.stalemateValue] or "draw"
  rules.checkmate = results[o.checkmateValue] or "loss"
  -- materialCounting (Fairy-Stockfish's position.h,
  -- material_counting_result): where the game would end drawn (a
  -- repetition, the n-move rule, two passes, a bikjang passed, a full
  -- board, a stalemate), the count decides, as varia's result "material"
  -- (pieces weighed by their material, Black's count with rules.komi
  -- added). unweighted: more pieces on the board win, each weighing 1.
  -- janggi: its weights by type (a promoted form weighs as the type it
  -- plays as), and White must lead by more than 1 (komi 1.5: no draw).
  -- whitedrawodds, blackdrawodds: that side wins (every piece weighing 0,
  -- the komi half a point to it).
  local mc = o.materialCounting
  local counted = mc == "unweighted" or mc == "janggi" or mc == "whitedrawodds" or mc == "blackdrawodds"
  if mc == "unweighted" or bool(o.stalematePieceCount) then
    for _, p in pairs(pieces) do p.material = 1 end
  end
  if counted and mc ~= "unweighted" and bool(o.stalematePieceCount) then
    note(c.notes, "materialCounting", "with stalematePieceCount, varia counts the pieces of a stalemate and at every other end by one weight, each piece's 1", true)
  elseif mc == "janggi" then
    for letter, p in pairs(pieces) do
      local as = (c.forms or {})[letter]
      p.material = janggi_material[as and pieces[as].name or p.name]
    end
    rules.komi = 1.5
  elseif mc == "whitedrawodds" or mc == "blackdrawodds" then
    rules.komi = mc == "blackdrawodds" and 0.5 or -0.5
  end
  if counted then
    if (rules.repetition_result or "draw") == "draw" then rules.repetition_result = "material" end
    rules.nmove_result = "material"
    if rules.passes_end == "draw" then rules.passes_end = "material" end
    if rules.facing_kings == "must_break" then rules.facing_result = "material" end
  end
  -- stalematePieceCount: the stalemated side with more pieces gets the
  -- opposite of stalemateValue, with as many a draw (then counted)
  if bool(o.stalematePieceCount) then
    local sv = rules.stalemate
    rules.stalemate = sv == "loss" and "material" or sv == "win" and "fewer pieces" or (counted and "material" or "draw")
    if sv == "win" and counted then
      note(c.notes, "stalematePieceCount", "with stalemateValue = win and materialCounting: an equal count is scored a draw", true)
    end
  elseif counted and rules.stalemate == "draw" then
    rules.stalemate = "material"
  end
  if bool(o.adjudicateFullBoard) then rules.full_board = counted and "material" or "draw" end
  local flip = o.flipEnclosedPieces
  if flip and not off[flip] then
    local as = ({ reversi = "line", ataxx = "adjacent", quadwrangle = "adjacent_joined" })[flip]
    if not as then
      return string.format("[%s] flipEnclosedPieces = %s: varia's flips are reversi, ataxx and quadwrangle", c.name, flip)
    end
    rules.flip = as
  end
  if results[o.extinctionValue] and o.extinctionPieceTypes and o.extinctionPieceTypes ~= "" then
    local types = o.extinctionPieceTypes
    rules.extinction = { result = o.extinctionValue,
      pieces = types:find("%*") and "*" or types:lower():gsub("[^%a]", ""),
      count = tonumber(o.extinctionPieceCount) or 0 }
    if tonumber(o.extinctionOpponentPieceCount) and tonumber(o.extinctionOpponentPieceCount) > 0 then
      rules.extinction.opponent = tonumber(o.extinctionOpponentPieceCount)
    end
    if bool(o.extinctionClaim) then rules.extinction.claim = true end
  end
  if (o.whiteFlag or "") ~= "" or (o.blackFlag or "") ~= "" then
    -- flagPiece: letters, or * for every type (its default)
    local fp, fpv = {}, o.flagPiece or "*"
    for l in pairs(pieces) do
      local as = (c.forms or {})[l] or l -- a promoted form as the type it plays as
      if fpv:find("*", 1, true) or fpv:lower():find(as, 1, true) then fp[#fp + 1] = l end
    end
    table.sort(fp)
    if #fp > 0 then
      rules.goal = { pieces = table.concat(fp), white = squares(o.whiteFlag or "", files),
        black = squares(o.blackFlag or "", files) }
      if bool(o.flagMove) then
        rules.goal.reply = true
        -- 11.1 has no early end for royal goal pieces (option reply)
        c.v.departures = c.v.departures or {}
        c.v.departures.reply = true
      end
      -- flagPieceCount, flagPieceBlockedWin, flagPieceSafe
      local n = tonumber(o.flagPieceCount)
      if n and n > 1 then rules.goal.count = n end
      if bool(o.flagPieceBlockedWin) then rules.goal.blocked = true end
      if bool(o.flagPieceSafe) then rules.goal.safe = true end
    else
      note(c.notes, "flagPiece", "names no piece of the variant: the flag squares are not translated", true)
    end
  end
  -- connectN, connectNxN, collinearN: pieces of connectPieceTypes (every
  -- type by default) in a row, a block or on one line, along the lines
  -- connectHorizontal/Vertical/Diagonal allow; connectValue is the result
  -- of the side that connects
  -- connectRegion1White/Black, connectRegion2White/Black: a chain of
  -- those pieces from the side's first region to its second (join)
  local line, square, collinear = tonumber(o.connectN) or 0, tonumber(o.connectNxN) or 0,
    tonumber(o.collinearN) or 0
  local join = {}
  for _, side in ipairs({ "White", "Black" }) do
    local a = region_squares(o["connectRegion1" .. side], c.files, c.ranks)
    local b = region_squares(o["connectRegion2" .. side], c.files, c.ranks)
    if a ~= "" and b ~= "" then join[side:lower()] = { a, b } end
  end
  if not next(join) then join = nil end
  if line > 0 or square > 0 or collinear > 0 or join then
    local conn = { line = line > 0 and line or nil, square = square > 0 and square or nil,
      collinear = collinear > 0 and collinear or nil, join = join, result = results[o.connectValue] or "win" }
    local types = o.connectPieceTypes or "*"
    if not types:find("*", 1, true) then
      local list = {}
      for l in types:lower():gmatch("%a") do if pieces[l] then list[#list + 1] = l end end
      conn.pieces = table.concat(list)
    end
    for _, dir in ipairs({ "Horizontal", "Vertical", "Diagonal" }) do
      if o["connect" .. dir] == "false" then conn[dir:lower()] = false end
    end
    if conn.pieces == "" then
      note(c.notes, "connectPieceTypes", "names no piece of the variant: no connection ends the game", true)
    else
      rules.connect = conn
    end
  end
  if bool(o.checkCounting) then
    local n = c.start:match("^%S+ %a %S+ %S+ (%d+)%+%d+")
    rules.check_limit = tonumber(n) or 3
    if not n then
      c.start = c.start:gsub("^(%S+ %a %S+ %S+)", "%1 3+3", 1)
      c.v.start = c.start
    end
  end
  -- blastOnCapture: every capture explodes the pieces around, but pawns
  -- (Fairy-Stockfish's pawn type) and blastImmuneTypes. Its pseudo-royal
  -- extinction piece, alone of its type, is varia's royal piece under
  -- the blast's royal rules (variants/atomic.lua).
  if bool(o.blastOnCapture) then
    local immune, survivors = by_type.pawn or "", ""
    for l in (o.blastImmuneTypes or ""):lower():gmatch("%a") do
      if pieces[l] and not immune:find(l, 1, true) then immune = immune .. l end
      -- an immune capturer stays where it took (Fairy-Stockfish's blast
      -- spares immune types on the capturing square too)
      if pieces[l] and not survivors:find(l, 1, true) then survivors = survivors .. l end
    end
    rules.blast = { radius = 1, immune = immune, survivors = survivors ~= "" and survivors or nil }
    local ext = rules.extinction
    if bool(o.extinctionPseudoRoyal) and ext and #ext.pieces == 1 and pieces[ext.pieces] and ext.count == 0 then
      pieces[ext.pieces].royal = true
      c.opts.extinctionPseudoRoyal = nil
    end
  end
  -- extinctionPseudoRoyal without a blast: a side's pieces of an
  -- extinction type are pseudo-royal (none may be left attacked) while it
  -- has at most extinctionPieceCount + 1 of them, and the extinction rule
  -- is off (Fairy-Stockfish's position.cpp). Where no side can ever hold
  -- more, that is varia's royal pieces (rules.royals "each"); otherwise,
  -- with extinctionPieceCount 0, royal = "counted" (protected while the
  -- side has one of the type, the promoted forms counted as it among
  -- them), the king type staying royal as it is. A side without moves
  -- whose pseudo-royal piece is attacked is mated: Fairy-Stockfish's
  -- stalemate value is its checkmate value then (position.h,
  -- stalemate_value), also where the section has no king type or its
  -- king is not on the board yet, as varia scores a checkmate.
  local ext = rules.extinction
  if bool(o.extinctionPseudoRoyal) and not bool(o.blastOnCapture) and ext then
    local why
    local board, hand = c.start:match("^([^%s%[]*)%[?([^%]%s]*)")
    if ext.pieces == "*" then why = "every piece type pseudo-royal"
    end
    for l in ext.pieces:gmatch("%a") do
      for _, letter in ipairs({ l:upper(), l }) do
        local n = select(2, board:gsub(letter, "")) + select(2, (hand or ""):gsub(letter, ""))
        if not why and n > ext.count + 1 then
          why = string.format("%d of %s at the start: pseudo-royal only from %d on", n, letter, ext.count + 1)
        end
      end
      if not why and not off[o.promotionPieceTypes or ""] and (o.promotionPieceTypes or ""):lower():find(l, 1, true) then
        why = string.format("promotion into %s adds pseudo-royal pieces", l)
      end
      for a, b in (o.promotedPieceType or ""):lower():gmatch("(%a):(%a)") do
        if not why and b == l and not ext.pieces:find(a, 1, true) then
          why = string.format("%s promotes into %s, which adds pseudo-royal pieces", a, l)
        end
      end
    end
    -- the king type, where it is not counted, may not be more than one
    local kings_alone = not c.king or not (
      (not off[o.promotionPieceTypes or ""] and (o.promotionPieceTypes or ""):lower():find(c.king, 1, true)) or
      (o.promotedPieceType or ""):lower():find(":" .. c.king, 1, true) or bool(o.capturesToHand))
    if not why then
      for l in ext.pieces:gmatch("%a") do if pieces[l] then pieces[l].royal = true end end
      for form, as in pairs(c.forms or {}) do if ext.pieces:find(as, 1, true) then pieces[form].royal = true end end
      rules.extinction = nil
      c.pseudo_royal = true
      c.opts.extinctionPseudoRoyal = nil
    elseif ext.count == 0 and ext.pieces ~= "*" and kings_alone and not bool(o.dupleCheck) then
      -- a type that is the king's too is royal whatever its number, as
      -- Fairy-Stockfish's king (its pseudo-royal rule adds nothing then)
      for l in ext.pieces:gmatch("%a") do
        if pieces[l] then pieces[l].royal = l == c.king or "counted" end
      end
      rules.extinction = nil
      c.pseudo_royal = true
      c.opts.extinctionPseudoRoyal = nil
    else
      c.pseudo_royal_why = "varia's counted royal pieces are protected while alone of their type (extinctionPieceCount 0, no king that may be more than one); here " .. why
      note(c.notes, "extinctionPseudoRoyal", c.pseudo_royal_why, true)
    end
  end
  -- mutuallyImmuneTypes: no capture of a piece by one of its own type
  local mutual = {}
  for l in (o.mutuallyImmuneTypes or ""):lower():gmatch("%a") do if pieces[l] then mutual[#mutual + 1] = l end end
  if #mutual > 0 then rules.mutually_immune = table.concat(mutual) end
  if bool(o.shatarMateRule) then
    local letters = {}
    for _, t in ipairs({ "rook", "bers", "knight" }) do if by_type[t] then letters[#letters + 1] = by_type[t] end end
    rules.checkmate_by = by_type.knight and { pieces = by_type.knight, result = "win" } or nil
    rules.checkmate_series = { pieces = table.concat(letters), result = "draw" }
  end
  -- dropChecks = false: Fairy-Stockfish refuses a drop that checks its
  -- king type (position.cpp, gives_check), and none without one (atomic's
  -- king is a commoner: atomiczh's drops may all check); varia's
  -- drops.no_check forbids checking any royal piece, and judges a check
  -- under a blast as its blast rules do (a king beside the enemy king is
  -- not in check), which Fairy-Stockfish's gives_check does not
  local d = c.v.drops
  if d and d.no_check then
    local others = false
    for l, pc in pairs(pieces) do
      if pc.royal and l ~= c.king and not (c.forms and c.forms[l] == c.king) then others = true end
    end
    if not c.king then
      d.no_check = nil
    elseif others then
      note(c.notes, "dropChecks", "varia forbids a drop that checks any royal piece; Fairy-Stockfish only one that checks the king", true)
    elseif rules.blast then
      note(c.notes, "dropChecks", "with blastOnCapture: varia does not count a check on a king beside the enemy king; Fairy-Stockfish does", true)
    end
  end
end

-- Where pieces may go: the soldier's sideways steps past its rank,
-- mobility regions (mobilityRegionWhiteKing = d1 e1 ...).
local function read_regions(c)
  local o, pieces, by_type, files, ranks = c.opts, c.pieces, c.by_type, c.files, c.ranks
  if tonumber(o.soldierPromotionRank) and tonumber(o.soldierPromotionRank) > 1 and by_type.soldier then
    local r = tonumber(o.soldierPromotionRank)
    local s = pieces[by_type.soldier]
    s.betza = "fW"
    s.extra = { betza = "sW", white = string.format("a%d-%s%d", r, string.char(96 + files), ranks),
      black = string.format("a1-%s%d", string.char(96 + files), ranks + 1 - r) }
  end
  for k, val in pairs(o) do
    local colour, t = k:match("^mobilityRegion(%u%l+)(%u%w*)$")
    if colour then
      local letter = by_type[t:sub(1, 1):lower() .. t:sub(2)]
      if not letter and val ~= "" then
        note(c.notes, k, "names no piece type of the variant: not translated", true)
      elseif letter then
        local p = pieces[letter]
        p.region = p.region or { white = "a1-" .. string.char(96 + files) .. ranks, black = "a1-" .. string.char(96 + files) .. ranks }
        p.region[colour:lower()] = squares(val, files)
      end
    end
  end
  -- a promoted form plays as its type in Fairy-Stockfish, within its regions
  for form, as in pairs(c.forms or {}) do
    if pieces[as] and pieces[as].region then pieces[form].region = pieces[as].region end
  end
end

-- diagonalLines (Fairy-Stockfish's Janggi palace lines; its position.h,
-- moves_from and attacks_from): on a square of the lines, a piece that
-- moves as a wazir (the wazir, and the king whose kingType is the wazir)
-- also steps as a fers, a soldier as a pawn captures (a forward diagonal
-- step, moving or capturing), a rook slides as a bishop, a Janggi cannon
-- jumps as one along the diagonals: each only onto another square of the
-- lines, within the piece's region. Other types (a custom piece moving as
-- a wazir) have no such moves; a promoted form has its type's. Each is
-- varia's extra move on the lines (variants/janggicasual.lua's along()).
-- Fairy-Stockfish masks the bishop's slide by the lines rather than
-- stopping it at the first square off them; so does varia's extra move,
-- whose slide is generated in full and kept where it lands on the lines.
local line_moves = { wazir = "F", soldier = "fF", rook = "B", janggiCannon = "pB" }
local function read_lines(c)
  local o, pieces = c.opts, c.pieces
  local value = o.diagonalLines
  if not value or off[value] then return end
  local lines = region_squares(value, c.files, c.ranks)
  if lines == "" then return end -- no square of the board
  local kt = o.kingType
  local wazir_king = kt == "wazir" or (kt and pieces[kt:sub(1, 1):lower()] and pieces[kt:sub(1, 1):lower()].name == "wazir")
  local letters = {}
  for letter in pairs(pieces) do letters[#letters + 1] = letter end
  table.sort(letters)
  local clash = {}
  for _, letter in ipairs(letters) do
    local p = pieces[letter]
    local as = (c.forms or {})[letter]
    local typ = as and pieces[as].name or p.name
    local betza = line_moves[typ] or (typ == "king" and wazir_king and "F") or nil
    if betza and p.extra then
      clash[#clash + 1] = letter
    elseif betza then
      p.extra = { betza = betza, white = lines, black = lines }
    end
  end
  if #clash > 0 then
    note(c.notes, "diagonalLines", string.format("a varia piece has one set of extra moves, which %s has already (soldierPromotionRank's sideways steps)",
      table.concat(clash, " ")), true)
  end
end

-- What was not translated, as notes (sorted by key, each with its value).
local function note_untranslated(c, parsed)
  local opts, name, notes = c.opts, c.name, c.notes
  local noted = {} -- what a step has said already, more precisely
  for _, n in ipairs(notes) do noted[n.key] = true end
  for k in pairs(opts) do
    local own = (parsed[name] and parsed[name].keys[k]) or true
    if noted[k] then
      -- said
    elseif k == "pawnTypes" and c.by_type.pawn and opts[k]:lower() == c.by_type.pawn then
      -- the pawn type alone: what varia's pawns are anyway
    elseif ignored[k] then
      if own ~= true or k == "chess960" or k:find("Gating") or k == "petrifyOnCapture" then note(notes, k, ignored[k], false) end
    elseif (untranslatable[k] or later[k]) and not off[opts[k]] then
      note(notes, k, untranslatable[k] or later[k], true)
    elseif untranslatable[k] or later[k] then
      -- switched off: nothing to translate
    elseif not known[k] and not M.pieces[k] and not k:find("^customPiece%d+$")
        and not k:find("^mobilityRegion") and not defaults[k] then
      -- an option the importer does not know may change the rules: said
      -- so, the script carries it as a difference (never a silent one)
      note(notes, k, "an option the importer does not translate (unknown to it, or a misspelling); the game may differ", true)
    end
  end
  for _, n in ipairs(notes) do n.value = opts[n.key] end
  table.sort(notes, function(a, b) return a.key < b.key end)
end

-- The options a section may set over a script parent: the board, the
-- start position, custom pieces (a letter the script has is that piece
-- moving anew; the script's other pieces stay, as pieces the start
-- position does not hold), and the settings that change no rule.
local function script_child(opts, name, chain)
  local base = opts["@script"]
  local c = { opts = opts, name = name, notes = {}, v = { name = name:sub(1, 47) }, pieces = {} }
  local keys = {}
  for k in pairs(opts) do if k ~= "@script" then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local val = opts[k]
    if ignored[k] then
      note(c.notes, k, ignored[k], false)
    elseif k:find("^customPiece%d+$") then
      local letter, b = val:match("^(%a):(.*)$")
      if not letter then return nil, string.format("[%s] %s = %s: expected a letter, ':' and a Betza string", name, k, val) end
      local betza, why = M.betza(b)
      if not betza then return nil, string.format("[%s] %s = %s: %s", name, k, val, why) end
      local own = script_parent(base).pieces
      c.pieces[letter:lower()] = type(own) == "table" and own[letter:lower()] and { betza = betza } or
        { name = k, betza = betza, value = 300 }
    elseif k ~= "maxFile" and k ~= "maxRank" and k ~= "startFen" then
      return nil, string.format("[%s] %s = %s: over '%s', a Fairy-Stockfish built-in that varia plays by its own script (variants/%s.lua), the importer translates only maxFile, maxRank, startFen and customPieceN",
        name, k, val, base, base)
    end
  end
  if opts.maxFile or opts.maxRank then
    opts.maxFile, opts.maxRank = opts.maxFile or "8", opts.maxRank or "8"
    local why = read_board(c)
    if why then return nil, why end
  end
  if opts.startFen then c.v.start = M.full_fen(opts.startFen) end
  if next(c.pieces) then c.v.pieces = c.pieces end
  for _, n in ipairs(c.notes) do n.value = opts[n.key] end
  c.v["@script"] = base
  return c.v, c.notes, chain
end

-- The variant table of the section, and the notes; or nil and a message.
function M.table(parsed, name, source)
  local opts, err, chain
  if parsed[name] then opts, err, chain = resolve(parsed, name) end
  if not opts then
    return nil, err or string.format("%s: no section [%s] (the file has: %s)", source or "ini", name,
      table.concat(parsed.order, " "))
  end
  if opts["@script"] then return script_child(opts, name, chain) end
  local c = { opts = opts, name = name, notes = {}, v = { name = name:sub(1, 47) }, pieces = {}, by_type = {},
              rules = {}, chain = chain, parsed = parsed }
  for _, step in ipairs({ read_board, read_pieces }) do
    local why = step(c)
    if why then return nil, why end
  end
  c.start = M.full_fen(opts.startFen)
  if (c.start:match("^%S+") or ""):find("%*") then
    -- '*' is a wall square in Fairy-Stockfish: a neutral piece that never
    -- moves and is never taken, as varia's walls (variants/isolation.lua)
    c.pieces["*"] = { name = "wall", neutral = true }
  end
  c.v.pieces, c.v.rules = c.pieces, c.rules
  for _, step in ipairs({ read_king, read_promotion, read_castling, read_drops, read_move_rules, read_ends,
                          read_regions, read_lines, read_walls }) do
    local why = step(c)
    if why then return nil, why end
  end
  -- a side without its king under the check rule is a position varia
  -- refuses; Fairy-Stockfish plays it (its royal rules may be elsewhere)
  -- (varia plays on without one where losing every piece, or the king
  -- among the pieces counted, ends the game: variant.c)
  local ext = c.rules.extinction
  local kingless = ext and (ext.pieces == "*" or ext.pieces:find(c.king or "", 1, true))
  if c.king and not c.rules.no_check and not kingless and not c.pseudo_royal then
    local board = c.start:match("^%S*") -- with the pockets: a king may be dropped
    for _, side in ipairs({ { "White", c.king:upper() }, { "Black", c.king } }) do
      if not board:find(side[2], 1, true) then
        local why = opts.extinctionPseudoRoyal and not off[opts.extinctionPseudoRoyal]
          and string.format("extinctionPseudoRoyal = %s: %s", opts.extinctionPseudoRoyal,
            c.pseudo_royal_why or "varia's royal pieces are royal whatever their number")
          or "varia's check rule needs each side's king on the board"
        return nil, string.format("[%s] startFen: %s has no king (%s), which Fairy-Stockfish plays; %s", name, side[1], side[2], why)
      end
    end
  end
  note_untranslated(c, parsed)
  -- what changes the rules and was not translated, as data the script
  -- carries: varia check reports it, so the game is never taken for
  -- Fairy-Stockfish's in silence
  for _, n in ipairs(c.notes) do
    if n.rules then
      c.v.differs = c.v.differs or {}
      c.v.differs[#c.v.differs + 1] = string.format("%s = %s: %s", n.key, n.value, n.why)
    end
  end
  return c.v, c.notes, chain
end

-- ---- writing the script -------------------------------------------------

local order = { "name", "files", "ranks", "pieces", "start", "promotion", "castling", "drops", "turn", "rules", "differs" }
local piece_order = { "name", "betza", "value", "material", "neutral", "royal", "pawn", "promotes", "promotes_to", "counts_as", "petrify", "initial",
  "region", "extra", "drop_region", "no_screen", "no_capture", "rotated" }

-- Every value the script carries comes from the .ini file, so none is
-- written raw: in code each is a string literal on one line (quote), a
-- number that reads back as itself (number), and every comment line
-- passes through comment(), whose text can hold no line break. Lua ends a
-- short comment at a CR as at an LF, so a value with either in it would
-- otherwise end the comment and put what follows into the script as code.

-- The C1 control characters (U+0080 to U+009F) as UTF-8: some terminals
-- obey them, so a script shown with cat must not hold them either.
local function escape_c1(s)
  return (s:gsub("\194([\128-\159])", function(c) return "\\194\\" .. c:byte() end))
end

-- A string as a Lua literal on one line: %q escapes quotes, backslashes
-- and control bytes but writes LF as a backslash and a raw LF.
local function quote(s)
  return escape_c1((string.format("%q", s):gsub("\\\n", "\\n")))
end
M.quote = quote

-- The text of a comment line ("-- " and text) with its control bytes
-- written as Lua escapes and its backslashes doubled, so that the line is
-- one line and reads back unambiguously.
local named_escapes = { ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t", ["\\"] = "\\\\" }
local function comment(text)
  return "-- " .. escape_c1((text:gsub("[%c\\]", function(c)
    return named_escapes[c] or string.format("\\%03d", c:byte())
  end)))
end
M.comment = comment

-- A number as a literal that reads back as the same value: tostring
-- writes an infinity as "inf" and NaN as "nan" or "-nan", which Lua reads
-- as names, and a float with 14 digits only.
local function number(x)
  if math.type(x) == "integer" then return string.format("%d", x) end
  if x ~= x then return "(0/0)" end
  if x == math.huge then return "(1/0)" end
  if x == -math.huge then return "(-1/0)" end
  local s = string.format("%.17g", x)
  if not s:find("[%.eEn]") then s = s .. ".0" end
  return s
end

local function lua_key(k)
  if type(k) == "string" and k:find("^[%a_][%w_]*$") then return k end
  if type(k) == "number" then return "[" .. number(k) .. "]" end
  return "[" .. quote(k) .. "]"
end

local function value(x, keys)
  if type(x) == "string" then return quote(x) end
  if type(x) == "number" then return number(x) end
  if type(x) == "boolean" then return tostring(x) end
  if type(x) ~= "table" then error("the translation holds a " .. type(x)) end
  if #x > 0 then
    local items = {}
    for _, e in ipairs(x) do items[#items + 1] = value(e) end
    return "{ " .. table.concat(items, ", ") .. " }"
  end
  local ks, seen = {}, {}
  for _, k in ipairs(keys or {}) do if x[k] ~= nil then ks[#ks + 1], seen[k] = k, true end end
  local rest = {}
  for k in pairs(x) do if not seen[k] then rest[#rest + 1] = k end end
  table.sort(rest)
  for _, k in ipairs(rest) do ks[#ks + 1] = k end
  local items = {}
  for _, k in ipairs(ks) do items[#items + 1] = lua_key(k) .. " = " .. value(x[k]) end
  return "{ " .. table.concat(items, ", ") .. " }"
end

-- The text of a Lua script for section name of the ini text; and the
-- notes. Or nil and a message.
function M.translate(text, name, source)
  source = source or "ini"
  local parsed, err = M.parse(text, source)
  if not parsed then return nil, err end
  local v, notes, chain = M.table(parsed, name, source)
  if not v then return nil, notes end
  local out = {}
  local function w(s) out[#out + 1] = s end
  w(comment(string.format("%s: imported by varia from the Fairy-Stockfish section [%s] of %s", name, name, source)))
  if #chain > 1 then
    w(comment("(inheriting, in order: " .. table.concat(chain, " -> ") .. ")."))
  end
  if #notes == 0 then
    w(comment("Every option was translated."))
  else
    w(comment("Not translated:"))
    for _, n in ipairs(notes) do
      w(comment(string.format("  %s = %s: %s%s", n.key, n.value, n.why,
        n.rules and "" or " (no effect on the rules)")))
    end
  end
  local base = v["@script"]
  if v.departures or base then w("local std = require \"std\"") end
  if base then
    -- the script's own names and description are not the section's
    w("return std.extend(require " .. quote(base) .. ", {")
    w("  fairy_stockfish = std.NONE, description = std.NONE,")
  else
    w("return {")
  end
  for _, k in ipairs(order) do
    if v[k] ~= nil then
      if k == "pieces" then
        w("  pieces = {")
        local letters = {}
        for l in pairs(v.pieces) do letters[#letters + 1] = l end
        table.sort(letters)
        for _, l in ipairs(letters) do w("    " .. lua_key(l) .. " = " .. value(v.pieces[l], piece_order) .. ",") end
        w("  },")
      elseif k == "rules" or k == "drops" or k == "promotion" or k == "castling" then
        w("  " .. k .. " = " .. value(v[k]) .. ",")
      else
        w("  " .. k .. " = " .. value(v[k]) .. ",")
      end
    end
  end
  if v.departures then
    -- where Fairy-Stockfish 11.1 departs from the rule the option states,
    -- an option plays as it does (the differential test uses it)
    w("  options = {")
    if v.departures.pawn_drop_mate then
      w("    pawn_drop_mate = { default = \"illegal\", values = { \"illegal\", \"loses\" },")
      w("      doc = \"loses: a pawn drop may give mate and loses for the dropper (Fairy-Stockfish 11.1)\" },")
    end
    if v.departures.gate_shields then
      w("    gate_shields = { default = \"yes\", values = { \"yes\", \"no\" },")
      w("      doc = \"no: a gating move is judged without the gated piece (Fairy-Stockfish 11.1)\" },")
    end
    if v.departures.reply then
      w("    reply = { default = \"early\", values = { \"early\", \"always\" },")
      w("      doc = \"always: the reply to a goal comes even where royal goal pieces end the game early (Fairy-Stockfish 11.1)\" },")
    end
    w("  },")
    w("  with_options = function(v, o)")
    if v.departures.pawn_drop_mate then
      w(string.format("    if o.pawn_drop_mate == \"loses\" then v = std.extend(v, { drops = { no_mate = std.NONE, mate_loses = %s } }) end", quote(v.departures.pawn_drop_mate)))
    end
    if v.departures.gate_shields then
      w("    if o.gate_shields == \"no\" then v = std.extend(v, { drops = { gate_shields = false } }) end")
    end
    if v.departures.reply then
      w("    if o.reply == \"always\" then v = std.extend(v, { rules = { goal = { reply = \"always\" } } }) end")
    end
    w("    return v")
    w("  end,")
  end
  w(base and "})" or "}")
  return table.concat(out, "\n") .. "\n", notes
end

-- What varia.new("FILE.ini:SECTION") loads: the script for section, or
-- for the file's only section when section is nil; and the notes.
function M.script(text, section, source)
  if not section then
    local list, err = M.sections(text, source)
    if not list then return nil, err end
    if #list ~= 1 then
      return nil, string.format("%s has %d sections (%s): name one, as %s:SECTION", source, #list,
        table.concat(list, " "), source)
    end
    section = list[1]
  end
  return M.translate(text, section, source)
end

return M
