// varia serve: the page. Plain JavaScript, nothing from elsewhere. It asks
// the server for this viewer's state (GET /api/state), draws the board from
// it, and sends what is clicked (POST /api/play); a stream of server-sent
// events says when to ask again. Every request carries the link's token.
"use strict";

const params = new URLSearchParams(location.search);
const token = params.get("t") || "";
const SVGNS = "http://www.w3.org/2000/svg";

let state = null;      // the last state from the server
let selected = null;   // {sq} or {drop: letter}
let flipped = null;    // null: as the viewer's side
let view = "all";      // the starter's choice of view
let busy = false;      // a computer move is on its way
let lastNote = "";     // the last reload's note, shown once
let drag = null;       // a piece being dragged: {sq, x, y, piece, moved}
let diagram = null;    // a piece's moves shown instead of the game: {piece, sq, board, to}
const $ = (id) => document.getElementById(id);

function api(method, path, body, tries = 0) {
  const sep = path.includes("?") ? "&" : "?";
  // the starter may look through a player's eyes: every answer in that view
  const url = path + (state && state.role === "starter" ? sep + "as=" + view : "");
  const opts = { method, headers: { "X-Varia-Token": token } };
  if (body !== undefined) {
    opts.body = JSON.stringify(body);
    opts.headers["Content-Type"] = "application/json";
  }
  return fetch(url, opts).then((r) =>
    r.json().then((j) => {
      // the game was busy and nothing of the request was done: asked again a few times
      if (r.status === 503 && j.busy && tries < 5) {
        const wait = 1000 * (parseInt(r.headers.get("Retry-After"), 10) || 1);
        return new Promise((done) => setTimeout(done, wait)).then(() => api(method, path, body, tries + 1));
      }
      return { status: r.status, body: j };
    })
  );
}

function notice(text, info) {
  const n = $("notice");
  n.textContent = text || "";
  n.className = info ? "info" : "";
}

function typeByLetter(letter) {
  return state.types.find((t) => t.letter === letter);
}

