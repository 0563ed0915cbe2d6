#!/usr/bin/env python3
"""Binding generator for libwargame (standard library only).

Reads include/wargame.h and writes the low-level declarations of the
bindings:

  bindings/python/wargame/_ffi.py   ctypes prototypes, IntEnums, constants, call specs
  bindings/lua/wargame_decl.lua     LuaJIT cdef, enums, constants, the signature table
                                    read by both Lua back ends (LuaJIT ffi, wgffi C core)

Usage:
  python3 bindings/gen/wggen.py            regenerate the files
  python3 bindings/gen/wggen.py --check    exit 1 with a diff summary when a file is stale
  python3 bindings/gen/wggen.py --dump     print the parsed API (debugging)

The header must keep its regular style (see the top of wargame.h): anything
the parser does not understand is an error that names the line, never a
silent omission.

Parameter kinds (the signature table of the Lua core and the call helper
of the Python layer use the same ones):

  in:T      scalar input of C type T
  str       const char * / const void * input (a string, or nil/None for NULL)
  ptr       void * input passed through (payload pointers; nil/None)
  h:T       handle input (T is the opaque type, e.g. wg_game)
  cb:T      callback input (T is the callback typedef)
  out:T     pointer to one scalar result of type T
  outs      const char ** result (a string)
  outh:T    T ** result: a new handle the caller owns (freed with T_free)
  outhb:T   (const) T ** result: a handle borrowed from the first handle argument
  arr:T     T * result array of `cap` elements
  buf       char * / void * result buffer of `cap` bytes
  cap       size_t capacity of the arrays / buffer of the call (an input)
  count     size_t * result: the full number of elements / bytes (len or count)
  inarr:T   const T * input array of scalars (T a scalar or enum type), always followed by
            its count `size_t n<name>` (`const int64_t *params, size_t nparams`); the
            bindings take one sequence (Python) or table (Lua) for the pair, and pass
            NULL with a count of 0 for an empty one
  inlen     the size_t count of the input array just before it (not an argument of the
            bindings: the length of the sequence)

Return kinds: void, status (int status code), str (const char *, copied at
once), in:T (a plain scalar).
"""

import argparse
import difflib
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
HEADER = os.path.join(ROOT, "include", "wargame.h")
OUT_PY = os.path.join(ROOT, "bindings", "python", "wargame", "_ffi.py")
OUT_LUA = os.path.join(ROOT, "bindings", "lua", "wargame_decl.lua")

SCALARS = {
    # C type -> (ctypes name, canonical token)
    "char": ("c_char", "char"),
    "signed char": ("c_byte", "schar"),
    "unsigned char": ("c_ubyte", "uchar"),
    "short": ("c_short", "short"),
    "unsigned short": ("c_ushort", "ushort"),
    "int": ("c_int", "int"),
    "unsigned": ("c_uint", "unsigned"),
    "unsigned int": ("c_uint", "unsigned"),
    "long": ("c_long", "long"),
    "unsigned long": ("c_ulong", "ulong"),
    "long long": ("c_longlong", "longlong"),
    "unsigned long long": ("c_ulonglong", "ulonglong"),
    "float": ("c_float", "float"),
    "double": ("c_double", "double"),
    "bool": ("c_bool", "bool"),
    "_Bool": ("c_bool", "bool"),
    "size_t": ("c_size_t", "size_t"),
    "int8_t": ("c_int8", "int8_t"),
    "uint8_t": ("c_uint8", "uint8_t"),
    "int16_t": ("c_int16", "int16_t"),
    "uint16_t": ("c_uint16", "uint16_t"),
    "int32_t": ("c_int32", "int32_t"),
    "uint32_t": ("c_uint32", "uint32_t"),
    "int64_t": ("c_int64", "int64_t"),
    "uint64_t": ("c_uint64", "uint64_t"),
    "intptr_t": ("c_ssize_t", "intptr_t"),
    "uintptr_t": ("c_size_t", "uintptr_t"),
}
TOKEN_CTYPES = {tok: ct for ct, tok in SCALARS.values()}
# Canonical token -> C spelling (for LuaJIT cdef and the C core).
TOKEN_C = {}
for _c, (_ct, _tok) in SCALARS.items():
    TOKEN_C.setdefault(_tok, _c)
TOKEN_C["unsigned"] = "unsigned int"

ALLOWED_INCLUDES = {"<stddef.h>", "<stdint.h>", "<stdbool.h>"}
OWNERSHIPS = {"static", "borrowed", "owned"}


class GenError(Exception):
    pass


def fail(line, msg):
    raise GenError("include/wargame.h:%s: %s" % (line, msg))


# ---------------------------------------------------------------- model


class CType:
    """A C type: base name, pointer depth, constness of the base."""

    def __init__(self, base, depth, const_base, line):
        self.base, self.depth, self.const_base, self.line = base, depth, const_base, line

    def c(self):
        s = ("const " if self.const_base else "") + self.base
        return s + (" " + "*" * self.depth if self.depth else "")

    def __repr__(self):
        return self.c()


