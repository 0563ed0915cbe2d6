// The page of the browser front end: one side played by a person, the others by the library's
// random bot (wg_game_bot_step).  Everything shown comes from calls made with the person's side as
// the viewer: the board (wg_game_svg), the decision (wg_game_decision_text_for), the options
// (wg_game_option_count_for / wg_game_option_label_for, listed only when the person decides), the
// events (wg_game_event_text) and the odds (wg_game_odds).  Every error is shown in the page.
/* global Wargame */
(function () {
  "use strict";

  document.body.dataset.app = "1";
  var $ = function (id) { return document.getElementById(id); };
  var W = null;         // the Library
  var ctx = null;       // the context of the games
  var game = null;      // the game in play
  var human = 0;        // the person's player index (the viewer of everything shown)
  var shownEvents = 0;  // events already in the log
  var MAX_BOT_STEPS = 20000;  // bot steps in one go before the page gives the hand back
  var STORAGE_KEY = "libwargame.save";

  // ---- messages

  function showError(e) {
    var text = e && e.message ? e.message : String(e);
    var box = $("error");
    box.textContent = text;
    box.hidden = false;
  }
  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
  }
  function say(text) { $("message").textContent = text || ""; }

  /** Runs a handler; any exception is shown in the page. */
  function guarded(fn) {
    return function (ev) {
      clearError();
      try {
        var r = fn.call(this, ev);
        if (r && typeof r.then === "function") r.then(null, showError);
      } catch (e) {
        showError(e);
      }
    };
  }

  window.addEventListener("error", function (ev) { showError(ev.error || ev.message); });
  window.addEventListener("unhandledrejection", function (ev) { showError(ev.reason); });

  // ---- setup

  var rulesets = [];
  var DEFAULT_OPTIONS = { lga: "crt=completion" };
  // an example of each ruleset's odds requests (doc/view.md, "Odds of a described action")
  var ODDS_EXAMPLES = { lga: "attack attackers=12,15 target=4851", marechaux: "combat zone=Porto attackers=3,7" };

  function fillScenarios() {
    var r = rulesets.find(function (x) { return x.id === $("ruleset").value; });
    var sel = $("scenario");
    sel.textContent = "";
    (r ? r.scenarios : []).forEach(function (s) {
      var o = document.createElement("option");
      o.value = s.id;
      o.textContent = s.id + " — " + s.name;
      sel.appendChild(o);
    });
    $("game-options").value = DEFAULT_OPTIONS[$("ruleset").value] || "";
    $("odds-action").placeholder = ODDS_EXAMPLES[$("ruleset").value] || "a verb and key=value fields (doc/view.md)";
    fillSides();
  }

  /** The sides of the chosen scenario, read from a game made for the purpose and freed at once. */
  function fillSides() {
    var sel = $("side");
    var keep = sel.value;
    sel.textContent = "";
    var g = ctx.newGame($("ruleset").value, $("scenario").value, $("game-options").value, 1n);
    try {
      var n = g.player_count();
      for (var p = 0; p < n; p++) {
        var o = document.createElement("option");
        o.value = String(p);
        o.textContent = g.player_name(p);
        sel.appendChild(o);
      }
    } finally {
      g.close();
    }
    if (keep && sel.querySelector("option[value='" + keep + "']")) sel.value = keep;
  }

  function setGame(g, side) {
    if (game) game.close();
    game = g;
    human = side;
    shownEvents = 0;
    $("log").textContent = "";
    $("odds").textContent = "";
    advance();
  }

  function newGame() {
    var seedText = $("seed").value.trim() || "0";
    if (!/^[0-9]+$/.test(seedText)) throw new Error("The seed must be a whole number, not “" + seedText + "”.");
    var g = ctx.newGame($("ruleset").value, $("scenario").value, $("game-options").value, BigInt(seedText));
    setGame(g, Number($("side").value || 0));
    say("New game: " + g.ruleset() + " " + g.scenario() + ", you play " + g.player_name(human) + ".");
  }

  // ---- play

  function deciding() {
    var d = game.decision();
    return d[0];
  }

  /** Lets the bot take every decision that is not the person's, then shows the game. */
  function advance() {
    var steps = 0;
    try {
      while (!game.is_over() && deciding() !== human) {
        if (steps++ >= MAX_BOT_STEPS) {
          say("The other side took " + MAX_BOT_STEPS + " decisions; press “Continue” to let it go on.");
          break;
        }
        game.bot_step();
      }
    } finally {
      render();
    }
  }

  function render() {
    $("undo").disabled = !game;
    $("save").disabled = !game;
    $("save-local").disabled = !game;
    if (!game) return;
    var over = game.is_over();
    $("status").textContent = "Turn " + game.turn() + " · step " + game.step_count() + " · you play " +
      game.player_name(human) + (deciding() === human ? " · your decision" : "");
    $("decision").textContent = over ? "The game is over." : game.decision_text_for(human);
    $("result").textContent = over ? game.result_text() : "";
    renderOptions(over);
    renderBoard();
    renderLog();
  }

  function renderOptions(over) {
    var box = $("options");
    box.textContent = "";
    if (over) return;
    if (deciding() !== human) {
      var more = document.createElement("button");
      more.type = "button";
      more.id = "continue";
      more.textContent = "Continue";
      more.addEventListener("click", guarded(advance));
      box.appendChild(more);
      return;
    }
    var n = game.option_count_for(human);
    for (var i = 0; i < n; i++) box.appendChild(optionRow(i));
  }

  function optionRow(i) {
    var row = document.createElement("div");
    row.className = "option-row";
    var b = document.createElement("button");
    b.type = "button";
    b.className = "option";
    b.dataset.index = String(i);
    b.textContent = game.option_label_for(i, human);
    row.appendChild(b);
    var pc = game.option_param_count(i);
    var inputs = [];
    for (var p = 0; p < pc[0]; p++) {
      var spec = game.option_param(i, p);
      var inp = document.createElement("input");
      inp.type = "number";
      inp.min = String(spec[1]);
      inp.max = String(spec[2]);
      inp.placeholder = spec[0];
      inp.title = spec[0] + " (" + spec[1] + " to " + spec[2] + ")";
      if (pc[1]) inp.value = String(spec[1]);
      inputs.push(inp);
      row.appendChild(inp);
    }
    b.addEventListener("click", guarded(function () {
      var values = inputs.map(function (x) { return x.value.trim(); });
      if (values.some(function (v) { return v !== ""; })) {
        var bad = values.find(function (v) { return !/^-?[0-9]+$/.test(v); });
        if (bad !== undefined) throw new Error("A parameter of this option must be a whole number, not “" + bad + "”.");
        game.choose_params(i, values.map(function (v) { return BigInt(v); }));
      } else {
        game.choose(i);
      }
      say("");
      advance();
    }));
    return row;
  }

  function renderBoard() {
    var text = game.svg(human);
    var doc = new DOMParser().parseFromString(text, "image/svg+xml");
    var root = doc.documentElement;
    if (!root || root.nodeName !== "svg" || doc.getElementsByTagName("parsererror").length)
      throw new Error("The board picture could not be read (wg_game_svg wrote no valid SVG).");
    var board = $("board");
    board.textContent = "";
    board.appendChild(document.importNode(root, true));
  }

  function renderLog() {
    var n = game.event_count();
    var log = $("log");
    if (n < shownEvents) {
      log.textContent = "";
      shownEvents = 0;
    }
    for (var i = shownEvents; i < n; i++) {
      var li = document.createElement("li");
      li.textContent = game.event_text(i, human);
      log.appendChild(li);
    }
    shownEvents = n;
    log.scrollTop = log.scrollHeight;
  }

  // ---- undo, odds, save and load

  function undo() {
    if (!game) throw new Error("No game to undo in.");
    var step;
    try {
      step = game.undo_point(human);
    } catch (e) {
      if (e instanceof Wargame.WargameError && (e.statusName === "ESTATE" || e.statusName === "ENOTFOUND"))
        throw new Error("Undo refused: " + e.detail);
      throw e;
    }
    game.undo_to(step);
    say("Took back your decision (back to step " + step + ").");
    advance();
  }

  function odds(ev) {
    ev.preventDefault();
    if (!game) throw new Error("Start a game first.");
    var action = $("odds-action").value.trim();
    $("odds").textContent = "";
    if (!action) throw new Error("Type an action to compute its odds, e.g. “" + $("odds-action").placeholder + "”.");
    var json = game.odds(human, action);
    var o = JSON.parse(json);
    var lines = [];
    (o.outcomes || []).forEach(function (x) {
      var pct = o.total ? (100 * Number(x.weight) / Number(o.total)).toFixed(1) + "%" : "";
      lines.push(pct.padStart(7) + "  " + x.label);
    });
    (o.modifiers || []).forEach(function (m) {
      lines.push("  " + (m.value > 0 ? "+" : "") + m.value + " " + (m.text || m.name) + (m.rule ? " [" + m.rule + "]" : ""));
    });
    $("odds").textContent = lines.length ? lines.join("\n") : json;
  }

  function saveName() {
    return "wargame-" + game.ruleset() + "-" + game.scenario() + "-step" + game.step_count() + ".wgs";
  }

  function saveDownload() {
    if (!game) throw new Error("No game to save.");
    var bytes = game.saveBytes();
    var url = URL.createObjectURL(new Blob([bytes], { type: "application/octet-stream" }));
    var a = document.createElement("a");
    a.href = url;
    a.download = saveName();
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
    say("Saved " + bytes.length + " bytes as " + a.download + ".");
  }

  function loadBytes(bytes, from) {
    var g = ctx.loadGame(bytes);
    var n = g.player_count();
    var side = Math.min(Number($("side").value || 0), n - 1);
    // the form shows the loaded game's ruleset, scenario and sides
    try {
      $("ruleset").value = g.ruleset();
      fillScenarios();
      $("scenario").value = g.scenario();
      var sel = $("side");
      sel.textContent = "";
      for (var p = 0; p < n; p++) {
        var o = document.createElement("option");
        o.value = String(p);
        o.textContent = g.player_name(p);
        sel.appendChild(o);
      }
      sel.value = String(side);
    } catch (e) {
      g.close();
      throw e;
    }
    setGame(g, side);
    say("Loaded " + from + ": " + g.ruleset() + " " + g.scenario() + " at step " + g.step_count() +
        ", you play " + g.player_name(human) + ".");
  }

  function loadFile(ev) {
    var f = ev.target.files && ev.target.files[0];
    if (!f) return undefined;
    return f.arrayBuffer().then(function (buf) {
      ev.target.value = "";
      loadBytes(new Uint8Array(buf), f.name);
    });
  }

  function toBase64(bytes) {
    var s = "";
    for (var i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s);
  }
  function fromBase64(text) {
    var s = atob(text), out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  function saveLocal() {
    if (!game) throw new Error("No game to save.");
    var bytes = game.saveBytes();
    try {
      localStorage.setItem(STORAGE_KEY, toBase64(bytes));
    } catch (e) {
      throw new Error("This browser refused to keep the save (" + (e.message || e) + ").");
    }
    say("Saved in this browser (" + bytes.length + " bytes).");
  }

  function loadLocal() {
    var text = null;
    try {
      text = localStorage.getItem(STORAGE_KEY);
    } catch (e) {
      throw new Error("This browser's storage cannot be read (" + (e.message || e) + ").");
    }
    if (!text) throw new Error("No game is saved in this browser.");
    loadBytes(fromBase64(text), "the browser's save");
  }

  // ---- start

  function start() {
    return Wargame.load().then(function (lib) {
      W = lib;
      ctx = W.context();
      $("version").textContent = "libwargame " + W.version() + " (WebAssembly)";
      rulesets = W.rulesets();
      if (!rulesets.length) throw new Error("This build of libwargame has no ruleset compiled in.");
      var sel = $("ruleset");
      rulesets.forEach(function (r) {
        var o = document.createElement("option");
        o.value = r.id;
        o.textContent = r.name;
        sel.appendChild(o);
      });
      sel.addEventListener("change", guarded(fillScenarios));
      $("scenario").addEventListener("change", guarded(fillSides));
      $("new-game").addEventListener("click", guarded(newGame));
      $("undo").addEventListener("click", guarded(undo));
      $("odds-form").addEventListener("submit", guarded(odds));
      $("save").addEventListener("click", guarded(saveDownload));
      $("load-file").addEventListener("change", guarded(loadFile));
      $("save-local").addEventListener("click", guarded(saveLocal));
      $("load-local").addEventListener("click", guarded(loadLocal));
      render();
      fillScenarios();
      document.body.dataset.ready = "1";
    });
  }

  function startFailed(e) {
    var hint = location.protocol === "file:"
      ? "\nOpen the page through a web server (examples/web/README.md), not as a file."
      : "\nBuild the WebAssembly module first (examples/web/README.md).";
    $("version").textContent = "not loaded";
    showError("The referee could not start: " + (e && e.message ? e.message : e) + hint);
    document.body.dataset.ready = "error";
  }

  try {
    start().then(null, startFailed);
  } catch (e) {
    startFailed(e);
  }
})();