// A cell's name: letter and row, or on a hexagonal board the server's
// names (files without j, ranks that bend at the middle file).
function squareName(f, r) {
  if (state && state.names) return state.names[r * state.files + f];
  return String.fromCharCode(97 + f) + (r + 1);
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

// How a piece looks, from the script (its `image`, or its `glyph`: a
// standard shape's name or one or two characters), else the standard shape
// of its name (king, queen, ...), else its letter on a disc. What a script
// gives is only ever set as an attribute or as text, never as markup.
function lookOf(type, letter) {
  if (type && type.image) return { kind: "image", body: type.image.body, lines: type.image.lines || "" };
  if (type && type.glyph && STANDARD_PIECES[type.glyph]) return { kind: "standard", name: type.glyph, ...STANDARD_PIECES[type.glyph] };
  if (type && type.glyph) return { kind: "glyph", text: type.glyph };
  if (type && !type.neutral && STANDARD_PIECES[type.name]) return { kind: "standard", name: type.name, ...STANDARD_PIECES[type.name] };
  return { kind: "letter", text: type && type.neutral ? (type.name[0] || letter).toUpperCase() : letter };
}

const COLOURS = {
  w: { fill: "#fff", edge: "#111", lines: "#111", text: "#111" },
  b: { fill: "#262626", edge: "#000", lines: "#eee", text: "#fff" },
  n: { fill: "#f4c430", edge: "#333", lines: "#333", text: "#333" },
};

// The piece "wn" (colour and letter) drawn in a box of size s at the origin.
function pieceShape(cell, s) {
  const colour = cell[0], letter = cell.slice(1);
  const type = typeByLetter(letter);
  const look = lookOf(type, letter), c = COLOURS[colour] || COLOURS.n;
  const g = el("g", { "data-look": look.kind + (look.name ? ":" + look.name : "") });
  if (look.kind === "standard" || look.kind === "image") {
    const inner = el("g", { transform: `scale(${s / 100})` });
    inner.appendChild(el("path", { d: look.body, fill: c.fill, stroke: c.edge, "stroke-width": 3, "stroke-linejoin": "round", class: "body" }));
    if (look.lines) inner.appendChild(el("path", { d: look.lines, fill: "none", stroke: c.lines, "stroke-width": 3, "stroke-linecap": "round", class: "lines" }));
    g.appendChild(inner);
  } else {
    g.appendChild(el("circle", { cx: s / 2, cy: s / 2, r: s * 0.38, fill: c.fill, stroke: colour === "n" ? "#333" : "#555", "stroke-width": 1.5 }));
    const text = look.kind === "letter" && colour === "w" ? look.text.toUpperCase() : look.text;
    const size = [...text].length > 1 ? 0.32 : 0.42;
    g.appendChild(el("text", { x: s / 2, y: s / 2 + s * size * 0.36, "text-anchor": "middle", "font-size": s * size, "font-weight": "bold",
      fill: c.text }, text));
  }
  const name = type ? type.name : "";
  if (name) g.appendChild(el("title", {}, (colour === "w" ? "White's " : colour === "b" ? "Black's " : "the ") + name));
  return g;
}

// One piece on the board at (x, y), size s.
function drawPiece(svg, cell, x, y, s, at) {
  const g = el("g", { class: "piece", "data-piece": cell, "data-at": at });
  const shape = pieceShape(cell, s);
  shape.setAttribute("transform", `translate(${x},${y})`);
  g.appendChild(shape);
  svg.appendChild(g);
}

// A mark on a piece: promoted (a "+" badge: captured, it goes to the
// pocket as what it came from) or unmoved (a small dot: its first-move
// steps still wait).
function drawMark(svg, mark, x, y, s, at) {
  const g = el("g", { class: "pmark", "data-mark": mark, "data-at": at });
  if (mark === "promoted") {
    g.appendChild(el("circle", { cx: x + s * 0.82, cy: y + s * 0.18, r: s * 0.13, fill: "#b22", stroke: "#fff", "stroke-width": 1 }));
    g.appendChild(el("text", { x: x + s * 0.82, y: y + s * 0.18 + s * 0.07, "text-anchor": "middle", "font-size": s * 0.2, "font-weight": "bold", fill: "#fff" }, "+"));
  } else {
    g.appendChild(el("circle", { cx: x + s * 0.14, cy: y + s * 0.86, r: s * 0.06, fill: "#1a5fb4", stroke: "#fff", "stroke-width": 1 }));
  }
  g.appendChild(el("title", {}, mark));
  svg.appendChild(g);
}

// A piece as a small picture of its own (pockets).
function pieceIcon(cell, size) {
  const svg = el("svg", { width: size, height: size, viewBox: `0 0 ${size} ${size}`, class: "icon" });
  svg.appendChild(pieceShape(cell, size));
  return svg;
}

// The moves that start where the player has selected.
function movesFromSelection() {
  if (!state || !selected) return [];
  if (selected.drop) return state.moves.filter((m) => m.drop === selected.drop);
  return state.moves.filter((m) => m.from === selected.sq && !m.drop);
}

// The steps where a square is all there is to click (a neutral piece's
// relocation, a named square): no piece is selected first.
function squareOnly() {
  return state && (state.decision === "relocate" || state.decision === "target");
}

// A hexagonal board: flat-topped hexagons in vertical files, each file
// half a cell above or below the next, in three colours; every file's
// letter under it and every rank's number at its left end.
function drawHexBoard(svg) {
  const F = state.files, mid = Math.floor(F / 2), top = 2 * (F - 1);
  const rho = Math.max(16, Math.floor(520 / (1.5 * F + 0.5))) / 1, half = rho * Math.sqrt(3) / 2;
  const pad = 18, width = pad + rho * (1.5 * F + 0.5) + 4, height = half * (top + 2) + pad;
  svg.setAttribute("width", Math.ceil(width));
  svg.setAttribute("height", Math.ceil(height));
  svg.setAttribute("viewBox", `0 0 ${Math.ceil(width)} ${Math.ceil(height)}`);
  const flip = flipped !== null ? flipped : state.view === "black";
  const targets = new Set(diagram ? diagram.to : (squareOnly() ? state.moves : movesFromSelection()).map((m) => m.to));
  const last = diagram ? [] : state.last || [];
  const board = diagram ? diagram.board : state.board;
  const s = rho * 1.5;
  const labelled = new Set();
  for (let f = 0; f < F; f++) {
    const col = flip ? F - 1 - f : f, cx = pad + rho + col * 1.5 * rho;
    let lowest = -1;
    for (let r = 0; r < state.ranks; r++) {
      const sq = squareName(f, r), cell = board[r * F + f];
      if (!sq || cell === "#") continue;
      const rank = parseInt(sq.slice(1), 10) - 1, h0 = Math.abs(f - mid) + 2 * rank;
      const h = flip ? top - h0 : h0, cy = half * (top - h + 1);
      lowest = Math.max(lowest, cy);
      const pts = [0, 1, 2, 3, 4, 5].map((k) => `${(cx + rho * Math.cos(k * Math.PI / 3)).toFixed(1)},${(cy + rho * Math.sin(k * Math.PI / 3)).toFixed(1)}`).join(" ");
      let cls = "sq " + ["light", "mid", "dark"][(f + r) % 3];
      if (cell === "?") cls = "sq unknown";
      if (last.includes(sq)) cls += " last";
      if (selected && selected.sq === sq) cls += " sel";
      const hex = el("polygon", { points: pts, class: cls, "data-sq": sq });
      hex.addEventListener("click", () => onSquare(sq));
      hex.addEventListener("pointerdown", (e) => startDrag(e, sq));
      svg.appendChild(hex);
      const x = cx - s / 2, y = cy - s / 2;
      if (cell === "?") svg.appendChild(el("text", { x: cx, y: cy + s * 0.12, "text-anchor": "middle", "font-size": s * 0.4, class: "qm" }, "?"));
      else if (cell) drawPiece(svg, cell, x, y, s, sq);
      const mark = !diagram && state.marks && state.marks[sq];
      if (mark) drawMark(svg, mark, x, y, s, sq);
      if (targets.has(sq)) {
        svg.appendChild(cell && cell !== "?" ?
          el("circle", { cx, cy, r: half * 0.92, class: "mark ring" }) :
          el("circle", { cx, cy, r: s * 0.14, class: "mark dot", "data-target": sq }));
      }
      // a rank's number beside the first cell of it seen from the left
      if (!labelled.has(rank) && col === Math.min(...Array.from({ length: F }, (_, g) => g).filter((g) => {
        const n = squareName(g, rank + Math.max(0, g - mid));
        return n && parseInt(n.slice(1), 10) === rank + 1;
      }).map((g) => (flip ? F - 1 - g : g)))) {
        labelled.add(rank);
        svg.appendChild(el("text", { x: cx - rho - 6, y: cy + 4, "text-anchor": "middle", class: "coord" }, String(rank + 1)));
      }
    }
    if (lowest >= 0)
      svg.appendChild(el("text", { x: cx, y: lowest + half + 13, "text-anchor": "middle", class: "coord" }, squareName(f, Math.max(0, f - mid)).slice(0, 1)));
  }
}

function drawBoard() {
  const svg = $("board");
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (state.hex && !(diagram && diagram.board.length !== state.files * state.ranks)) return drawHexBoard(svg);
  const F = state.files, R = state.ranks;
  const s = Math.max(28, Math.floor(512 / Math.max(F, R)));
  const pad = 18;
  svg.setAttribute("width", F * s + pad);
  svg.setAttribute("height", R * s + pad);
  svg.setAttribute("viewBox", `0 0 ${F * s + pad} ${R * s + pad}`);
  const flip = flipped !== null ? flipped : state.view === "black";
  const targets = new Set(diagram ? diagram.to : (squareOnly() ? state.moves : movesFromSelection()).map((m) => m.to));
  const last = diagram ? [] : state.last || [];
  const board = diagram ? diagram.board : state.board;
  for (let r = 0; r < R; r++) {
    for (let f = 0; f < F; f++) {
      const col = flip ? F - 1 - f : f, row = flip ? r : R - 1 - r;
      const x = pad + col * s, y = row * s;
      const sq = squareName(f, r), cell = board[r * F + f];
      if (cell === "#") continue; // a hole: no cell there, nothing drawn (as g:svg())
      let cls = "sq " + ((f + r) % 2 ? "light" : "dark");
      if (cell === "?") cls = "sq unknown";
      if (last.includes(sq)) cls += " last";
      if (selected && selected.sq === sq) cls += " sel";
      const rect = el("rect", { x, y, width: s, height: s, class: cls, "data-sq": sq });
      rect.addEventListener("click", () => onSquare(sq));
      rect.addEventListener("pointerdown", (e) => startDrag(e, sq));
      svg.appendChild(rect);
      if (cell === "?") svg.appendChild(el("text", { x: x + s / 2, y: y + s * 0.62, "text-anchor": "middle", "font-size": s * 0.4, class: "qm" }, "?"));
      else if (cell && cell !== "#") drawPiece(svg, cell, x, y, s, sq);
      const mark = !diagram && state.marks && state.marks[sq];
      if (mark) drawMark(svg, mark, x, y, s, sq);
      if (targets.has(sq)) {
        svg.appendChild(cell && cell !== "?" ?
          el("circle", { cx: x + s / 2, cy: y + s / 2, r: s * 0.46, class: "mark ring" }) :
          el("circle", { cx: x + s / 2, cy: y + s / 2, r: s * 0.14, class: "mark dot", "data-target": sq }));
      }
    }
  }
  for (let f = 0; f < F; f++) {
    const col = flip ? F - 1 - f : f;
    svg.appendChild(el("text", { x: pad + col * s + s / 2, y: R * s + 13, "text-anchor": "middle", class: "coord" }, String.fromCharCode(97 + f)));
  }
  for (let r = 0; r < R; r++) {
    const row = flip ? r : R - 1 - r;
    svg.appendChild(el("text", { x: 9, y: row * s + s / 2 + 4, "text-anchor": "middle", class: "coord" }, String(r + 1)));
  }
}

function drawPockets() {
  const flip = flipped !== null ? flipped : state.view === "black";
  const top = $("pocket-top"), bottom = $("pocket-bottom");
  top.textContent = bottom.textContent = "";
  if (!state.pockets) return;
  for (const side of ["white", "black"]) {
    const box = (side === "white") !== flip ? bottom : top;
    box.appendChild(document.createTextNode(side === "white" ? "White's pocket: " : "Black's pocket: "));
    for (const letter of state.pockets[side]) {
      const b = document.createElement("button");
      b.type = "button";
      b.appendChild(pieceIcon((side === "white" ? "w" : "b") + letter.toLowerCase(), 30));
      b.setAttribute("aria-label", side === "white" ? letter.toUpperCase() : letter);
      b.dataset.drop = letter.toUpperCase();
      const type = typeByLetter(letter);
      if (type) b.title = type.name;
      if (selected && selected.drop === letter.toUpperCase() && side === state.turn) b.className = "sel";
      b.disabled = side !== state.turn || !state.moves.some((m) => m.drop.toUpperCase() === letter.toUpperCase());
      b.addEventListener("click", () => { selected = { drop: state.moves.find((m) => m.drop.toUpperCase() === letter.toUpperCase()).drop }; draw(); });
      box.appendChild(b);
    }
    if (!state.pockets[side]) box.appendChild(document.createTextNode("empty"));
  }
}

function drawSide() {
  $("variant").textContent = state.variant;
  document.title = state.variant + " - varia";
  $("role").textContent = state.role === "starter" ? (state.players ? "(the starter's page)" : "") :
    "(you play " + state.role + ")";
  document.body.className = state.role === "starter" ? "starter" : "player";
  $("status").textContent = state.status + (state.yours && state.role !== "starter" ? ": your turn" : "") +
    (state.points ? `   points: White ${state.points[0]}, Black ${state.points[1]}` : "");
  $("belief").textContent = state.belief || "";
  $("view-row").hidden = !state.hides;
  $("perft-row").hidden = state.hidden;
  // what a player may not know: the move list, why a move is refused
  $("history-box").hidden = $("why").hidden = state.hidden;
  const fen = $("fen");
  if (document.activeElement !== fen) fen.value = state.fen;
  const h = $("history");
  h.textContent = "";
  for (const t of state.history || []) {
    const li = document.createElement("li");
    li.textContent = t;
    h.appendChild(li);
  }
  const ms = $("messages");
  ms.textContent = "";
  for (const m of state.messages) {
    const li = document.createElement("li");
    li.textContent = (state.role === "starter" && m.to !== "all" ? "(to " + m.to + ") " : "") + m.text;
    ms.appendChild(li);
  }
  ms.scrollTop = ms.scrollHeight;
  const hands = $("hands");
  hands.textContent = "";
  if (state.hands) {
    for (const side of ["white", "black"]) {
      const v = state.hands[side];
      const p = document.createElement("p");
      p.appendChild(document.createTextNode((side === "white" ? "White" : "Black") + "'s hand: "));
      if (Array.isArray(v)) for (const c of v) {
        const span = document.createElement("span");
        span.className = "card";
        span.textContent = c;
        p.appendChild(span);
      } else p.appendChild(document.createTextNode(v + " cards"));
      hands.appendChild(p);
    }
    const d = document.createElement("p");
    d.textContent = state.deck + " cards in the draw pile";
    hands.appendChild(d);
  }
  const acts = $("actions");
  acts.textContent = "";
  // what is not a click on the board: actions (offer, accept, decline)
  // and steps that are neither a piece's move nor a drop (cards:e3)
  const words = state.actions.map((a) => ({ label: a, text: a }));
  if (!squareOnly())
    for (const m of state.moves) if (!m.from && !m.drop) words.push({ label: m.san || m.uci, text: m.uci });
  for (const w of words) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = w.label;
    b.dataset.step = w.text;
    b.addEventListener("click", () => play(w.text));
    acts.appendChild(b);
  }
  $("pgn").href = "/api/pgn?t=" + encodeURIComponent(token);
  const sel = $("diagram-piece"), names = state.types.filter((t) => !t.neutral).map((t) => t.letter + t.name).join();
  if (sel.dataset.names !== names) { /* the variant's pieces, once per variant */
    sel.textContent = "";
    sel.dataset.names = names;
    for (const side of ["White", "Black"])
      for (const t of state.types.filter((t) => !t.neutral)) {
        const o = document.createElement("option");
        o.value = side === "White" ? t.letter.toUpperCase() : t.letter;
        o.textContent = `${side}'s ${t.name} (${o.value})`;
        sel.appendChild(o);
      }
  }
  $("diagram-row").hidden = state.hidden;
}