class Doc:
    def __init__(self, text):
        self.text = text or ""
        body = re.sub(r"^\s*/\*\*<?|\*/\s*$", "", self.text)
        lines = [re.sub(r"^\s*\*( |$)", "", ln) for ln in body.split("\n")]
        self.clean = "\n".join(lines).strip()
        m = re.search(r"@brief\s+(.*?)(?=\n\s*\n|\n\s*@|@return|@ownership|\Z)", self.clean, re.S)
        if m:
            self.brief = " ".join(m.group(1).split())
        else:
            self.brief = " ".join(self.clean.split("\n\n")[0].split()) if self.clean and "@" not in self.clean[:1] else ""
        self.has_brief = bool(m)
        owns = re.findall(r"@ownership\s+(\w+)", self.clean)
        self.ownership = owns[0] if owns else None
        self.ownership_bad = [o for o in owns if o not in OWNERSHIPS]
        self.mentions_status = "::WG_" in self.clean or "WG_OK" in self.clean


class Param:
    def __init__(self, name, ctype):
        self.name, self.type = name, ctype
        self.kind = None  # see module docstring


class Func:
    def __init__(self, name, ret, params, doc, line):
        self.name, self.ret, self.params, self.doc, self.line = name, ret, params, doc, line
        self.ret_kind = None
        self.ownership = None


class API:
    def __init__(self):
        self.constants = []  # (name, value, doc)
        self.opaques = []  # names
        self.enums = []  # (name, [(member, value, doc)], doc)
        self.callbacks = []  # Func-like
        self.functions = []
        self.order = []  # ("const"|"opaque"|"enum"|"callback"|"func", name)

    def kinds_of_type(self):
        d = {}
        for n in self.opaques:
            d[n] = "opaque"
        for n, _, _ in self.enums:
            d[n] = "enum"
        for cb in self.callbacks:
            d[cb.name] = "callback"
        return d


# ---------------------------------------------------------------- pass 1: preprocessor


def preprocess(text):
    """Returns (active text with one line per header line, defines list).

    Directives are checked against the header's regular style; #define WG_*
    constants become the pseudo declaration `__wgdef__(i);` so that the
    doc comment before them attaches like for any declaration."""
    out = []
    defines = []
    lines = text.split("\n")
    stack = []  # frames: dict(kind, active)
    guard = None
    in_comment = False
    i = 0
    seen_guard_define = False

    def active():
        return all(f["active"] for f in stack)

    while i < len(lines):
        ln = lines[i]
        lineno = i + 1
        if not in_comment and ln.lstrip().startswith("#"):
            d = ln.strip()
            while d.endswith("\\"):
                i += 1
                out.append("")
                d = d[:-1] + " " + lines[i].strip()
            i += 1
            d = re.sub(r"/\*.*?\*/", " ", d)
            d = re.sub(r"//.*$", "", d).strip()
            m = re.match(r"#\s*(\w+)\s*(.*)$", d)
            if not m:
                fail(lineno, "cannot read directive %r" % d)
            kw, rest = m.group(1), m.group(2).strip()
            out.append("")
            if kw == "ifndef":
                if guard is None and not stack:
                    guard = rest
                    stack.append({"kind": "guard", "active": True})
                else:
                    stack.append({"kind": "skip", "active": False, "line": lineno})
            elif kw in ("ifdef", "if"):
                if kw == "ifdef" and rest == "__cplusplus":
                    stack.append({"kind": "cplusplus", "active": False})
                else:
                    stack.append({"kind": "skip", "active": False, "line": lineno})
            elif kw in ("elif", "else"):
                if not stack or stack[-1]["kind"] != "skip":
                    fail(lineno, "#%s outside a platform conditional is not supported" % kw)
            elif kw == "endif":
                if not stack:
                    fail(lineno, "unbalanced #endif")
                stack.pop()
            elif kw == "include":
                if rest not in ALLOWED_INCLUDES:
                    fail(lineno, "unexpected #include %s (allowed: %s)" % (rest, ", ".join(sorted(ALLOWED_INCLUDES))))
            elif kw == "define":
                m2 = re.match(r"([A-Za-z_]\w*)(\(?)\s*(.*)$", rest)
                if not m2:
                    fail(lineno, "cannot read #define %r" % rest)
                name, paren, value = m2.group(1), m2.group(2), m2.group(3).strip()
                if name == "WG_API":
                    pass  # the export macro, in its platform conditional
                elif not active():
                    fail(lineno, "#define %s inside a conditional block is not supported" % name)
                elif name == guard and not seen_guard_define:
                    seen_guard_define = True
                elif paren:
                    fail(lineno, "function-like macro %s is not supported by the binding generator" % name)
                elif not name.startswith("WG_"):
                    fail(lineno, "macro %s: public macros must start with WG_" % name)
                else:
                    defines.append((name, value, lineno))
                    out[-1] = "__wgdef__(%d);" % (len(defines) - 1)
            else:
                fail(lineno, "directive #%s is not supported by the binding generator" % kw)
            continue
        # ordinary line: track block comments to know where directives can start
        j = 0
        while True:
            if in_comment:
                k = ln.find("*/", j)
                if k < 0:
                    break
                in_comment = False
                j = k + 2
            else:
                k = ln.find("/*", j)
                c2 = ln.find("//", j)
                if c2 >= 0 and (k < 0 or c2 < k):
                    break
                if k < 0:
                    break
                in_comment = True
                j = k + 2
        if active():
            out.append(ln)
        else:
            s = ln.strip()
            if s not in ("", 'extern "C" {', "}") and not s.startswith(("/*", "*", "//")):
                fail(lineno, "unexpected text inside a conditional block: %r" % s)
            out.append("")
        i += 1
    if stack:
        fail(len(lines), "unterminated conditional")
    if in_comment:
        fail(len(lines), "unterminated comment")
    return "\n".join(out), defines


