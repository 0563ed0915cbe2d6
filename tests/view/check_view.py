#!/usr/bin/python3
"""The JSON view against its schema, at every step of random games.

For every ruleset and scenario: bot games (a few hundred steps each, one longer game), and at
every step the view of every viewer (each player and the referee) validated against
doc/view.schema.json (Draft 2020-12, python3-jsonschema) and checked against the other calls:
the pieces are those wg_game_piece_count counts, the options are present exactly when the
viewer may read them, the spaces are exactly those the pieces stand in, the events start at
first_event (a front end polling with the previous count sees each event once).  Then the same
views written under a numeric locale that is not C (de_DE.UTF-8, made with localedef when the
system lacks it) must be byte for byte those of the C locale.  The odds of wg_game_odds are
validated against $defs/odds whenever a ruleset computes them.

Run with /usr/bin/python3 (Debian's python3-jsonschema); WARGAME_LIBRARY names the library and
PYTHONPATH reaches bindings/python (CTest sets both).  WG_VIEW_STEPS scales the games.
"""

import atexit
import ctypes
import ctypes.util
import json
import locale
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bindings", "python"))

try:
    import jsonschema
except ImportError:
    print("check_view: SKIP: python3-jsonschema is not installed (apt-get install python3-jsonschema)")
    sys.exit(77)

import wargame  # noqa: E402
from wargame import Status, WargameError  # noqa: E402

REFEREE = int(wargame.REFEREE)
SCALE = float(os.environ.get("WG_VIEW_STEPS", "1"))
STEPS = int(100 * SCALE)
LONG_STEPS = int(400 * SCALE)
OPTS = {"lga": "crt=completion"}  # fills the CRT cells the rulebook does not print (LGA-GAP-04)

with open(os.path.join(ROOT, "doc", "view.schema.json"), encoding="utf-8") as fh:
    SCHEMA = json.load(fh)
jsonschema.Draft202012Validator.check_schema(SCHEMA)
VIEW = jsonschema.Draft202012Validator(SCHEMA)
# The same validation, faster: the top level against the schema with the list items left open,
# then each distinct item (pieces, options, spaces, events repeat from step to step) against its
# own definition once.  The item schemas depend on nothing around them, so this is the full check.
_SHALLOW = json.loads(json.dumps(SCHEMA))
_ITEMS = {}
for _k in ("options", "pieces", "spaces", "events"):
    _ref = _SHALLOW["properties"][_k]["items"]["$ref"]
    _ITEMS[_k] = jsonschema.Draft202012Validator({"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"],
                                                  "$ref": _ref})
    _SHALLOW["properties"][_k]["items"] = True
SHALLOW = jsonschema.Draft202012Validator(_SHALLOW)
_SEEN = {k: set() for k in _ITEMS}
ODDS = jsonschema.Draft202012Validator({"$schema": SCHEMA["$schema"], "$defs": SCHEMA["$defs"],
                                        "$ref": "#/$defs/odds"})

failures = []
counts = {"views": 0, "games": 0, "steps": 0, "odds_ok": 0, "odds_refused": 0}


def fail(where, msg):
    failures.append("%s: %s" % (where, msg))
    if len(failures) <= 20:
        print("FAIL %s: %s" % (where, msg))


def validate(validator, doc, where):
    errs = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    for e in errs[:3]:
        fail(where, "schema: %s at /%s" % (e.message[:200], "/".join(str(p) for p in e.path)))
    return not errs


def validate_view(doc, where, full=False):
    """doc against doc/view.schema.json (the whole schema at once when `full`)."""
    if full:
        return validate(VIEW, doc, where)
    if not validate(SHALLOW, doc, where):
        return False
    good = True
    for k, val in _ITEMS.items():
        seen = _SEEN[k]
        for i, item in enumerate(doc.get(k) or ()):
            key = json.dumps(item, sort_keys=True)
            if key in seen:
                continue
            if validate(val, item, "%s %s[%d]" % (where, k, i)):
                seen.add(key)
            else:
                good = False
    return good


def may_read_options(g, viewer):
    try:
        g.option_count_for(viewer)
        return True
    except WargameError as e:
        if e.status != Status.ESTATE:
            raise
        return False


