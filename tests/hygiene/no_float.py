#!/usr/bin/env python3
"""No floating point in a rule decision: the exact geometry of the core (lib/core/geom.[ch],
lib/core/tablemap.c) and every source of the Les Aigles ruleset (lib/aigles/) use integers only.

Fails on the words float, double, long double, <math.h>, <float.h>, <tgmath.h>, <complex.h> and on
floating literals (1.5, 2e3, .5f, 0x1p3) in the code, comments and string literals removed; and, when
object files are given (the library's objects; those of the files above are checked), on any x86-64
floating-point instruction the compiler emitted for them (objdump -d).
Usage: no_float.py SOURCE_ROOT [OBJECT...]"""
import os
import re
import subprocess
import sys

root = sys.argv[1]
objects = [o for o in sys.argv[2:] if re.search(r"(/lib/core/(geom|tablemap)\.c\.o|/lib/aigles/[^/]+\.c\.o)$", o)]
files = [os.path.join(root, "lib/core", f) for f in ("geom.c", "geom.h", "tablemap.c")]
aigles = os.path.join(root, "lib/aigles")
if os.path.isdir(aigles):
    files += sorted(os.path.join(aigles, f) for f in os.listdir(aigles) if f.endswith((".c", ".h")))

TOKEN = re.compile(r"""
    //[^\n]*                              # line comment
  | /\*.*?\*/                             # block comment
  | "(?:\\.|[^"\\\n])*"                   # string literal
  | '(?:\\.|[^'\\\n])*'                   # character literal
""", re.S | re.X)
WORD = re.compile(r"\b(float|double|_Float\d+|_Complex|_Imaginary)\b")
HEADER = re.compile(r"#\s*include\s*<(math|float|tgmath|complex|fenv)\.h>")
LITERAL = re.compile(r"(?<![\w.])(\d+\.\d*|\.\d+|\d+[eE][+-]?\d+|\d+\.\d*[eE][+-]?\d+|0[xX][0-9a-fA-F.]+[pP][+-]?\d+)[fFlL]?(?![\w.])")

bad = []
for path in files:
    with open(path, encoding="utf-8") as f:
        text = f.read()
    code = TOKEN.sub(lambda m: "\n" * m.group(0).count("\n") if m.group(0)[0] == "/" else '""', text)
    for no, line in enumerate(code.split("\n"), 1):
        for rx, what in ((WORD, "a floating type"), (HEADER, "a floating-point header"), (LITERAL, "a floating literal")):
            m = rx.search(line)
            if m:
                bad.append("%s:%d: %s '%s'" % (os.path.relpath(path, root), no, what, m.group(0)))

# x86-64 floating-point instructions: SSE/AVX scalar and packed float arithmetic, conversions, x87.
FP_INSN = re.compile(r"\t(v?(add|sub|mul|div|sqrt|min|max|cmp|ucomi|comi)(ss|sd|ps|pd)|v?cvt\w*(ss|sd|ps|pd|si2s)\w*|f(ld|st|add|mul|div|sub)\w*)\s")
for obj in objects:
    if not os.path.exists(obj):
        continue
    try:
        out = subprocess.run(["objdump", "-d", "--no-show-raw-insn", obj], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        continue
    for line in out.split("\n"):
        if FP_INSN.search(line):
            bad.append("%s: floating-point instruction: %s" % (os.path.basename(obj), line.strip()))
            break

for b in bad:
    print("no_float: " + b)
print("no_float: %d source files, %d objects checked: %s" % (len(files), len(objects), "FAIL" if bad else "ok"))
sys.exit(1 if bad else 0)