# ---------------------------------------------------------------- pass 2: declarations


def split_decls(text):
    """Yields (doc_text_or_None, decl_text, line) for every top-level declaration."""
    pos = 0
    n = len(text)
    pending_doc = None
    line_at = lambda p: text.count("\n", 0, p) + 1  # noqa: E731
    while pos < n:
        c = text[pos]
        if c.isspace():
            pos += 1
            continue
        if text.startswith("/**", pos) and not text.startswith("/**/", pos):
            end = text.find("*/", pos + 3)
            if end < 0:
                fail(line_at(pos), "unterminated comment")
            doc = text[pos:end + 2]
            if doc.startswith("/**<"):
                fail(line_at(pos), "trailing doc comment /**< outside an enum")
            # group markers are not declaration docs
            if "@defgroup" in doc or re.match(r"/\*\*\s*@\{\s*\*/", doc) or re.match(r"/\*\*\s*@\}\s*\*/", doc):
                pending_doc = None
            else:
                pending_doc = doc
            pos = end + 2
            continue
        if text.startswith("/*", pos):
            end = text.find("*/", pos + 2)
            if end < 0:
                fail(line_at(pos), "unterminated comment")
            pos = end + 2
            continue
        if text.startswith("//", pos):
            end = text.find("\n", pos)
            pos = n if end < 0 else end
            continue
        # a declaration: up to ';' at brace depth 0, skipping comments (kept in the text)
        start = pos
        depth = 0
        while pos < n:
            if text.startswith("/*", pos):
                end = text.find("*/", pos + 2)
                if end < 0:
                    fail(line_at(pos), "unterminated comment")
                pos = end + 2
                continue
            ch = text[pos]
            if ch == '"':
                fail(line_at(pos), "string literal in a declaration")
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth < 0:
                    fail(line_at(pos), "unbalanced '}'")
            elif ch == ";" and depth == 0:
                break
            pos += 1
        if pos >= n:
            fail(line_at(start), "declaration without ';': %r" % text[start:start + 60])
        yield pending_doc, text[start:pos], line_at(start)
        pending_doc = None
        pos += 1


def strip_comments(s):
    return re.sub(r"//[^\n]*", " ", re.sub(r"/\*.*?\*/", " ", s, flags=re.S))


def parse_type(tokens, line, known):
    """tokens: list of words and '*' (no name). Returns CType."""
    toks = list(tokens)
    depth = 0
    const_base = False
    words = []
    seen_star = False
    for t in toks:
        if t == "*":
            depth += 1
            seen_star = True
        elif t == "const":
            if seen_star:
                # `T * const p` qualifies the pointer itself: irrelevant to the ABI but unusual
                fail(line, "const-qualified pointers are not supported: %s" % " ".join(toks))
            const_base = True
        elif t in ("struct", "enum", "volatile", "restrict", "signed") and t != "signed":
            fail(line, "write types through their typedef (no %r): %s" % (t, " ".join(toks)))
        else:
            if seen_star:
                fail(line, "cannot read type %s" % " ".join(toks))
            words.append(t)
    base = " ".join(words)
    if base == "unsigned int":
        base = "unsigned int"
    if base in SCALARS or base == "void":
        pass
    elif base in known:
        pass
    else:
        fail(line, "unknown type %r" % base)
    return CType(base, depth, const_base, line)


def tokenize_c(s):
    return re.findall(r"[A-Za-z_]\w*|\*|\S", s)


def parse_params(s, line, known):
    s = s.strip()
    if s == "void":
        return []
    if not s:
        fail(line, "empty parameter list: write (void)")
    params = []
    for part in s.split(","):
        toks = tokenize_c(part)
        if "(" in toks or "[" in toks:
            fail(line, "function-pointer or array parameters must use a typedef: %r" % part.strip())
        if "..." in part or toks == ["."]:
            fail(line, "varargs are not supported")
        if len(toks) < 2 or not re.match(r"[A-Za-z_]\w*$", toks[-1]) or toks[-1] in SCALARS:
            fail(line, "parameter without a name: %r" % part.strip())
        params.append(Param(toks[-1], parse_type(toks[:-1], line, known)))
    return params


def eval_const(expr, env, line):
    """Evaluates an integer constant expression of literals and known names."""
    toks = re.findall(r"0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|[A-Za-z_]\w*|<<|>>|[-+*/%()|&^~]", expr)
    if "".join(toks) != re.sub(r"\s+", "", expr):
        fail(line, "cannot evaluate %r" % expr)
    py = []
    for t in toks:
        if re.match(r"\d|0[xX]", t):
            py.append(str(int(t.rstrip("uUlL"), 0)))
        elif re.match(r"[A-Za-z_]", t):
            if t not in env or not isinstance(env[t], int):
                fail(line, "unknown integer name %r in %r" % (t, expr))
            py.append("(%d)" % env[t])
        elif t == "/":
            py.append("//")
        else:
            py.append(t)
    try:
        return int(eval(" ".join(py), {"__builtins__": {}}, {}))  # noqa: S307 (tokens checked above)
    except Exception as e:  # pragma: no cover
        fail(line, "cannot evaluate %r: %s" % (expr, e))