function draw() {
  if (!state) return;
  if (diagram && diagram.board.length !== state.files * state.ranks) { /* another variant now */
    diagram = null;
    $("diagram-off").hidden = true;
  }
  if (state.note && state.note !== lastNote) notice(state.note, true);
  lastNote = state.note || "";
  drawSide();
  drawBoard();
  drawPockets();
}

function refresh() {
  return api("GET", "/api/state").then((r) => {
    if (r.status !== 200) return notice(r.body.error);
    state = r.body;
    if (selected && !movesFromSelection().length) selected = null;
    draw();
    computerTurn();
  }).catch(() => notice("the server does not answer"));
}

function accept(r) {
  if (r.status !== 200) {
    notice(r.body.error + (r.body.why && r.body.why !== r.body.error ? " (" + r.body.why + ")" : ""));
    return false;
  }
  if (r.body.answer) notice("referee: " + r.body.answer, true);
  else notice("");
  if (r.body.state) {
    state = r.body.state;
    draw();
  }
  return true;
}

function play(text) {
  selected = null;
  $("choice").hidden = true;
  return api("POST", "/api/play", { move: text }).then((r) => {
    if (!accept(r)) draw();
    computerTurn();
  });
}

// More than one step fits the click (promotions, gating): the player picks.
function choose(cands) {
  const box = $("choice-buttons");
  box.textContent = "";
  for (const m of cands) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m.san || m.uci;
    b.dataset.uci = m.uci;
    b.addEventListener("click", () => play(m.uci));
    box.appendChild(b);
  }
  $("choice").hidden = false;
}

