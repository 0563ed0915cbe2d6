"""What a Python user expects of the package: copies and pickles that never share a C object,
the built-in exception classes, docstrings and type information, useful reprs, no use after
close, the board as SVG (Jupyter's _repr_svg_) and the undo policy.

Run with WARGAME_LIBRARY pointing at the built library and PYTHONPATH at bindings/python.
"""
import copy
import gc
import inspect
import os
import pickle
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import wargame  # noqa: E402
from wargame import Status, WargameError  # noqa: E402

HAS_LGA = "lga" in wargame.rulesets()


def new_game(ctx, seat=None):
    return ctx.new_game("lga", "1805", "crt=completion", 7, seat=seat)


def to_player_decision(game, after=5):
    """Plays bot steps until a player decides after step `after`; returns that player."""
    for _ in range(5000):
        d = game.decision
        if int(d.player) >= 0 and game.step_count > after:
            return int(d.player)
        game.bot_step()
    raise AssertionError("no player decision")


@unittest.skipUnless(HAS_LGA, "the lga ruleset is not compiled in")
class Copies(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_copy_clones_and_both_live_and_die_alone(self):
        g = new_game(self.ctx)
        g.bot_step()
        c = copy.copy(g)
        self.assertIsNot(c, g)
        self.assertEqual(c.hash, g.hash)
        c.bot_step()
        self.assertNotEqual(c.step_count, g.step_count)
        del c
        gc.collect()
        g.bot_step()  # the original is intact after the copy is freed
        d = copy.deepcopy(g)
        self.assertEqual(d.hash, g.hash)
        d.close()
        self.assertFalse(g.closed)

    def test_copy_in_a_subprocess_does_not_crash(self):
        # the failure this guards against was a double free at interpreter exit
        code = ("import copy, gc, wargame\n"
                "ctx = wargame.Context()\n"
                "g = ctx.new_game('lga', '1805', None, 1)\n"
                "c = copy.copy(g)\n"
                "del c\n"
                "gc.collect()\n"
                "print(g.step_count)\n")
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=dict(os.environ))
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.strip(), "0")

    def test_pickle_goes_through_save_and_load(self):
        g = new_game(self.ctx)
        for _ in range(3):
            g.bot_step()
        h = pickle.loads(pickle.dumps(g))
        self.assertEqual(h.hash, g.hash)
        self.assertEqual(h.step_count, 3)
        h.bot_step()
        h.close()

    def test_a_seated_game_is_not_copied(self):
        s = new_game(self.ctx, seat=0)
        for f in (copy.copy, copy.deepcopy, pickle.dumps):
            with self.assertRaises(TypeError) as cm:
                f(s)
            self.assertIn("seat 0", str(cm.exception))

    def test_other_handles_refuse_copies(self):
        t = self.ctx.new_table("t", 2, 2)
        for obj in (self.ctx, t, self.ctx.rng(1), self.ctx.new_oob()):
            for f in (copy.copy, copy.deepcopy, pickle.dumps):
                with self.assertRaises(TypeError):
                    f(obj)
        t[0, 0] = "AR"  # still usable
        self.assertEqual(t[0, 0], "AR")


class Exceptions(unittest.TestCase):
    def test_builtin_bases(self):
        cases = {Status.ERANGE: IndexError, Status.EINVAL: ValueError, Status.ENOMEM: MemoryError,
                 Status.ENOTFOUND: KeyError, Status.EPARSE: ValueError, Status.EOVERFLOW: OverflowError}
        for st, base in cases.items():
            e = WargameError(int(st), "why", "wg_f")
            self.assertIsInstance(e, base, st)
            self.assertIsInstance(e, WargameError)
            self.assertEqual(e.status, st)
            self.assertEqual(str(e), "wg_f: WG_%s: why" % st.name)
        e = WargameError(int(Status.ESTATE), "x")
        self.assertIsInstance(e, wargame.StateError)
        e2 = pickle.loads(pickle.dumps(e))
        self.assertEqual((type(e2), e2.status, e2.message), (type(e), e.status, e.message))
        self.assertIn("StateError", repr(e))

    def test_memory_limit_is_a_memory_error(self):
        with wargame.Context(memory_limit=4096) as ctx:
            with self.assertRaises(MemoryError) as cm:
                ctx.new_hex_map(200, 200)
            self.assertEqual(cm.exception.status, Status.ENOMEM)

    @unittest.skipUnless(HAS_LGA, "the lga ruleset is not compiled in")
    def test_option_out_of_range_and_bad_arguments(self):
        with wargame.Context() as ctx:
            g = new_game(ctx)
            n = len(g.options)
            for i in (n, 10 ** 6, -1):
                with self.assertRaises(IndexError):
                    g.choose(i)
            with self.assertRaises(IndexError):
                g.options[n]
            with self.assertRaises(TypeError):
                g.choose("0")
            with self.assertRaises(KeyError):
                g.space_find("no such place")
            with self.assertRaises(KeyError):
                g.table("no such table")
            with self.assertRaises(ValueError):
                ctx.new_game("lga", "1805", seat=9)
            with self.assertRaises(ValueError):
                ctx.load_game(b"not a save")