def parse_header(text):
    api = API()
    active, defines = preprocess(text)
    env = {}
    known = {}
    for doc, decl, line in split_decls(active):
        m = re.match(r"\s*__wgdef__\((\d+)\)\s*$", decl)
        if m:
            name, value, dline = defines[int(m.group(1))]
            value = strip_comments(value).strip()
            if re.match(r'^"(?:[^"\\]|\\.)*"$', value):
                v = bytes(value[1:-1], "utf-8").decode("unicode_escape")
            elif value == "":
                fail(dline, "#define %s has no value" % name)
            else:
                v = eval_const(value, env, dline)
            env[name] = v
            api.constants.append((name, v, Doc(doc)))
            api.order.append(("const", name))
            continue
        d = Doc(doc)
        body = strip_comments(decl)
        flat = " ".join(body.split())
        # opaque handle
        m = re.match(r"typedef struct (\w+) (\w+)$", flat)
        if m:
            if m.group(1) != m.group(2):
                fail(line, "opaque typedef must use the tag as name: %s" % flat)
            api.opaques.append(m.group(1))
            known[m.group(1)] = "opaque"
            api.order.append(("opaque", m.group(1)))
            continue
        if re.match(r"typedef struct \w* ?\{", flat):
            fail(line, "struct bodies are not supported by the binding generator (extend bindings/gen/wggen.py)")
        # enum
        m = re.match(r"typedef enum (\w+) \{(.*)\} (\w+)$", decl.strip().replace("\n", " \n "), re.S)
        if re.match(r"typedef enum", flat):
            m = re.match(r"\s*typedef\s+enum\s+(\w+)\s*\{(.*)\}\s*(\w+)\s*$", decl, re.S)
            if not m or m.group(1) != m.group(3):
                fail(line, "enum must be written `typedef enum NAME { ... } NAME;`")
            ename = m.group(1)
            items = []
            chunk = m.group(2)
            # split on commas outside comments; a trailing /**< */ belongs to the preceding item
            segs, cur, k = [], "", 0
            while k < len(chunk):
                if chunk.startswith("/*", k):
                    e = chunk.find("*/", k + 2)
                    cur += chunk[k:e + 2]
                    k = e + 2
                elif chunk[k] == ",":
                    segs.append(cur)
                    cur = ""
                    k += 1
                else:
                    cur += chunk[k]
                    k += 1
            segs.append(cur)
            entries = []  # [name, value, doc]
            for seg in segs:
                lead = re.match(r"\s*(/\*\*<.*?\*/)", seg, re.S)
                if lead and entries and entries[-1][2] is None:
                    entries[-1][2] = lead.group(1)
                    seg = seg[lead.end():]
                docs = re.findall(r"/\*\*<.*?\*/", seg, re.S)
                code = " ".join(strip_comments(seg).split())
                if not code:
                    if docs:
                        fail(line, "stray comment in enum %s" % ename)
                    continue
                mm = re.match(r"([A-Za-z_]\w*)\s*(?:=\s*(.+))?$", code)
                if not mm:
                    fail(line, "cannot read enumerator %r of %s" % (code, ename))
                if mm.group(2) is None:
                    fail(line, "enumerator %s of %s needs an explicit value" % (mm.group(1), ename))
                entries.append([mm.group(1), mm.group(2), docs[0] if docs else None])
            for mname, val, mdoc in entries:
                v = eval_const(val, env, line)
                env[mname] = v
                items.append((mname, v, Doc(mdoc)))
            if not items:
                fail(line, "empty enum %s" % ename)
            api.enums.append((ename, items, d))
            known[ename] = "enum"
            api.order.append(("enum", ename))
            continue
        # callback typedef
        m = re.match(r"typedef (.+?)\( ?\* ?(\w+) ?\) ?\((.*)\)$", flat)
        if m:
            ret = parse_type(tokenize_c(m.group(1)), line, known)
            params = parse_params(m.group(3), line, known)
            cb = Func(m.group(2), ret, params, d, line)
            api.callbacks.append(cb)
            known[cb.name] = "callback"
            api.order.append(("callback", cb.name))
            continue
        if flat.startswith("typedef"):
            fail(line, "unsupported typedef: %s" % flat[:80])
        m = re.match(r"WG_API (.+?)\b(\w+) ?\((.*)\)$", flat)
        if m:
            rtoks = tokenize_c(m.group(1))
            if "static" in rtoks or "inline" in rtoks:
                fail(line, "static inline functions are not supported")
            ret = parse_type(rtoks, line, known)
            params = parse_params(m.group(3), line, known)
            f = Func(m.group(2), ret, params, d, line)
            api.functions.append(f)
            api.order.append(("func", f.name))
            continue
        fail(line, "cannot understand declaration: %s" % flat[:100])
    names = [f.name for f in api.functions]
    dup = {n for n in names if names.count(n) > 1}
    if dup:
        fail("?", "duplicate declarations: %s" % ", ".join(sorted(dup)))
    classify(api)
    return api