function playOne(cands) {
  if (cands.length === 1) play(cands[0].uci);
  else choose(cands);
}

// A diagram: the piece alone (with the royal pieces where the variant
// needs them) and every square the generator lets it reach; a click on
// another square puts it there.
function showDiagram(piece, sq) {
  api("GET", "/api/diagram?piece=" + encodeURIComponent(piece) + "&square=" + sq).then((r) => {
    if (r.status !== 200) return notice(r.body.error);
    diagram = { piece, sq, board: r.body.board, to: r.body.to };
    $("diagram-off").hidden = false;
    notice(`${piece} on ${sq}: ${r.body.to.length} squares (click another square to move it)`, true);
    draw();
  });
}

function onSquare(sq) {
  if (diagram) return showDiagram(diagram.piece, sq);
  if (!state || !state.yours) return;
  $("choice").hidden = true;
  if (squareOnly()) {
    const c = state.moves.filter((m) => m.to === sq);
    if (c.length) playOne(c);
    return;
  }
  const here = state.moves.filter((m) => m.from === sq && !m.drop);
  if (selected) {
    const c = movesFromSelection().filter((m) => m.to === sq);
    if (c.length) return playOne(c);
  }
  if (here.length && state.decision === "choose" && new Set(here.map((m) => m.to)).size === 1) return playOne(here);
  selected = here.length ? { sq } : null;
  draw();
}

