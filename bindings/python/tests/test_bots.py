"""The Bot class (wg_bot_*; doc/bots.md): creation from a spec, choosing without changing the game,
playing, determinism from the seed, errors with status and message.

Run with WARGAME_LIBRARY pointing at the built library and PYTHONPATH at bindings/python.
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import wargame  # noqa: E402
from wargame import Status, WargameError  # noqa: E402


def play(seed):
    ctx = wargame.Context()
    g = ctx.new_game("ccn", "S01", seed=2)
    mcts, rnd = ctx.new_bot("mcts iterations=20 depth=20", seed), ctx.new_bot("random", seed)
    chosen = [(mcts if g.decision.player == 0 else rnd).play(g) for _ in range(40)]
    return chosen, mcts.stats()


class BotTest(unittest.TestCase):
    def test_spec_and_choice(self):
        ctx = wargame.Context()
        bot = ctx.new_bot("mcts:25", seed=1)
        self.assertIsInstance(bot, wargame.Bot)
        self.assertIn("iterations=25", bot.spec)
        g = ctx.new_game("ccn", "S01", seed=4)
        while g.decision.player < 0 or len(g.options) < 2:
            g.bot_step()
        before = g.hash
        i = bot.choose(g)
        self.assertLess(i, len(g.options))
        self.assertEqual(g.hash, before)
        other = 1 - g.decision.player
        with self.assertRaises(WargameError) as e:
            bot.choose(g, other)
        self.assertEqual(e.exception.status, Status.ESTATE)
        self.assertIn("does not decide now", str(e.exception))
        self.assertEqual(g.hash, before)

    def test_bad_spec(self):
        ctx = wargame.Context()
        for spec in ("minimax", "mcts:0", "mcts depth=x", "mcts colour=red"):
            with self.assertRaises(wargame.InvalidError) as e:
                ctx.new_bot(spec)
            self.assertIn("bot spec", str(e.exception))

    def test_deterministic(self):
        a, sa = play(7)
        b, sb = play(7)
        self.assertEqual(a, b)
        self.assertEqual(sa["iterations"], sb["iterations"])
        self.assertGreater(sa["decisions"], 0)

    def test_game_over(self):
        ctx = wargame.Context()
        g = ctx.new_game("ccn", "S01", seed=1)
        g.playout()
        with self.assertRaises(wargame.StateError):
            ctx.new_bot("random").choose(g)


if __name__ == "__main__":
    unittest.main()