# ---------------------------------------------------------------- classification


def scalar_token(t, line):
    if t.depth:
        fail(line, "expected a scalar, got %s" % t.c())
    if t.base in SCALARS:
        return SCALARS[t.base][1]
    return None


def classify(api):
    known = api.kinds_of_type()
    funcs = {f.name: f for f in api.functions}

    def in_kind(p, fname, line):
        t = p.type
        k = known.get(t.base)
        if t.depth == 0:
            if k == "callback":
                return "cb:" + t.base
            if k == "enum":
                return "in:int"
            if t.base in SCALARS:
                return "in:" + SCALARS[t.base][1]
            fail(line, "%s: parameter %s of type %s cannot be passed" % (fname, p.name, t.c()))
        if t.depth == 1:
            if k == "opaque":
                return "h:" + t.base
            if t.base == "char" and t.const_base:
                return "str"
            if t.base == "void" and t.const_base:
                return "str"
            if t.base == "void":
                return "ptr"
        fail(line, "%s: parameter %s of type %s is not an input the bindings understand "
             "(outputs come first)" % (fname, p.name, t.c()))

    def is_out_candidate(p):
        t = p.type
        if t.depth == 1 and not t.const_base and (t.base in SCALARS or t.base == "void" or known.get(t.base) == "enum"):
            return True
        if t.depth == 2 and (known.get(t.base) == "opaque" or (t.base == "char" and t.const_base)):
            return True
        return False

    def classify_params(fn, params, line, is_callback=False):
        n = 0
        while n < len(params):
            p = params[n]
            if p.type.depth == 1 and p.type.base == "void" and not p.type.const_base and not (
                    n + 1 < len(params) and params[n + 1].name == "cap"):
                break
            if is_out_candidate(p) or (p.name == "cap" and p.type.depth == 0 and p.type.base == "size_t"):
                n += 1
                continue
            break
        lead = params[:n]
        caps = [i for i, p in enumerate(lead) if p.name == "cap"]
        if len(caps) > 1:
            fail(line, "%s: more than one cap parameter" % fn.name)
        cap = caps[0] if caps else None
        if cap is not None and cap == 0:
            fail(line, "%s: cap must follow the array or buffer it sizes" % fn.name)
        have_count = False
        for i, p in enumerate(lead):
            t = p.type
            if i == cap:
                p.kind = "cap"
            elif cap is not None and i < cap:
                if t.depth != 1:
                    fail(line, "%s: array parameter %s must be a pointer to scalars" % (fn.name, p.name))
                if t.base in ("char", "void"):
                    p.kind = "buf"
                elif t.base in SCALARS:
                    p.kind = "arr:" + SCALARS[t.base][1]
                elif known.get(t.base) == "enum":
                    p.kind = "arr:int"
                else:
                    fail(line, "%s: array parameter %s of %s" % (fn.name, p.name, t.c()))
            elif (cap is not None and i > cap and not have_count and t.depth == 1 and t.base == "size_t"
                  and p.name in ("len", "count")):
                p.kind = "count"
                have_count = True
            elif t.depth == 2 and known.get(t.base) == "opaque":
                own = fn.doc.ownership
                if own == "borrowed" or (own is None and t.const_base):
                    p.kind = "outhb:" + t.base
                elif own == "owned" or re.search(r"_(new|load|parse|clone)(_\w+)?$", fn.name):
                    if t.const_base:
                        fail(line, "%s: an owned handle cannot be const" % fn.name)
                    p.kind = "outh:" + t.base
                else:
                    fail(line, "%s: say `@ownership owned` or `@ownership borrowed` for the handle it returns"
                         % fn.name)
            elif t.depth == 2:
                if fn.doc.ownership not in ("static", "borrowed"):
                    fail(line, "%s: a const char ** result needs `@ownership static|borrowed` in its comment"
                         % fn.name)
                p.kind = "outs"
            elif t.depth == 1 and t.base == "void":
                fail(line, "%s: void * output %s needs a cap parameter" % (fn.name, p.name))
            elif t.depth == 1 and known.get(t.base) == "enum":
                p.kind = "out:int"
            elif t.depth == 1:
                p.kind = "out:" + SCALARS[t.base][1]
            else:  # pragma: no cover
                fail(line, "%s: cannot classify %s" % (fn.name, p.name))
        if cap is not None and not any(p.kind in ("buf",) or p.kind.startswith("arr:") for p in lead):
            fail(line, "%s: cap without an array" % fn.name)
        rest = params[n:]
        j = 0
        while j < len(rest):
            p = rest[j]
            t = p.type
            if (t.depth == 1 and t.const_base and t.base not in ("char", "void")
                    and (t.base in SCALARS or known.get(t.base) == "enum")):
                # an input array: `const T *name, size_t nname`
                q = rest[j + 1] if j + 1 < len(rest) else None
                if (q is None or q.type.depth != 0 or q.type.base != "size_t" or q.name != "n" + p.name):
                    fail(line, "%s: input array %s must be followed by its count `size_t n%s`"
                         % (fn.name, p.name, p.name))
                if is_callback:
                    fail(line, "callback %s: parameter %s cannot be passed to a callback" % (fn.name, p.name))
                p.kind = "inarr:" + ("int" if known.get(t.base) == "enum" else SCALARS[t.base][1])
                q.kind = "inlen"
                j += 2
                continue
            p.kind = in_kind(p, fn.name, line)
            if is_callback and p.kind.startswith(("h:", "cb:", "str")):
                fail(line, "callback %s: parameter %s cannot be passed to a callback" % (fn.name, p.name))
            j += 1
        if is_callback:
            for p in lead:
                if not p.kind.startswith("out:"):
                    fail(line, "callback %s: only scalar outputs are supported (%s)" % (fn.name, p.name))

    for cb in api.callbacks:
        classify_params(cb, cb.params, cb.line, is_callback=True)
        if cb.ret.depth == 0 and cb.ret.base in SCALARS:
            cb.ret_kind = "in:" + SCALARS[cb.ret.base][1]
        elif cb.ret.depth == 1 and cb.ret.base == "void":
            cb.ret_kind = "ptr"
        elif cb.ret.base == "void" and cb.ret.depth == 0:
            cb.ret_kind = "void"
        else:
            fail(cb.line, "callback %s: unsupported return type %s" % (cb.name, cb.ret.c()))

    for f in api.functions:
        if not f.name.startswith("wg_"):
            fail(f.line, "public function %s must start with wg_" % f.name)
        if f.doc.ownership_bad:
            fail(f.line, "%s: unknown @ownership %s (static|borrowed|owned)" % (f.name, f.doc.ownership_bad))
        if not f.doc.text:
            fail(f.line, "%s has no Doxygen comment" % f.name)
        classify_params(f, f.params, f.line)
        r = f.ret
        has_ptr = any(not p.kind.startswith("in:") for p in f.params)
        if r.depth == 0 and r.base == "void":
            f.ret_kind = "void"
        elif r.depth == 0 and r.base == "int" and (has_ptr or f.doc.mentions_status):
            f.ret_kind = "status"
        elif r.depth == 0 and known.get(r.base) == "enum":
            f.ret_kind = "in:int"
        elif r.depth == 0 and r.base in SCALARS:
            f.ret_kind = "in:" + SCALARS[r.base][1]
        elif r.depth == 1 and r.base == "char" and r.const_base:
            if f.doc.ownership not in ("static", "borrowed"):
                fail(f.line, "%s returns const char * without `@ownership static|borrowed`" % f.name)
            f.ret_kind = "str"
        else:
            fail(f.line, "%s: unsupported return type %s" % (f.name, r.c()))
    for f in api.functions:
        for p in f.params:
            if p.kind.startswith("outh:"):
                t = p.kind[5:]
                fr = funcs.get(t + "_free")
                if fr is None or len(fr.params) != 1 or fr.params[0].kind != "h:" + t:
                    fail(f.line, "%s returns an owned %s but %s_free(%s *) is not declared" % (f.name, t, t, t))
            if p.kind.startswith("outhb:") and not any(q.kind.startswith("h:") for q in f.params):
                fail(f.line, "%s: a borrowed handle needs a handle argument it is borrowed from" % f.name)
    # every opaque type needs a free function taking it
    for t in api.opaques:
        fr = funcs.get(t + "_free")
        if fr is None:
            fail("?", "opaque type %s has no %s_free" % (t, t))


