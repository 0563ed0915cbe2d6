"""Tests of the uniform doors through the Python bindings: parameterized decisions (input arrays),
spaces by name, typed attributes, the JSON view, odds."""

import json
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wargame  # noqa: E402
from wargame import Status, WargameError  # noqa: E402

RULESETS = [r for r in ("lga", "marechaux") if r in wargame.rulesets()]
OPTS = {"lga": "crt=completion"}


def new_game(ctx, ruleset, seed=7):
    scen = wargame.scenarios(ruleset)[0][0]
    return ctx.new_game(ruleset, scen, OPTS.get(ruleset), seed)


@unittest.skipUnless(RULESETS, "no ruleset compiled in")
class InputArrays(unittest.TestCase):
    """wg_game_choose_params: `const int64_t *params, size_t nparams` is one sequence argument."""

    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_generated_kinds(self):
        params = dict(wargame.raw.FUNCTIONS["wg_game_choose_params"][3])
        self.assertEqual(params["params"], "inarr:int64_t")
        self.assertEqual(params["nparams"], "inlen")

    def test_empty_params_is_choose(self):
        for r in RULESETS:
            a, b = new_game(self.ctx, r), new_game(self.ctx, r)
            for step in range(5):
                a._call("wg_game_choose_params", 0, [])
                b.choose(0)
                self.assertEqual(a.hash, b.hash, "%s step %d" % (r, step))
                self.assertEqual(a.step_params(step), [])
            a._call("wg_game_choose_params", 0, ())     # any sequence
            a._call("wg_game_choose_params", 0, None)   # None: NULL, 0
            b.choose(0)
            b.choose(0)
            self.assertEqual(a.hash, b.hash)

    def test_params_to_an_option_without_params(self):
        for r in RULESETS:
            g = new_game(self.ctx, r)
            self.assertEqual(g.option_param_count(0), (0, 0))
            before = g.hash
            with self.assertRaises(WargameError) as cm:
                g._call("wg_game_choose_params", 0, [1])
            self.assertEqual(cm.exception.status, Status.EINVAL)
            self.assertIn("1 given", cm.exception.message)
            self.assertEqual(cm.exception.function, "wg_game_choose_params")
            with self.assertRaises(WargameError) as cm:
                g._call("wg_game_choose_params", 0, range(3))
            self.assertEqual(cm.exception.status, Status.EINVAL)
            self.assertIn("3 given", cm.exception.message)
            self.assertEqual(g.hash, before, "nothing changed")

    def test_wrong_sequences(self):
        g = new_game(self.ctx, RULESETS[0])
        for bad in ("12", b"1", 5, [1.5], ["x"]):
            with self.assertRaises(TypeError):
                g._call("wg_game_choose_params", 0, bad)


