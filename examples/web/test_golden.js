// Replays the golden decision logs (tests/golden/*.wgd) in the WebAssembly build under node: the
// same actions must give the same state hash after every step as the C recording (tests/test_golden.c).
//
//   node examples/web/test_golden.js BUILD-WASM/web tests/golden/*.wgd
"use strict";
const fs = require("fs");
const Wargame = require("./wargame.js");

function hex(h) {
  return BigInt(h).toString(16).padStart(16, "0");
}

async function main() {
  const [dir, ...files] = process.argv.slice(2);
  if (!dir || files.length === 0) {
    console.error("usage: node test_golden.js MODULE-DIR FILE.wgd...");
    return 2;
  }
  const W = await Wargame.loadNode(dir);
  console.log("libwargame " + W.version() + " (WebAssembly)");
  let failed = 0;
  for (const path of files) {
    const ctx = W.context();
    let steps = 0;
    let game = null;
    try {
      const recs = ctx.parseData(fs.readFileSync(path, "utf8"));
      if (recs.kind !== "golden") throw new Error("not a golden log: kind " + recs.kind);
      const head = {};
      for (const rec of recs) {
        if (rec[0] === "start") {
          game = ctx.newGame(head.ruleset, head.scenario, head.options || "", BigInt(head.seed));
          if (hex(game.hash()) !== hex(rec[1])) throw new Error("start hash " + hex(game.hash()) + ", recorded " + hex(rec[1]));
        } else if (rec[0] === "step") {
          game.choose_action(BigInt(rec[2]));
          const h = hex(game.hash());
          if (h !== hex(rec[3])) throw new Error("step " + rec[1] + ": hash " + h + ", recorded " + hex(rec[3]));
          steps++;
        } else {
          head[rec[0]] = rec[1] === undefined ? "" : rec[1];
        }
      }
      if (steps === 0) throw new Error("no steps");
      if (Number(game.step_count()) !== steps) throw new Error("step count " + game.step_count() + ", " + steps + " steps");
      console.log("ok   " + path + " (" + steps + " steps)");
    } catch (e) {
      failed++;
      console.log("FAIL " + path + ": " + (e && e.message ? e.message : e));
    } finally {
      if (game) game.close();
      ctx.close();
    }
  }
  console.log(files.length + " golden logs replayed in WebAssembly, " + failed + " failed");
  return failed ? 1 : 0;
}

main().then((rc) => process.exit(rc), (e) => {
  console.error("test_golden.js: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