# ---------------------------------------------------------------- emitters


def enum_pyname(ename):
    base = ename[3:] if ename.startswith("wg_") else ename
    return "".join(w.capitalize() for w in base.split("_"))


def enum_members(items):
    names = [n for n, _, _ in items]
    parts = [n.split("_") for n in names]
    k = 0
    while all(len(p) > k + 1 for p in parts) and len({p[k] for p in parts}) == 1:
        k += 1
    out = []
    for (n, v, d), p in zip(items, parts):
        short = "_".join(p[k:])
        if short[0].isdigit():
            short = "_" + short
        out.append((short, n, v, d))
    return out


def py_ctype(t, known):
    k = known.get(t.base)
    if k == "callback":
        if t.depth:
            fail(t.line, "pointer to callback")
        return t.base
    if t.depth == 0:
        if t.base == "void":
            return "None"
        if k == "enum":
            return "ctypes.c_int"
        return "ctypes." + SCALARS[t.base][0]
    if t.depth == 1 and t.base == "char":
        return "ctypes.c_char_p" if t.const_base else "ctypes.c_char_p"
    if t.depth == 1 and t.base == "void":
        return "ctypes.c_void_p"
    if k == "opaque":
        return "ctypes.POINTER(" * t.depth + t.base + ")" * t.depth
    if t.base == "char" and t.depth == 2:
        return "ctypes.POINTER(ctypes.c_char_p)"
    if k == "enum":
        inner = "ctypes.c_int"
    else:
        inner = "ctypes." + SCALARS[t.base][0]
    return "ctypes.POINTER(" * t.depth + inner + ")" * t.depth


def pyrepr(v):
    return repr(v)


def const_calls(api):
    """Functions with handle inputs that are all const (errmsg getters excluded)."""
    out = []
    for f in api.functions:
        hs = [p for p in f.params if p.kind.startswith("h:")]
        if hs and all(p.type.const_base for p in hs) and not f.name.endswith("_errmsg"):
            out.append(f.name)
    return out


