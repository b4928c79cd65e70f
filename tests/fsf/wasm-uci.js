// The current Fairy-Stockfish (npm's fairy-stockfish-nnue.wasm, GPL-3.0) as a
// UCI engine on standard input and output, for the differential suite
// (tests/fsf/diff.lua, through tests/fsf/common.lua). Usage:
//   node tests/fsf/wasm-uci.js < commands
// The package is looked for in $FSF_WASM_DIR/node_modules, else in
// tests/fsf/wasm/node_modules (tools/install-deps.sh --test puts it there).
//
// What the package's own uci.js does not do, and this one does:
//  * VariantPath FILE: the engine reads files only from its in-memory file
//    system, so the host file is copied there first and the engine is given
//    that copy's name.
//  * Node 20 has a global fetch, with which the package's loader tries to
//    fetch stockfish.wasm as a URL ("Failed to parse URL"); hidden, the
//    loader reads the file.
//  * The engine answers asynchronously, in threads of its own: a command
//    sent while a search runs would be read in the middle of it (a "stop"
//    or "quit" cuts it short). So every "go" is waited for, until its last
//    line ("Nodes searched" for perft, "bestmove" for a search), before the
//    next command is sent, and so is every "isready" until its "readyok";
//    input ends only once the engine has said "readyok" (not shown) to an
//    "isready" sent after everything else: a whole pipe of commands can be
//    written at once, and each gets its answer.
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");

globalThis.fetch = undefined;

const dir = process.env.FSF_WASM_DIR || path.join(__dirname, "wasm");
const packageFile = path.join(dir, "node_modules", "fairy-stockfish-nnue.wasm", "stockfish.js");
if (!fs.existsSync(packageFile)) {
  console.error(`wasm-uci.js: ${packageFile} not found (tools/install-deps.sh --test installs it)`);
  process.exit(2);
}
const load = require(packageFile);

// The name under which a host file is known in the engine's file system.
function copyIn(engine, hostPath) {
  const inside = "/" + path.basename(hostPath);
  engine.FS.writeFile(inside, fs.readFileSync(hostPath));
  return inside;
}

async function main() {
  const engine = await load();
  // resolves the current wait when a line ends it
  let pending = null;
  engine.addMessageListener((line) => {
    if (pending && pending.ends(line)) {
      const done = pending.done;
      pending = null;
      if (line === "readyok" && done.silent) { done(); return; }
      console.log(line);
      done();
      return;
    }
    console.log(line);
  });
  const sendAndWait = (command, ends, silent) => new Promise((resolve) => {
    resolve.silent = silent;
    pending = { ends, done: resolve };
    engine.postMessage(command);
  });

  const input = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const raw of input) {
    let line = raw.trim();
    if (line === "quit") break;
    const variantPath = line.match(/^setoption\s+name\s+VariantPath\s+value\s+(.+)$/);
    if (variantPath) {
      try {
        line = "setoption name VariantPath value " + copyIn(engine, variantPath[1].trim());
      } catch (e) {
        console.log(`info string wasm-uci.js: cannot read ${variantPath[1].trim()}: ${e.message}`);
        continue;
      }
    }
    if (/^go\s+perft\b/.test(line)) {
      await sendAndWait(line, (l) => l.startsWith("Nodes searched"), false);
    } else if (/^go\b/.test(line)) {
      await sendAndWait(line, (l) => l.startsWith("bestmove"), false);
    } else if (line === "isready") {
      // answered before anything else is sent: the "readyok" waited for
      // at the end can then be no other
      await sendAndWait(line, (l) => l === "readyok", false);
    } else {
      engine.postMessage(line);
    }
  }
  // everything sent so far has been read once the engine says readyok
  await sendAndWait("isready", (l) => l === "readyok", true);
  engine.postMessage("quit");
  process.exit(0);
}

main().catch((e) => {
  console.error("wasm-uci.js: " + (e && e.stack || e));
  process.exit(1);
});
