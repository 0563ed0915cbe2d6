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