@unittest.skipUnless(RULESETS, "no ruleset compiled in")
class Doors(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def played(self, r, steps=30, seed=3):
        g = new_game(self.ctx, r, seed)
        for _ in range(steps):
            if g.is_over:
                break
            g.bot_step()
        return g

    def test_spaces_by_name(self):
        for r in RULESETS:
            g = self.played(r, 0)
            n = g.space_count()
            self.assertGreater(n, 0)
            spaces = g.spaces
            self.assertEqual(len(spaces), n)
            for s in (0, n // 2, n - 1):
                name = g.space_name(s)
                self.assertIsInstance(name, str)
                self.assertTrue(name)
                self.assertEqual(g.space_find(name), s)
                self.assertEqual(spaces[s].index, s)
                self.assertEqual(spaces[s].name, name)
                self.assertEqual(spaces[s].attrs["name"], name)
                self.assertIn(spaces[s].attrs["kind"], ("hex", "zone"))
            with self.assertRaises(WargameError) as cm:
                g.space_find("no such space")
            self.assertEqual(cm.exception.status, Status.ENOTFOUND)
            with self.assertRaises(WargameError) as cm:
                g.space_name(n)
            self.assertEqual(cm.exception.status, Status.ERANGE)

    def test_attr_keys(self):
        for r in RULESETS:
            g = self.played(r, 0)
            pk = g.attr_keys(wargame.ATTR_PIECE)
            self.assertEqual(pk[:4], [("side", wargame.AttrType.INT), ("space", wargame.AttrType.INT),
                                      ("space_name", wargame.AttrType.TEXT), ("label", wargame.AttrType.TEXT)])
            ok = g.attr_keys(wargame.ATTR_OPTION)
            self.assertEqual([k for k, _t in ok[:3]], ["label", "action", "weight"])
            sk = dict(g.attr_keys(wargame.ATTR_SPACE))
            self.assertEqual(sk["name"], wargame.AttrType.TEXT)
            with self.assertRaises(WargameError) as cm:
                g.attr_keys(7)
            self.assertEqual(cm.exception.status, Status.EINVAL)

    def test_pieces_and_their_attrs(self):
        for r in RULESETS:
            g = self.played(r)
            for viewer in [wargame.REFEREE] + list(range(len(g.players))):
                pieces = g.pieces(viewer)
                self.assertEqual(len(pieces), g.piece_count(int(viewer)))
                for p in pieces:
                    a = p.attrs
                    self.assertEqual(a["side"], p.side)
                    self.assertEqual(a["space"], p.space)
                    self.assertEqual(a["label"], p.label)
                    self.assertEqual(a["space_name"], g.space_name(a["space"]))
                    self.assertEqual(g.attrs(wargame.ATTR_PIECE, p.index, viewer), a)
            self.assertTrue(g.pieces(wargame.REFEREE))

    def test_options_attrs_params_and_choose(self):
        for r in RULESETS:
            g = self.played(r, 5)
            opts = list(g.options)
            self.assertTrue(opts)
            for o in opts:
                self.assertEqual(o.attrs["label"], o.label)
                self.assertEqual(o.attrs["action"], o.action)
                self.assertEqual(o.attrs["weight"], o.weight)
                self.assertEqual(o.params, [])
                self.assertFalse(o.params_required)
                self.assertEqual(g.option_params(o), [])
            twin = self.played(r, 5)
            steps = g.step_count
            g.choose(opts[0], params=[])
            twin.choose(0)
            self.assertEqual(g.hash, twin.hash)
            self.assertEqual(g.step_params(steps), [])
            with self.assertRaises(WargameError) as cm:
                g.choose(0, [5])
            self.assertEqual(cm.exception.status, Status.EINVAL)
            self.assertTrue(cm.exception.message)

    def test_attrs_absent_and_hidden(self):
        for r in RULESETS:
            g = self.played(r)
            d = g.decision
            if isinstance(d.player, int) and 0 <= int(d.player) < len(g.players):
                other = 1 - int(d.player)
                with self.assertRaises(WargameError) as cm:
                    g.attrs(wargame.ATTR_OPTION, 0, other)
                self.assertEqual(cm.exception.status, Status.ESTATE)
            with self.assertRaises(WargameError) as cm:
                g.attrs(wargame.ATTR_SPACE, g.space_count())
            self.assertEqual(cm.exception.status, Status.ERANGE)

    def test_view(self):
        for r in RULESETS:
            g = self.played(r)
            for viewer in [wargame.REFEREE] + list(range(len(g.players))):
                text = g.view_json(viewer)
                v = g.view(viewer)
                self.assertEqual(v, json.loads(text))
                self.assertIsInstance(v, wargame.View)
                self.assertEqual(v["ruleset"], r)
                self.assertEqual(v["viewer"], int(viewer))
                self.assertEqual(v["step"], g.step_count)
                self.assertEqual(v["over"], g.is_over)
                self.assertEqual(len(v["pieces"]), g.piece_count(int(viewer)))
                self.assertEqual(v["pieces"], [p.attrs for p in g.pieces(viewer)])
                stood = sorted({p["space"] for p in v["pieces"]})
                self.assertEqual(sorted(s["space"] for s in v["spaces"]), stood)
                for s in v["spaces"]:
                    attrs = {k: x for k, x in s.items() if k != "space"}
                    self.assertEqual(attrs, g.attrs(wargame.ATTR_SPACE, s["space"], viewer))
                    self.assertEqual(attrs["name"], g.space_name(s["space"]))
                self.assertEqual(len(v["events"]), g.event_count())
                decider = v["decision"]["player"]
                try:  # the options are the decider's, and a chance decision's are public
                    g._call("wg_game_option_count_for", int(viewer))
                    readable = True
                except wargame.WargameError:
                    readable = False
                self.assertEqual("options" in v, readable)
                if int(viewer) in (int(wargame.REFEREE), decider):
                    self.assertTrue(readable)
                if "options" in v:
                    self.assertEqual([o["index"] for o in v["options"]], list(range(g.option_count())))
                    for o in v["options"]:
                        i = o.pop("index")
                        self.assertEqual(o, g.attrs(wargame.ATTR_OPTION, i, viewer))
                # the old View interface still answers
                self.assertEqual(v.describe(), g.describe(viewer))
                self.assertEqual(len(v.events), g.event_count())
            n = g.event_count()
            g.bot_step()
            later = g.view(wargame.REFEREE, first_event=n)
            self.assertEqual([e["index"] for e in later["events"]], list(range(n, g.event_count())))
            with self.assertRaises(WargameError) as cm:
                g.view_json(wargame.REFEREE, g.event_count() + 1)
            self.assertEqual(cm.exception.status, Status.ERANGE)

    def test_seated_views(self):
        r = RULESETS[0]
        g = new_game(self.ctx, r)
        seated = self.ctx.load_game(g.save(), seat=0)
        self.assertEqual(seated.view()["viewer"], 0)
        self.assertEqual(seated.view(), g.view(0))
        with self.assertRaises(WargameError) as cm:
            seated.view(1)
        self.assertEqual(cm.exception.status, Status.ESTATE)
        with self.assertRaises(WargameError):
            seated.pieces(wargame.REFEREE)

    def test_odds(self):
        for r in RULESETS:
            g = self.played(r)
            if r == "marechaux":
                o = g.odds(wargame.REFEREE, "commander")  # the commander's 2d6: 11 or 12
                self.assertEqual((o["total"], o["outcomes"][0]["weight"]), (36, 3))
                with self.assertRaises(WargameError) as cm:
                    g.odds(wargame.REFEREE, "commander bogus=1")
                self.assertEqual(cm.exception.status, Status.EINVAL)
                self.assertIn("'bogus'", cm.exception.message)
            else:
                with self.assertRaises(WargameError) as cm:
                    g.odds(wargame.REFEREE, "attack attackers=999999 target=0101")
                self.assertEqual(cm.exception.status, Status.ENOTFOUND)
                # a real attack: a piece of the game against a piece of the other side next to it
                o = None
                pieces = g.pieces(wargame.REFEREE)
                for a in pieces:
                    if a.attrs.get("type") not in ("infantry", "cavalry"):
                        continue
                    for d in pieces:
                        if d.side == a.side or g.map.hex_distance(a.space, d.space) != 1:
                            continue
                        o = g.odds(wargame.REFEREE, "attack attackers=%d target=%s" % (a.attrs["id"],
                                                                                        g.space_name(d.space)))
                        break
                    if o:
                        break
                if o is None:
                    continue
            self.assertEqual(o["ruleset"], r)
            self.assertEqual(sum(x["weight"] for x in o["outcomes"]), o["total"])
