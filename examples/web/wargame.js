// The JavaScript layer of libwargame over its WebAssembly build (examples/web/wasm.cmake).
//
// Reads the declarations that bindings/gen/wggen.py derives from include/wargame.h
// (wargame_api.js) and calls the module's exports with them, as the Python and Lua bindings do:
// out-parameters become results, `(buf, cap, len)` and `(array, cap, count)` groups are sized
// automatically (a second call when the first buffer was too small), handles are objects checked
// before the call, and a negative status throws a WargameError carrying the library's message.
//
//   const W = await Wargame.load();                   // in a page (wargame_module.js loaded)
//   const W = await Wargame.loadNode("build-wasm/web"); // under node
//   const ctx = W.context();
//   const game = ctx.newGame("lga", "1805", "crt=completion", 1n);
//   game.decision_text_for(0); game.option_count_for(0); game.choose(0); game.svg(0);
//
// Every header function is reachable as W.call(name, ...inputs), and as a method of the handle
// it takes first (the function's name without the handle's prefix: wg_game_svg -> game.svg).
// Inputs are given in header order without the outputs, caps and counts.  64-bit integers are
// BigInts (numbers are converted); size_t and the other integers are numbers.  A `const void *`
// input takes a Uint8Array or a string; the `size_t len` after a buffer input may be given as
// null to pass the buffer's byte length.  Several results come back as an array, one as itself.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./wargame_api.js"));
  else root.Wargame = factory(root.WargameAPI);
})(typeof self !== "undefined" ? self : this, function (API) {
  "use strict";

  var STATUS_NAMES = {};
  API.enums.wg_status.forEach(function (m) { STATUS_NAMES[m[1]] = m[2]; });
  var EBUFSIZE = -12;

  // wasm32: byte size and DataView accessor of each scalar token
  var SCALAR = {
    char: [1, "Int8"], schar: [1, "Int8"], uchar: [1, "Uint8"], bool: [1, "Uint8"],
    short: [2, "Int16"], ushort: [2, "Uint16"],
    int: [4, "Int32"], unsigned: [4, "Uint32"], long: [4, "Int32"], ulong: [4, "Uint32"],
    int32_t: [4, "Int32"], uint32_t: [4, "Uint32"], int8_t: [1, "Int8"], uint8_t: [1, "Uint8"],
    int16_t: [2, "Int16"], uint16_t: [2, "Uint16"], size_t: [4, "Uint32"], intptr_t: [4, "Int32"],
    uintptr_t: [4, "Uint32"], float: [4, "Float32"], double: [8, "Float64"],
    longlong: [8, "BigInt64"], ulonglong: [8, "BigUint64"], int64_t: [8, "BigInt64"], uint64_t: [8, "BigUint64"],
  };

  /** A libwargame call failed: `status` (number), `statusName` ("ESTATE"), `detail` (the library's words), `func`. */
  class WargameError extends Error {
    constructor(status, detail, func) {
      var name = STATUS_NAMES[status] || String(status);
      super((func || "wargame") + ": WG_" + name + ": " + (detail || ""));
      this.name = "WargameError";
      this.status = status;
      this.statusName = name;
      this.detail = detail || "";
      this.func = func || "";
    }
  }

  class Handle {
    constructor(lib, type, ptr, owned, parent) {
      this._lib = lib;
      this._type = type;
      this._ptr = ptr;
      this._owned = owned;
      this._parent = parent || null;
    }
    get type() { return this._type; }
    get closed() { return this._ptr === 0 || (this._parent !== null && this._parent.closed); }
    /** The pointer, or throws when the handle (or the one it was borrowed from) is closed. */
    check(func) {
      if (this.closed) throw new WargameError(-1, this._type + " is closed", func || "");
      return this._ptr;
    }
    /** Frees an owned handle (once; later calls do nothing). */
    close() {
      if (!this._owned || this._ptr === 0) { this._ptr = 0; return; }
      var h = API.handles[this._type];
      var p = this._ptr;
      this._ptr = 0;
      var rc = this._lib._fn(h.free)(p);
      if (h.freeStatus && rc < 0) throw new WargameError(rc, this._lib.statusStr(rc), h.free);
    }
    /** The last message kept by the handle ("" when none). */
    errmsg() {
      var h = API.handles[this._type];
      if (!h.errmsg || this._ptr === 0) return "";
      return this._lib.M.UTF8ToString(this._lib._fn(h.errmsg)(this._ptr));
    }
    call(func) {
      var args = Array.prototype.slice.call(arguments, 1);
      args.unshift(this);
      return this._lib.call.apply(this._lib, [func].concat(args));
    }
  }

  function shape(results) {
    if (results.length === 0) return undefined;
    if (results.length === 1) return results[0];
    return results;
  }

  class Library {
    constructor(M) {
      this.M = M;
      this.api = API;
      this.WargameError = WargameError;
      var missing = Object.keys(API.functions).filter(function (n) { return typeof M["_" + n] !== "function"; });
      if (missing.length) throw new Error("wargame: the WebAssembly module lacks " + missing.length +
                                          " function(s) the declarations name: " + missing.join(", "));
      this._classes = {};
      var self = this;
      // a class per handle type whose methods are the functions taking that handle first
      Object.keys(API.handles).forEach(function (t) {
        var cls = class extends Handle {};
        Object.defineProperty(cls, "name", { value: t });
        self._classes[t] = cls;
      });
      Object.keys(API.functions).forEach(function (fname) {
        var params = API.functions[fname][1];
        var first = params.filter(function (p) { return p[1].indexOf("h:") === 0 || p[1] === "str" ||
                                                        p[1].indexOf("in:") === 0 || p[1] === "ptr" ||
                                                        p[1].indexOf("cb:") === 0 || p[1].indexOf("inarr:") === 0; })[0];
        if (!first || first[1].indexOf("h:") !== 0) return;
        var t = first[1].slice(2);
        if (fname.indexOf(t + "_") !== 0) return;
        var method = fname.slice(t.length + 1);
        if (method === "free" || method === "errmsg") return;
        var cls = self._classes[t];
        if (cls && !(method in cls.prototype)) {
          cls.prototype[method] = function () {
            var args = [fname, this].concat(Array.prototype.slice.call(arguments));
            return self.call.apply(self, args);
          };
        }
      });
      var ctxCls = this._classes.wg_ctx;
      /** A new game of this context (seed: a BigInt or number). */
      ctxCls.prototype.newGame = function (ruleset, scenario, options, seed) {
        return self.call("wg_game_new", this, ruleset, scenario, options || "", BigInt(seed || 0));
      };
      /** A game from the bytes of wg_game_save (a Uint8Array). */
      ctxCls.prototype.loadGame = function (bytes) {
        return self.call("wg_game_load", this, bytes, null);
      };
      /** The records of a document in the core data format: arrays of field strings. */
      ctxCls.prototype.parseData = function (text) {
        var doc = self.call("wg_data_parse", this, text, null);
        try {
          var n = doc.record_count(), out = [];
          for (var r = 0; r < n; r++) {
            var nf = doc.field_count(r), rec = [];
            for (var f = 0; f < nf; f++) rec.push(doc.field(r, f));
            out.push(rec);
          }
          out.kind = self.M.UTF8ToString(self._fn("wg_data_kind")(doc.check("wg_data_kind")));
          return out;
        } finally {
          doc.close();
        }
      };
      /** The bytes of wg_game_save (a Uint8Array). */
      this._classes.wg_game.prototype.saveBytes = function () { return self.call("wg_game_save", this); };
    }

    _fn(name) { return this.M["_" + name]; }

    statusStr(rc) { return this.M.UTF8ToString(this._fn("wg_status_str")(rc)); }

    version() { return this.M.UTF8ToString(this._fn("wg_version")()); }

    /** A new context (the owner of games and documents). */
    context() { return this.call("wg_ctx_new", null, null); }

    /** The rulesets compiled in: [{id, name, scenarios: [{id, name}]}]. */
    rulesets() {
      var out = [];
      var n = this.call("wg_ruleset_count");
      for (var i = 0; i < n; i++) {
        var id = this.call("wg_ruleset_id", i);
        var sc = [];
        var ns = this.call("wg_ruleset_scenario_count", id);
        for (var k = 0; k < ns; k++)
          sc.push({ id: this.call("wg_ruleset_scenario_id", id, k), name: this.call("wg_ruleset_scenario_name", id, k) });
        out.push({ id: id, name: this.call("wg_ruleset_name", id), scenarios: sc });
      }
      return out;
    }

    _view() { return new DataView(this.M.HEAPU8.buffer); }

    _read(ptr, tok) {
      var s = SCALAR[tok];
      var v = this._view()["get" + s[1]](ptr, true);
      return tok === "bool" ? v !== 0 : v;
    }

    _write(ptr, tok, v) {
      var s = SCALAR[tok];
      if (s[0] === 8 && s[1].indexOf("Big") === 0) v = BigInt(v);
      else if (typeof v === "bigint") v = Number(v);
      else if (typeof v === "boolean") v = v ? 1 : 0;
      this._view()["set" + s[1]](ptr, v, true);
    }

    _bytes(v, fname, pname) {
      if (typeof v === "string") return new TextEncoder().encode(v);
      if (v instanceof Uint8Array) return v;
      if (v instanceof ArrayBuffer) return new Uint8Array(v);
      if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
      throw new TypeError(fname + ": " + pname + " must be a string, bytes or null");
    }

    _scalarIn(v, tok, fname, pname) {
      if (SCALAR[tok][0] === 8 && SCALAR[tok][1].indexOf("Big") === 0) {
        if (typeof v === "bigint") return v;
        if (typeof v === "number" && Number.isInteger(v)) return BigInt(v);
        if (typeof v === "string" && /^(0x[0-9a-fA-F]+|-?[0-9]+)$/.test(v)) return BigInt(v);
        throw new TypeError(fname + ": " + pname + " must be an integer (BigInt)");
      }
      if (typeof v === "boolean") return v ? 1 : 0;
      if (typeof v === "bigint") v = Number(v);
      if (typeof v !== "number" || Number.isNaN(v)) throw new TypeError(fname + ": " + pname + " must be a number");
      return v;
    }

    /** Calls a header function with its inputs; returns its results (see the top of this file). */
    call(fname) {
      var spec = API.functions[fname];
      if (!spec) throw new TypeError("wargame: no function " + fname);
      var args = Array.prototype.slice.call(arguments, 1);
      var retKind = spec[0], params = spec[1];
      var fn = this._fn(fname);
      var M = this.M;
      var inputs = params.filter(function (p) { return p[1] !== "cap" && p[1] !== "inlen" && !/^(out|outs|outh|outhb|count|buf|arr)(:|$)/.test(p[1]); });
      if (args.length !== inputs.length)
        throw new TypeError(fname + " takes " + inputs.length + " argument(s) (" +
                            inputs.map(function (p) { return p[0]; }).join(", ") + "), " + args.length + " given");
      var allocs = [];
      function alloc(n) {
        var p = M._malloc(Math.max(n, 1));
        if (!p) throw new WargameError(-2, "out of memory in the WebAssembly heap", fname);
        allocs.push(p);
        return p;
      }
      try {
        var cvals = new Array(params.length).fill(0);
        var holder = null, ai = 0, strLen = {};
        for (var i = 0; i < params.length; i++) {
          var kind = params[i][1], pname = params[i][0];
          var head = kind.split(":")[0], arg = kind.split(":")[1];
          if (inputs.indexOf(params[i]) < 0) continue;
          var a = args[ai++];
          if (head === "in") {
            if ((a === null || a === undefined) && pname === "len" && strLen[i] !== undefined) a = strLen[i];
            cvals[i] = this._scalarIn(a, arg, fname, pname);
          } else if (head === "h") {
            if (a === null || a === undefined) cvals[i] = 0;
            else {
              if (!(a instanceof Handle) || a._type !== arg)
                throw new TypeError(fname + ": " + pname + " must be a " + arg + " handle");
              cvals[i] = a.check(fname);
              if (holder === null) holder = a;
            }
          } else if (head === "str") {
            if (a === null || a === undefined) { cvals[i] = 0; strLen[i + 1] = 0; }
            else {
              var b = this._bytes(a, fname, pname);
              var p = alloc(b.length + 1);
              M.HEAPU8.set(b, p);
              M.HEAPU8[p + b.length] = 0;
              cvals[i] = p;
              strLen[i + 1] = b.length;
            }
          } else if (head === "ptr") {
            if (a !== null && a !== undefined) throw new TypeError(fname + ": " + pname + " must be null");
            cvals[i] = 0;
          } else if (head === "cb") {
            if (a !== null && a !== undefined)
              throw new TypeError(fname + ": callbacks are not supported by the JavaScript layer; pass null");
            cvals[i] = 0;
          } else if (head === "inarr") {
            var seq = a === null || a === undefined ? [] : Array.from(a);
            var size = SCALAR[arg][0];
            var q = seq.length ? alloc(seq.length * size) : 0;
            for (var k = 0; k < seq.length; k++) this._write(q + k * size, arg, this._scalarIn(seq[k], arg, fname, pname));
            cvals[i] = q;
            cvals[i + 1] = seq.length;
          }
        }
        var capIndex = params.findIndex(function (p) { return p[1] === "cap"; });
        var countIndex = params.findIndex(function (p) { return p[1] === "count"; });
        var cap = capIndex >= 0 ? 1024 : 0;
        var rc, outs;
        for (;;) {
          outs = {};
          if (capIndex >= 0) cvals[capIndex] = cap;
          for (var j = 0; j < params.length; j++) {
            var kd = params[j][1], hd = kd.split(":")[0], ar = kd.split(":")[1];
            if (hd === "buf") outs[j] = cvals[j] = cap ? alloc(cap) : 0;
            else if (hd === "arr") outs[j] = cvals[j] = cap ? alloc(cap * SCALAR[ar][0]) : 0;
            else if (hd === "out" || hd === "outs" || hd === "outh" || hd === "outhb" || hd === "count") {
              outs[j] = cvals[j] = alloc(8);
              this._write(outs[j], "uint64_t", 0n);
            }
          }
          rc = fn.apply(null, cvals);
          if (retKind === "status" && rc === EBUFSIZE && countIndex >= 0) {
            var need = this._read(outs[countIndex], "size_t");
            if (need >= cap) { cap = need + 1; continue; }
          }
          break;
        }
        if (retKind === "status" && rc < 0) {
          var msg = holder !== null && !API.constCalls[fname] ? holder.errmsg() : "";
          throw new WargameError(rc, msg || this.statusStr(rc), fname);
        }
        var results = [];
        if (retKind === "str") results.push(rc ? M.UTF8ToString(rc) : null);
        else if (retKind.indexOf("in:") === 0) results.push(rc);
        var n = countIndex >= 0 ? Math.min(this._read(outs[countIndex], "size_t"), cap) : cap;
        var group = [];
        for (var m = 0; m < params.length; m++) {
          var kk = params[m][1], hh = kk.split(":")[0], tt = kk.split(":")[1];
          if (hh === "out") results.push(this._read(outs[m], tt));
          else if (hh === "outs") {
            var sp = this._read(outs[m], "uintptr_t");
            results.push(sp ? M.UTF8ToString(sp) : null);
          } else if (hh === "outh" || hh === "outhb") {
            var hp = this._read(outs[m], "uintptr_t");
            var cls = this._classes[tt];
            results.push(hp ? new cls(this, tt, hp, hh === "outh", hh === "outhb" ? holder : null) : null);
          } else if (hh === "buf") {
            if (params[m][2].indexOf("void") >= 0) results.push(cap ? M.HEAPU8.slice(outs[m], outs[m] + n) : new Uint8Array(0));
            else results.push(cap ? M.UTF8ToString(outs[m], n) : "");
          } else if (hh === "arr") {
            var arr = [], sz = SCALAR[tt][0];
            for (var e = 0; e < n; e++) arr.push(this._read(outs[m] + e * sz, tt));
            group.push(arr);
          }
        }
        if (group.length === 1) results.push(group[0]);
        else if (group.length > 1) results.push(group[0].map(function (_, e) { return group.map(function (g) { return g[e]; }); }));
        return shape(results);
      } finally {
        allocs.forEach(function (p) { M._free(p); });
      }
    }
  }

  /** Instantiates the module: `factory` is createWargameModule (the global of wargame_module.js
   *  in a page); `moduleArgs` goes to it (wasmBinary, locateFile...).  A promise of a Library. */
  function load(factory, moduleArgs) {
    var f = factory || (typeof createWargameModule !== "undefined" ? createWargameModule : null); // eslint-disable-line no-undef
    if (!f) return Promise.reject(new Error("wargame: wargame_module.js is not loaded"));
    return f(moduleArgs || {}).then(function (M) { return new Library(M); });
  }

  /** Under node: loads wargame_module.js and .wasm from the directory `dir`. */
  function loadNode(dir) {
    var path = require("path"), fs = require("fs");
    var factory = require(path.resolve(dir, "wargame_module.js"));
    var wasmBinary = fs.readFileSync(path.resolve(dir, "wargame_module.wasm"));
    return load(factory, { wasmBinary: wasmBinary });
  }

  return { load: load, loadNode: loadNode, WargameError: WargameError, Handle: Handle, api: API };
});