def check_view(g, viewer, first_event, where, full=False):
    text = g.view_json(viewer, first_event)
    counts["views"] += 1
    try:
        v = json.loads(text)
    except ValueError as e:
        fail(where, "not JSON: %s" % e)
        return None
    if not validate_view(v, where, full):
        return v
    if v["viewer"] != viewer:
        fail(where, "viewer %r" % v["viewer"])
    if v["step"] != g.step_count:
        fail(where, "step %d, step_count %d" % (v["step"], g.step_count))
    if v["over"] != g.is_over:
        fail(where, "over %r" % v["over"])
    if v["ruleset"] != g.ruleset or v["scenario"] != g.scenario:
        fail(where, "ruleset/scenario %s/%s" % (v["ruleset"], v["scenario"]))
    player, _kind = g._call("wg_game_decision")
    if v["decision"]["player"] != player:
        fail(where, "decision player %r, wg_game_decision %r" % (v["decision"]["player"], player))
    # pieces: those the viewer sees
    npieces = g.piece_count(viewer)
    if len(v["pieces"]) != npieces:
        fail(where, "%d pieces in the view, piece_count %d" % (len(v["pieces"]), npieces))
    for i, p in enumerate(v["pieces"][:min(npieces, 12)]):
        side, space = g.piece(viewer, i)
        if p["side"] != side or p["space"] != space:
            fail(where, "piece %d: side/space %r/%r, wg_game_piece %r/%r" % (i, p["side"], p["space"], side, space))
            break
        if p["space_name"] != g.space_name(space):
            fail(where, "piece %d: space_name %r, space %d is %r" % (i, p["space_name"], space, g.space_name(space)))
            break
    # options: present exactly when the viewer may read them (the decider, the referee)
    if v["over"]:
        readable = False
    else:
        readable = may_read_options(g, viewer)
        if viewer == REFEREE or viewer == player:
            if not readable:
                fail(where, "the decider/referee may not read the options")
        elif player >= 0 and readable:
            fail(where, "player %d reads the options of player %d" % (viewer, player))
    if ("options" in v) != readable:
        fail(where, "options %s, readable %s" % ("present" if "options" in v else "absent", readable))
    if "options" in v:
        n = g.option_count_for(viewer)
        if [o["index"] for o in v["options"]] != list(range(n)):
            fail(where, "option indexes %r, option_count_for %d" % ([o["index"] for o in v["options"]][:5], n))
        for o in v["options"][:12]:
            i = o["index"]
            if o["label"] != g.option_label_for(i, viewer):
                fail(where, "option %d label %r" % (i, o["label"]))
                break
            np_, req = g.option_param_count(i)
            if np_ and ("params" not in o or len(o["params"]) != np_ or o["params_required"] != bool(req)):
                fail(where, "option %d: %d params (required %d) not in the view" % (i, np_, req))
    # spaces: exactly those the pieces stand in, each once, by increasing index
    stood = sorted({p["space"] for p in v["pieces"]})
    listed = [s["space"] for s in v["spaces"]]
    if listed != stood:
        fail(where, "spaces %r, pieces stand in %r" % (listed[:8], stood[:8]))
    for s in v["spaces"]:
        if s["name"] != g.space_name(s["space"]):
            fail(where, "space %d name %r" % (s["space"], s["name"]))
            break
    # events from first_event
    nev = g.event_count()
    if [e["index"] for e in v["events"]] != list(range(first_event, nev)):
        fail(where, "events %r from %d, event_count %d" % ([e["index"] for e in v["events"]][:5], first_event, nev))
    return v


def play(ctx, ruleset, scenario, seed, steps, keep=None):
    """Plays `steps` bot steps, checking the views of every viewer at every step; `keep` collects
    (game-step, viewer, first_event, text) samples for the locale comparison."""
    g = ctx.new_game(ruleset, scenario, OPTS.get(ruleset), seed)
    counts["games"] += 1
    viewers = list(range(len(g.players))) + [REFEREE]
    last = {v: 0 for v in viewers}
    for step in range(steps + 1):
        where = "%s/%s seed %d step %d" % (ruleset, scenario, seed, step)
        for viewer in viewers:
            # the whole schema in one pass now and then, the item-wise equivalent otherwise
            full = check_view(g, viewer, 0, "%s viewer %d" % (where, viewer), full=(step == 0 and seed == 1))
            if last[viewer]:
                # polling: only the events since the previous view, the same as in the full view
                part = check_view(g, viewer, last[viewer], "%s viewer %d from %d" % (where, viewer, last[viewer]))
                if full is not None and part is not None and part["events"] != full["events"][last[viewer]:]:
                    fail(where, "viewer %d: the events from %d differ from the full view's" % (viewer, last[viewer]))
            last[viewer] = g.event_count()
            if keep is not None and step % 25 == 0:
                keep.append((ruleset, scenario, seed, step, viewer, g.save()))
        if g.is_over:
            break
        try:
            g.bot_step()
        except WargameError as e:
            if e.status == Status.ETABLEGAP:
                break  # a printed gap the options do not fill: the game stops there
            raise
        counts["steps"] += 1
    check_odds(g, ruleset, "%s/%s seed %d end" % (ruleset, scenario, seed))
    return g