@unittest.skipUnless(HAS_LGA, "the lga ruleset is not compiled in")
class Closed(unittest.TestCase):
    def test_use_after_close_raises(self):
        ctx = wargame.Context()
        g = new_game(ctx)
        m, t, opts, view = g.map, g.tables[0], g.options, g.view()
        g.close()
        g.close()
        for f in (lambda: g.decision, lambda: g.svg(), lambda: g.bot_step(), lambda: len(opts),
                  lambda: view.describe(), lambda: len(m), lambda: t.name, lambda: copy.copy(g),
                  lambda: g.undo_point(0), lambda: g.lga_attack_odds(0)):
            with self.assertRaises(wargame.ClosedError):
                f()
        self.assertIsNone(g._repr_svg_())
        self.assertEqual(repr(g), "<wargame.Game closed>")
        self.assertIn("closed", repr(m))
        ctx.close()
        with self.assertRaises(ValueError):
            ctx.new_oob()


@unittest.skipUnless(HAS_LGA, "the lga ruleset is not compiled in")
class Display(unittest.TestCase):
    def setUp(self):
        self.ctx = wargame.Context()

    def tearDown(self):
        self.ctx.close()

    def test_reprs(self):
        g = new_game(self.ctx)
        r = repr(g)
        self.assertTrue(r.startswith("<wargame.Game lga/1805 turn 1 step 0"), r)
        self.assertIn("decides", r)
        self.assertIn("seat Allied", repr(new_game(self.ctx, seat=0)))
        self.assertIn("live handle", repr(self.ctx))
        self.assertIn("'crt'", repr(g.table("crt")))
        self.assertIn("spaces", repr(g.map))
        self.assertIn("Option(index=0", repr(g.options[0]))
        self.assertTrue(repr(g.options).startswith("[Option("))
        self.assertIn("lga/1805", repr(g.view(0)))

    def test_svg_and_jupyter(self):
        g = new_game(self.ctx)
        svg = g.svg()
        self.assertTrue(svg.lstrip().startswith("<svg") or svg.lstrip().startswith("<?xml"), svg[:80])
        self.assertIn("</svg>", svg)
        self.assertEqual(g._repr_svg_(), svg)
        self.assertEqual(g.svg(0), g.svg(0))
        seated = new_game(self.ctx, seat=0)
        self.assertEqual(seated._repr_svg_(), g.svg(0))
        with self.assertRaises(WargameError):
            seated.svg(1)  # another player's picture is not the seat's to see
        with self.assertRaises(IndexError):
            g.svg(7)

    def test_undo_within_the_policy(self):
        g = new_game(self.ctx)
        with self.assertRaises(ValueError):
            g.undo()  # a referee's game names the player
        p = to_player_decision(g)
        before = g.step_count
        h = g.hash
        g.bot_step()
        self.assertEqual(g.undo_point(p), before)
        self.assertEqual(g.undo(p), before)
        self.assertEqual((g.step_count, g.hash), (before, h))
        fresh = new_game(self.ctx)
        with self.assertRaises(KeyError):
            fresh.undo_point(0)  # he decided nothing yet
        # a seated game undoes its own decisions through the policy, not by undo_to
        s = new_game(self.ctx, seat=0)
        for _ in range(3):
            s.bot_step()
        with self.assertRaises(WargameError):
            s.undo_to(0)
        step = s.undo()
        self.assertEqual(s.step_count, step)


class Documentation(unittest.TestCase):
    def test_every_public_class_and_method_has_a_docstring(self):
        missing = []
        for name in wargame.__all__:
            obj = getattr(wargame, name)
            if inspect.isclass(obj):
                if not inspect.getdoc(obj):
                    missing.append(name)
                for attr, member in vars(obj).items():
                    if attr.startswith("_") and attr not in ("__init__",):
                        continue
                    if attr == "__init__" or not (inspect.isfunction(member) or isinstance(member, property)):
                        continue
                    if not (member.__doc__ or "").strip():
                        missing.append("%s.%s" % (name, attr))
            elif inspect.isfunction(obj) and not (obj.__doc__ or "").strip():
                missing.append(name)
        self.assertEqual(missing, [])

    def test_typed_package(self):
        here = os.path.dirname(wargame.__file__)
        self.assertTrue(os.path.exists(os.path.join(here, "py.typed")))
        hints = inspect.signature(wargame.Game.svg)
        self.assertEqual(hints.return_annotation, str)


if __name__ == "__main__":
    unittest.main()