// Moves by dragging: a piece that may move follows the pointer and is
// played where it is let go (a click without moving is a click).
function startDrag(e, sq) {
  if (diagram || !state || !state.yours || squareOnly() || !state.moves.some((m) => m.from === sq && !m.drop)) return;
  drag = { sq, x: e.clientX, y: e.clientY, piece: $("board").querySelector(`g.piece[data-at="${sq}"]`), moved: false };
}

function moveDrag(e) {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 6) return;
  if (!drag.moved) {
    drag.moved = true;
    selected = { sq: drag.sq };
    draw();
    drag.piece = $("board").querySelector(`g.piece[data-at="${drag.sq}"]`);
  }
  if (drag.piece) drag.piece.setAttribute("transform", `translate(${dx},${dy})`);
}

function endDrag(e) {
  const d = drag;
  drag = null;
  if (!d || !d.moved) return;
  const under = document.elementFromPoint(e.clientX, e.clientY);
  const to = under && under.getAttribute ? under.getAttribute("data-sq") : null;
  const c = to ? movesFromSelection().filter((m) => m.to === to) : [];
  if (c.length) playOne(c);
  else draw();
}

// The computer answers when it is its side's turn (the starter's page only).
function computerTurn() {
  const side = $("computer").value;
  if (!state || busy || !side || state.role !== "starter" || state.over || state.turn !== side) return;
  busy = true;
  notice("the computer is thinking", true);
  api("POST", "/api/computer", { level: Number($("level").value), side }).then((r) => {
    busy = false;
    if (r.status === 409 && state) return refresh(); /* another page asked first */
    if (accept(r)) notice(state.hidden ? "the computer has played" : "computer: " + r.body.played, true);
    computerTurn();
  }).catch(() => { busy = false; });
}