def odds_actions(g, ruleset):
    """A few descriptions built from the game's own pieces and spaces (doc/view.md)."""
    pieces = g.pieces(REFEREE)
    ids = [p.attrs.get("id") for p in pieces if isinstance(p.attrs.get("id"), int)]
    names = [p.attrs["space_name"] for p in pieces if "space_name" in p.attrs]
    acts = []
    if ruleset == "aigles":
        for a in ids[:4]:
            for t in ids[-4:]:
                acts.append("fire from=%d at=%d" % (a, t))
                acts.append("melee from=%d at=%d" % (a, t))
    elif ruleset == "lga":
        for a, t in zip(ids[:3], names[-3:]):
            acts.append('attack attackers=%d target="%s"' % (a, t))
    else:
        acts += ["combat", "commander", "demoralization"]
        for a, z in zip(ids[:3], names[:3]):
            acts.append('combat zone="%s" attackers=%d' % (z, a))  # before it is declared
        for z in names[:3]:
            for side in (0, 1):
                acts.append('command side=%d zone="%s"' % (side, z))
                acts.append('disengage side=%d zone="%s"' % (side, z))
    acts.append("no-such-verb x=1")
    return acts


def check_odds(g, ruleset, where):
    for act in odds_actions(g, ruleset):
        try:
            text = g._call("wg_game_odds", REFEREE, act)
        except WargameError as e:
            if e.status == Status.ERULESET:
                counts.setdefault("no_odds", set()).add(ruleset)
                return
            if not e.message:
                fail(where, "odds %r refused without a message (%s)" % (act, e.status))
            counts["odds_refused"] += 1
            continue
        o = json.loads(text)
        if validate(ODDS, o, "%s odds %r" % (where, act)):
            counts["odds_ok"] += 1
            if sum(x["weight"] for x in o["outcomes"]) != o["total"]:
                fail(where, "odds %r: the weights do not add up to total" % act)


# ---------------------------------------------------------------- locales

def libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")


LC_ALL = 6  # glibc


def set_c_locale(name):
    """Sets the numeric locale of Python and of the C library; True when it took."""
    c = libc()
    c.setlocale.restype = ctypes.c_char_p
    c.setlocale.argtypes = [ctypes.c_int, ctypes.c_char_p]
    r = c.setlocale(LC_ALL, name.encode())
    if r is None:
        return False
    try:
        locale.setlocale(locale.LC_ALL, name)
    except locale.Error:
        pass
    return True