def emit_python(api):
    known = api.kinds_of_type()
    o = []
    w = o.append
    w('"""Low-level ctypes declarations of libwargame.')
    w("")
    w("Generated by bindings/gen/wggen.py from include/wargame.h: do not edit;")
    w("run `python3 bindings/gen/wggen.py` after changing the header.")
    w('"""')
    w("# fmt: off")
    w("import ctypes")
    w("import enum")
    w("from typing import Any, Dict, List, Tuple")
    w("")
    w("# ---- constants")
    for name, v, d in api.constants:
        w("%s = %s" % (name, pyrepr(v)))
    w("")
    w("# ---- enums")
    for ename, items, d in api.enums:
        cls = enum_pyname(ename)
        w("")
        w("")
        w("class %s(enum.IntEnum):" % cls)
        w('    """%s (C enum %s)."""' % ((d.brief or ename).replace('"', "'").rstrip("."), ename))
        w("")
        for short, n, v, md in enum_members(items):
            w("    %s = %d" % (short, v))
    w("")
    w("")
    for ename, items, d in api.enums:
        for short, n, v, md in enum_members(items):
            w("%s = %d" % (n, v))
    w("")
    w("ENUMS: Dict[str, Any] = {")
    for ename, items, d in api.enums:
        w("    %r: %s," % (ename, enum_pyname(ename)))
    w("}")
    w("")
    w("# ---- opaque handle types")
    for t in api.opaques:
        w("")
        w("")
        w("class %s(ctypes.Structure):" % t)
        w('    """Opaque %s."""' % t)
    w("")
    w("")
    w("HANDLE_TYPES: Tuple[str, ...] = (%s)" % "".join("%r, " % t for t in api.opaques))
    w("")
    w("# functions whose handle parameters are all const: a failure writes no message on the handle")
    w("# (the header's thread contract), so the error text is the status's")
    w("CONST_CALLS = frozenset((%s))" % "".join("%r, " % n for n in const_calls(api)))
    w("")
    w("# ---- callback types")
    for cb in api.callbacks:
        args = [py_ctype(cb.ret, known) if cb.ret_kind != "ptr" else "ctypes.c_void_p"]
        args += [py_ctype(p.type, known) for p in cb.params]
        w("%s = ctypes.CFUNCTYPE(%s)" % (cb.name, ", ".join(args)))
    w("")
    w("CALLBACKS: Dict[str, Any] = {")
    for cb in api.callbacks:
        w("    %r: (%s, %r, (%s)," % (cb.name, cb.name, cb.ret_kind,
                                     "".join("(%r, %r), " % (p.name, p.kind) for p in cb.params)))
        w("        %r)," % cb.doc.brief)
    w("}")
    w("")
    w("# ---- functions: name -> (restype, argtypes, return kind, ((param, kind), ...), ownership, brief)")
    w("FUNCTIONS: Dict[str, Any] = {")
    for f in api.functions:
        res = py_ctype(f.ret, known)
        if f.ret_kind == "str":
            res = "ctypes.c_char_p"
        argt = ", ".join(py_ctype(p.type, known) for p in f.params)
        w("    %r: (" % f.name)
        w("        %s, [%s]," % (res, argt))
        w("        %r, (%s)," % (f.ret_kind, "".join("(%r, %r), " % (p.name, p.kind) for p in f.params)))
        w("        %r, %r)," % (f.doc.ownership, f.doc.brief))
    w("}")
    w("")
    w("")
    w("def bind(lib: Any) -> List[str]:")
    w('    """Sets restype/argtypes on every function of a loaded CDLL; returns the missing names."""')
    w("    missing: List[str] = []")
    w("    for name, (res, args, _rk, _ps, _own, _doc) in FUNCTIONS.items():")
    w("        try:")
    w("            fn = getattr(lib, name)")
    w("        except AttributeError:")
    w("            missing.append(name)")
    w("            continue")
    w("        fn.restype = res")
    w("        fn.argtypes = args")
    w("    return missing")
    return "\n".join(o) + "\n"


def lua_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def c_decl_type(t):
    s = ("const " if t.const_base else "") + t.base
    return s + (" " + "*" * t.depth if t.depth else "")


def c_param(p):
    t = p.type
    s = c_decl_type(t)
    return s + ("" if s.endswith("*") else " ") + p.name