function listen() {
  const es = new EventSource("/api/events?t=" + encodeURIComponent(token));
  es.addEventListener("change", (e) => {
    const v = JSON.parse(e.data).version;
    if (!state || v !== state.version) refresh();
  });
}

function wire() {
  document.addEventListener("pointermove", moveDrag);
  document.addEventListener("pointerup", endDrag);
  $("undo").addEventListener("click", () => api("POST", "/api/undo", {}).then(accept));
  const flip = () => { flipped = !(flipped !== null ? flipped : state.view === "black"); draw(); };
  $("flip").addEventListener("click", flip);
  $("flip2").addEventListener("click", flip);
  $("new").addEventListener("click", () => {
    const v = $("new-variant").value.trim();
    selected = null;
    api("POST", "/api/new", v ? { variant: v } : {}).then(accept);
  });
  $("load-fen").addEventListener("click", () => api("POST", "/api/new", { fen: $("fen").value.trim() }).then(accept));
  $("play-text").addEventListener("click", () => { const t = $("move-text").value.trim(); if (t) play(t); });
  $("move-text").addEventListener("keydown", (e) => { if (e.key === "Enter") $("play-text").click(); });
  $("why").addEventListener("click", () => {
    const t = $("move-text").value.trim();
    if (t) api("POST", "/api/why", { move: t }).then((r) => notice(r.body.why || r.body.error, r.status === 200));
  });
  const perft = (divide) => {
    $("perft-out").textContent = "counting...";
    api("GET", "/api/perft?depth=" + $("perft-depth").value + (divide ? "&divide=1" : "")).then((r) => {
      if (r.status !== 200) return ($("perft-out").textContent = r.body.error);
      const lines = (r.body.divide || []).map((m) => `${m.san || m.uci}: ${m.nodes}`);
      lines.push(`perft ${r.body.depth}: ${r.body.nodes}`);
      $("perft-out").textContent = lines.join("\n");
    });
  };
  $("diagram").addEventListener("click", () => {
    const mid = squareName(Math.floor((state.files - 1) / 2), Math.floor((state.ranks - 1) / 2));
    showDiagram($("diagram-piece").value, diagram ? diagram.sq : mid);
  });
  $("diagram-off").addEventListener("click", () => { diagram = null; $("diagram-off").hidden = true; notice(""); draw(); });
  $("perft").addEventListener("click", () => perft(false));
  $("divide").addEventListener("click", () => perft(true));
  $("choice-cancel").addEventListener("click", () => { $("choice").hidden = true; });
  $("computer").addEventListener("change", computerTurn);
  $("view").addEventListener("change", () => { view = $("view").value; selected = null; refresh(); });
}