def comma_locale():
    """(name, None) of a locale whose decimal point is a comma, or (None, reason)."""
    for name in ("de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8"):
        if set_c_locale(name):
            return name, None
    exe = shutil.which("localedef")
    if not exe:
        return None, "no de_DE locale and no localedef to make one"
    locdir = tempfile.mkdtemp(prefix="wg-loc-")
    atexit.register(shutil.rmtree, locdir, True)
    r = subprocess.run([exe, "-i", "de_DE", "-f", "UTF-8", os.path.join(locdir, "de_DE.UTF-8")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    if not os.path.isdir(os.path.join(locdir, "de_DE.UTF-8")):
        return None, "localedef failed (exit %d): %s" % (r.returncode, r.stdout.strip()[:200])
    os.environ["LOCPATH"] = locdir  # glibc reads it at setlocale
    if set_c_locale("de_DE.UTF-8"):
        return "de_DE.UTF-8 (LOCPATH=%s)" % locdir, None
    return None, "setlocale refused the de_DE.UTF-8 made by localedef"


def decimal_point():
    c = libc()
    c.localeconv.restype = ctypes.POINTER(ctypes.c_char_p)
    return c.localeconv()[0]


def locale_part(ctx, samples):
    """The views of the sampled positions written under a comma locale equal the C locale's."""
    set_c_locale("C")
    ref = []
    for r, s, seed, step, viewer, save in samples:
        g = ctx.load_game(save)
        ref.append(g.view_json(viewer, 0).encode())
        g.close()
    name, why = comma_locale()
    if name is None:
        print("check_view: locale part SKIPPED (not tested): %s" % why)
        return False
    dp = decimal_point()
    if dp != b",":
        set_c_locale("C")
        print("check_view: locale part SKIPPED (not tested): %s has decimal point %r" % (name, dp))
        return False
    try:
        for (r, s, seed, step, viewer, save), want in zip(samples, ref):
            g = ctx.load_game(save)
            got = g.view_json(viewer, 0).encode()
            if got != want:
                fail("%s/%s seed %d step %d viewer %d under %s" % (r, s, seed, step, viewer, name),
                     "the JSON differs from the C locale's")
            g.close()
        # and a few fresh steps played and viewed under that locale
        for r in wargame.rulesets():
            play(ctx, r, wargame.scenarios(r)[0][0], 99, 20)
    finally:
        set_c_locale("C")
    print("check_view: locale: %d views under %s (decimal point ',') equal the C locale's"
          % (len(samples), name))
    return True


def schema_rejects(ctx, r):
    """The schema is strict: broken copies of a real view fail it."""
    g = ctx.new_game(r, wargame.scenarios(r)[0][0], OPTS.get(r), 5)
    for _ in range(200):
        good = json.loads(g.view_json(REFEREE, 0))
        if good["pieces"] and good.get("options") and good["events"]:
            break
        g.bot_step()
    else:
        fail("schema", "%s: no position with pieces, options and events in 200 steps" % r)
        return
    if not VIEW.is_valid(good):
        fail("schema", "a real view fails it")
    def broken(f):
        d = json.loads(json.dumps(good))
        f(d)
        return d
    cases = {
        "no pieces": lambda d: d.pop("pieces"),
        "an unknown top-level field": lambda d: d.__setitem__("extra", 1),
        "a result before the end": lambda d: d.__setitem__("result", "x"),
        "a float attribute": lambda d: d["pieces"][0].__setitem__("strength", 1.5),
        "a piece without space_name": lambda d: d["pieces"][0].pop("space_name"),
        "an event with an extra field": lambda d: d["events"].append(
            {"index": 0, "step": 0, "kind": 0, "rule": "", "text": "", "x": 1}),
        "a viewer -7": lambda d: d.__setitem__("viewer", -7),
        "params without params_required": lambda d: d["options"][0].__setitem__(
            "params", [{"name": "die", "min": 1, "max": 6}]),
        "over with options": lambda d: d.update(over=True, result="r", score=0),
    }
    for what, f in cases.items():
        if VIEW.is_valid(broken(f)):
            fail("schema", "accepts %s" % what)
    ok = broken(lambda d: d["options"][0].update(params=[{"name": "die", "min": 1, "max": 6}],
                                                 params_required=False))
    if not VIEW.is_valid(ok):
        fail("schema", "refuses an option with params")
    g.close()


def main():
    t0 = time.time()
    samples = []
    with wargame.Context() as ctx:
        rulesets = wargame.rulesets()
        if not rulesets:
            print("check_view: SKIP: no ruleset compiled in")
            return 77
        for r in rulesets:
            schema_rejects(ctx, r)
        first = True
        for r in rulesets:
            for s, _title in wargame.scenarios(r):
                t = time.time()
                play(ctx, r, s, 1, STEPS, samples)
                play(ctx, r, s, 2, STEPS // 2)
                if first:
                    play(ctx, r, s, 3, LONG_STEPS)  # one long game
                    first = False
                print("check_view: %s/%s: %.1f s" % (r, s, time.time() - t))
        locale_part(ctx, samples)
    for r in sorted(counts.pop("no_odds", set())):
        print("check_view: odds: %s computes no odds yet (WG_ERULESET): $defs/odds not exercised for it" % r)
    print("check_view: %(games)d games, %(steps)d steps, %(views)d views validated; odds: %(odds_ok)d validated, "
          "%(odds_refused)d refused" % counts)
    print("check_view: %.1f s" % (time.time() - t0))
    if failures:
        print("check_view: %d failure(s)" % len(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