def emit_lua(api):
    o = []
    w = o.append
    w("-- Low-level declarations of libwargame for the Lua bindings.")
    w("-- Generated by bindings/gen/wggen.py from include/wargame.h: do not edit;")
    w("-- run `python3 bindings/gen/wggen.py` after changing the header.")
    w("local D = {}")
    w("")
    w("-- C declarations for LuaJIT's ffi.cdef")
    w("D.cdef = [[")
    for kind, name in api.order:
        if kind == "opaque":
            w("typedef struct %s %s;" % (name, name))
        elif kind == "enum":
            items = [e for e in api.enums if e[0] == name][0][1]
            w("typedef enum %s { %s } %s;" % (name, ", ".join("%s = %d" % (n, v) for n, v, _ in items), name))
        elif kind == "callback":
            cb = [c for c in api.callbacks if c.name == name][0]
            w("typedef %s (*%s)(%s);" % (c_decl_type(cb.ret), name,
                                         ", ".join(c_param(p) for p in cb.params) or "void"))
        elif kind == "func":
            f = [x for x in api.functions if x.name == name][0]
            w("%s %s(%s);" % (c_decl_type(f.ret), name, ", ".join(c_param(p) for p in f.params) or "void"))
    w("]]")
    w("")
    w("D.constants = {")
    for name, v, d in api.constants:
        w("  %s = %s," % (name, lua_str(v) if isinstance(v, str) else str(v)))
    w("}")
    w("")
    w("-- enums: C name -> { {member, value, short name}, ... }")
    w("D.enums = {")
    for ename, items, d in api.enums:
        w("  %s = {" % ename)
        for short, n, v, md in enum_members(items):
            w("    { %s, %d, %s }," % (lua_str(n), v, lua_str(short)))
        w("  },")
    w("}")
    w("")
    w("-- opaque handle types and their free functions (free_status: the free function returns a status)")
    w("D.handles = {")
    funcs = {f.name: f for f in api.functions}
    for t in api.opaques:
        fr = funcs[t + "_free"]
        w("  %s = { free = %s, free_status = %s }," % (t, lua_str(fr.name), "true" if fr.ret_kind == "status" else "false"))
    w("}")
    w("")
    w("-- functions whose handle parameters are all const: a failure writes no message on the handle")
    w("D.const_calls = {")
    for n in const_calls(api):
        w("  %s = true," % n)
    w("}")
    w("")
    w("-- callbacks: name -> { return kind, parameter kinds... }")
    w("D.callbacks = {")
    for cb in api.callbacks:
        w("  %s = { %s }," % (cb.name, ", ".join(lua_str(k) for k in [cb.ret_kind] + [p.kind for p in cb.params])))
    w("}")
    w("")
    w("-- functions: { name, return kind, parameter kinds... } in header order")
    w("D.functions = {")
    for f in api.functions:
        w("  { %s }," % ", ".join(lua_str(k) for k in [f.name, f.ret_kind] + [p.kind for p in f.params]))
    w("}")
    w("")
    w("-- C types of the handle results (`const` matters to LuaJIT's ffi)")
    w("D.ctypes = {")
    for f in api.functions:
        hs = [(i, c_decl_type(p.type)) for i, p in enumerate(f.params) if p.kind.startswith(("outh:", "outhb:"))]
        if hs:
            w("  %s = { %s }," % (f.name, ", ".join("[%d] = %s" % (i + 1, lua_str(t)) for i, t in hs)))
    w("}")
    w("")
    w("return D")
    return "\n".join(o) + "\n"


def dump(api):
    for name, v, d in api.constants:
        print("const %s = %r" % (name, v))
    for e, items, d in api.enums:
        print("enum %s: %s" % (e, ", ".join("%s=%d" % (n, v) for n, v, _ in items)))
    for cb in api.callbacks:
        print("callback %s -> %s (%s)" % (cb.name, cb.ret_kind, ", ".join("%s %s" % (p.kind, p.name) for p in cb.params)))
    for f in api.functions:
        print("%s -> %s (%s)%s" % (f.name, f.ret_kind, ", ".join("%s %s" % (p.kind, p.name) for p in f.params),
                                   " [%s]" % f.doc.ownership if f.doc.ownership else ""))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files; exit 1 if stale")
    ap.add_argument("--dump", action="store_true", help="print the parsed API")
    ap.add_argument("--header", default=HEADER)
    ap.add_argument("--out-py", default=OUT_PY)
    ap.add_argument("--out-lua", default=OUT_LUA)
    a = ap.parse_args(argv)
    try:
        with open(a.header, encoding="utf-8") as fh:
            api = parse_header(fh.read())
    except GenError as e:
        print("wggen: error: %s" % e, file=sys.stderr)
        return 2
    if a.dump:
        dump(api)
        return 0
    outputs = [(a.out_py, emit_python(api)), (a.out_lua, emit_lua(api))]
    stale = 0
    for path, content in outputs:
        try:
            with open(path, encoding="utf-8") as fh:
                old = fh.read()
        except FileNotFoundError:
            old = None
        if a.check:
            if old != content:
                stale += 1
                rel = os.path.relpath(path, ROOT)
                if old is None:
                    print("wggen: %s is missing" % rel)
                else:
                    diff = list(difflib.unified_diff(old.splitlines(), content.splitlines(),
                                                     "committed/" + rel, "generated/" + rel, lineterm="", n=0))
                    body = [ln for ln in diff[2:] if not ln.startswith("@@")]
                    adds = sum(1 for ln in body if ln.startswith("+"))
                    dels = sum(1 for ln in body if ln.startswith("-"))
                    print("wggen: %s is stale (+%d -%d lines):" % (rel, adds, dels))
                    for ln in diff[:40]:
                        print("  " + ln)
                    if len(diff) > 40:
                        print("  ... (%d more diff lines)" % (len(diff) - 40))
        elif old != content:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(content)
            print("wggen: wrote %s" % os.path.relpath(path, ROOT))
    if a.check:
        if stale:
            print("wggen: run `python3 bindings/gen/wggen.py` and commit the result")
            return 1
        print("wggen: bindings are up to date (%d functions, %d enums, %d constants, %d callbacks)"
              % (len(api.functions), len(api.enums), len(api.constants), len(api.callbacks)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