// The designer's lab (the starter's page): a `varia analyze` of the
// variant run by the server in the background; its report and SVG charts
// shown below the board when it ends. Charts are pictures (<img>): what is
// in them never runs.
let labTimer = null;
let labShown = null;   // the run whose report is on the page

function showLab(lab) {
  $("lab-run").hidden = lab.state === "running";
  $("lab-stop").hidden = lab.state !== "running";
  const said = { none: "", running: `running ${lab.what} (${lab.seconds} s)`, done: `done: ${lab.what} (${lab.seconds} s)`,
    failed: "the lab failed: " + (lab.error || "").trim(), stopped: "stopped: " + lab.what };
  $("lab-status").textContent = lab.state in said ? said[lab.state] : lab.state;
  $("lab-status").dataset.state = lab.state;
  clearTimeout(labTimer);
  if (lab.state === "running") labTimer = setTimeout(pollLab, 1000);
  if (lab.state !== "done" || labShown === lab.run + lab.what) return;
  labShown = lab.run + lab.what;
  $("lab").hidden = false;
  $("lab-what").textContent = lab.what;
  $("lab-report").textContent = lab.report || "";
  const box = $("lab-charts");
  box.textContent = "";
  for (const name of lab.charts) {
    const img = document.createElement("img");
    img.alt = name + " chart";
    img.dataset.chart = name;
    img.src = "/api/lab/chart?name=" + name + "&run=" + lab.run + "&t=" + encodeURIComponent(token);
    box.appendChild(img);
  }
}

function pollLab() {
  if (!state || state.role !== "starter") return;
  api("GET", "/api/lab").then((r) => { if (r.status === 200) showLab(r.body); });
}

function wireLab() {
  $("lab-run").addEventListener("click", () => {
    api("POST", "/api/lab", { games: Number($("lab-games").value), depth: Number($("lab-depth").value) }).then((r) => {
      if (r.status !== 200) return ($("lab-status").textContent = r.body.error);
      showLab(r.body);
    });
  });
  $("lab-stop").addEventListener("click", () => api("POST", "/api/lab/stop", {}).then((r) => {
    if (r.status === 200) showLab(r.body);
  }));
}

wire();
wireLab();
refresh().then(() => { listen(); pollLab(); });
