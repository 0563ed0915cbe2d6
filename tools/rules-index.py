#!/usr/bin/env python3
"""The rules index: every rule tag the library prints (in its events and messages) with a one-line
summary, one page per ruleset under doc/rules/.

    python3 tools/rules-index.py tags                 list the tags found in lib/ string literals
    python3 tools/rules-index.py write CHECKLIST_DIR  rewrite doc/rules/*.md from the checklists
                                                      (a summary already written is kept)
    python3 tools/rules-index.py check               every tag of lib/ is indexed (a CTest test)

A tag is a word like LGA-FMARCH-10, LM-FATIGUE-07/08 (two items), LA-FIRE-10 or CCN-BASE-04 inside
a C string literal of lib/ (comments do not count).  The index pages are plain Markdown tables
that a person reads and this script checks.
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULESETS = [  # prefix, ruleset id, title, checklist
    ("LGA", "lga", "La Grande Armée", "la-grande-armee.checklist.md"),
    ("LM", "marechaux", "Les Maréchaux", "les-marechaux.checklist.md"),
    ("CCN", "ccn", "Commands & Colors: Napoleonics", "commands-and-colors-napoleonics-gmt.checklist.md"),
    ("LA", "aigles", "Les Aigles", "les-aigles.checklist.md"),
]
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
TAG = re.compile(r"\b(LGA|LM|LA|CCN)-([A-Z][A-Z0-9]*)-(\d+[a-z]?)((?:/\d+[a-z]?)*)")
ROW = re.compile(r"^\| `([A-Z]+-[A-Z0-9]+-\d+[a-z]?)` \| (.*) \|$")


def key(tag):
    pre, part, num = tag.split("-", 2)
    m = re.match(r"(\d+)(.*)", num)
    return (pre, part, int(m.group(1)), m.group(2))


def source_tags():
    """{prefix: {tag: [files]}} of the tags in string literals of lib/."""
    found = {p[0]: {} for p in RULESETS}
    for path in sorted(glob.glob(os.path.join(ROOT, "lib", "**", "*.[ch]"), recursive=True)):
        src = open(path, encoding="utf-8").read()
        src = re.sub(r"/\*.*?\*/", " ", src, flags=re.S)
        src = re.sub(r"//[^\n]*", "", src)
        rel = os.path.relpath(path, ROOT)
        for lit in STRING.finditer(src):
            for t in TAG.finditer(lit.group(1)):
                base = "%s-%s-" % (t.group(1), t.group(2))
                for num in [t.group(3)] + t.group(4).split("/")[1:]:
                    found[t.group(1)].setdefault(base + num, set()).add(rel)
    return found


def page_path(rid):
    return os.path.join(ROOT, "doc", "rules", rid + ".md")


def read_page(rid):
    rows = {}
    if os.path.exists(page_path(rid)):
        for line in open(page_path(rid), encoding="utf-8"):
            m = ROW.match(line.rstrip("\n"))
            if m:
                rows[m.group(1)] = m.group(2)
    return rows


def summary_from(checklist, tag):
    """The first sentence of the checklist's entry for tag, without Markdown."""
    pat = re.compile(r"^\s*-\s+(?:\[.\]\s+)?\*\*" + re.escape(tag) + r"(?:\*\*|\s*[—-]\s*)(.*)$")
    for line in checklist:
        m = pat.match(line)
        if not m:
            continue
        text = m.group(1)
        text = re.sub(r"\*\*([^*]*)\*\*", r"\1", text).replace("*", "")
        text = re.sub(r"^\s*[—-]\s*", "", text)
        text = re.sub(r"\s*\[§[^\]]*\]\s*$", "", text)
        text = re.sub(r"^\[[^\]]*\]\s*", "", text)
        text = text.strip().rstrip(".")
        m2 = re.match(r"(.+?[.;:])\s", text + " ")
        first = m2.group(1).rstrip(".;:") if m2 else text
        if len(first) < 25 and m2:
            first = text
        if len(first) > 160:
            first = first[:157].rsplit(" ", 1)[0] + " …"
        return first.replace("|", "/")
    return None


HEADER = """# Rules index: {title} (`{rid}`)

Every rule tag the `{rid}` ruleset prints in its events (`wg_game_event_rule`) and in its
messages (`wg_game_errmsg`, odds modifiers, decision texts), with what the rule says in one line.
A tag names an item of the ruleset's checklist: the part (`{example}`) and its number.  Gap tags
(`…-GAP-nn`) name a point the rulebook leaves open and the behaviour the engine chose for it
(doc/{rid}.md explains the choices).  `tools/rules-index.py check` (the CTest test
`rules_index`) fails when the library prints a tag this page does not list.

| Tag | Rule |
|---|---|
"""


def write(checklist_dir):
    found = source_tags()
    for pre, rid, title, chk in RULESETS:
        lines = open(os.path.join(checklist_dir, chk), encoding="utf-8").read().splitlines()
        old = read_page(rid)
        tags = sorted(set(found[pre]) | set(old), key=key)
        example = next(iter(tags), pre + "-PART-01")
        out = [HEADER.format(title=title, rid=rid, example=example.rsplit("-", 1)[0])]
        for tag in tags:
            text = old.get(tag) or summary_from(lines, tag)
            if not text:
                sys.exit("no checklist entry for %s in %s" % (tag, chk))
            out.append("| `%s` | %s |\n" % (tag, text))
        with open(page_path(rid), "w", encoding="utf-8") as f:
            f.write("".join(out))
        print("%s: %d tags" % (page_path(rid), len(tags)))


def check():
    found = source_tags()
    bad = 0
    for pre, rid, _, _ in RULESETS:
        rows = read_page(rid)
        for tag, files in sorted(found[pre].items(), key=lambda kv: key(kv[0])):
            if tag not in rows:
                print("FAIL: %s (printed by %s) is not in doc/rules/%s.md" % (tag, ", ".join(sorted(files)), rid))
                bad += 1
            elif len(rows[tag].strip()) < 10:
                print("FAIL: doc/rules/%s.md: %s has no summary" % (rid, tag))
                bad += 1
        print("%s: %d tags printed, %d indexed" % (rid, len(found[pre]), len(rows)))
    if bad:
        print("run: python3 tools/rules-index.py write ../shared/rules (then review the new lines)")
        return 1
    print("PASS: every rule tag the library prints is in doc/rules/")
    return 0


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "tags":
        for pre, tags in source_tags().items():
            for t in sorted(tags, key=key):
                print(t)
    elif len(sys.argv) == 3 and sys.argv[1] == "write":
        write(sys.argv[2])
    elif len(sys.argv) == 2 and sys.argv[1] == "check":
        sys.exit(check())
    else:
        sys.exit(__doc__)
