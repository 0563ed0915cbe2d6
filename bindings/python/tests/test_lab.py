"""The balance lab (wargame.lab): jobs checked before any game, the same rows serially, in a process
pool and on a Dask cluster, a dying worker reported by seed, statistics, CSV, the command line.

Run with WARGAME_LIBRARY pointing at the built library and PYTHONPATH at bindings/python.  The Dask
tests run when WG_LAB_DASK=1 (the CTest bindings_python_lab_dask, under Debian's /usr/bin/python3
with python3-distributed); with WG_LAB_DASK=1 a missing `distributed` is a failure, not a skip.
"""
import contextlib
import importlib
import io
import logging
import os
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import wargame  # noqa: E402
from wargame import lab  # noqa: E402

RULESETS = wargame.rulesets()
#: Short games first: a Commands & Colors scenario and a Les Aigles battle play in a few ms.
QUICK = [t for t in ("ccn/S01", "aigles/ridge", "marechaux/1808", "lga/1806") if t.split("/")[0] in RULESETS]
HAVE_GAMES = bool(QUICK)


def have(module):
    try:
        importlib.import_module(module)
        return True
    except ImportError:
        return False


def bare(rows):
    return [r.without_worker() for r in rows]


class Wilson(unittest.TestCase):
    def test_known_values(self):
        lo, hi = lab.wilson_interval(0, 10)
        self.assertEqual(lo, 0.0)
        self.assertAlmostEqual(hi, 0.2775, places=4)
        lo, hi = lab.wilson_interval(10, 10)
        self.assertAlmostEqual(lo, 0.7225, places=4)
        self.assertEqual(hi, 1.0)
        lo, hi = lab.wilson_interval(50, 100)
        self.assertAlmostEqual(lo, 0.4038, places=4)
        self.assertAlmostEqual(hi, 0.5962, places=4)
        self.assertEqual(lab.wilson_interval(0, 0), (0.0, 1.0))

    def test_contains_the_rate(self):
        for n in (1, 7, 40):
            for k in range(n + 1):
                lo, hi = lab.wilson_interval(k, n)
                self.assertTrue(0 <= lo <= k / n <= hi <= 1, (k, n, lo, hi))


class Winner(unittest.TestCase):
    def test_result_texts(self):
        cases = [
            ("1 victory points: Allied Marginal Victory", ["Allied", "French"], 0),
            ("50 victory points: French Marginal Victory", ["Allied", "French"], 1),
            ("32 victory points: Draw", ["Allied", "French"], None),
            ("Anglo-Allied 9 VP, French 11 VP: French victory (LM-VP-01)", ["Anglo-Allied", "French"], 1),
            ("Anglo-Allied 30 VP, French 24 VP: Anglo-Allied victory (LM-VP-01)", ["Anglo-Allied", "French"], 0),
            ("French wins, 9 - 16 Victory Flags", ["Coalition", "French"], 1),
            ("Coalition wins, 9 - 6 Victory Flags", ["Coalition", "French"], 0),
            ("a draw: losses differ by 0% of the budget", ["French", "Austrians"], None),
            ("Austrians wins (the enemy broke): losses differ by -1% of the budget", ["French", "Austrians"], 1),
        ]
        for text, players, side in cases:
            self.assertEqual(lab.winner_of(text, players), side, text)
        # a name inside another is not that player ("Allied" in "Anglo-Allied victory")
        self.assertIsNone(lab.winner_of("Anglo-Allied victory", ["Allied", "French"]))


@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class BadInput(unittest.TestCase):
    """A bad job fails before any game is played, naming what is wrong."""

    def refused(self, job, *words, **run_args):
        with mock.patch.object(lab, "play", side_effect=AssertionError("a game was played")):
            with self.assertRaises(lab.LabError) as cm:
                lab.run(job, **run_args)
        for w in words:
            self.assertIn(w, str(cm.exception))
        return cm.exception

    def test_unknown_ruleset(self):
        self.refused(lab.Job(QUICK + ["nosuchgame/1"], seeds=[1]), "unknown ruleset", "'nosuchgame'")

    def test_unknown_scenario(self):
        ruleset = QUICK[0].split("/")[0]
        self.refused(lab.Job([QUICK[0], ruleset + "/NOPE"], seeds=[1]), "unknown scenario", "'NOPE'")

    def test_unknown_option(self):
        ruleset = QUICK[0].split("/")[0]
        self.refused(lab.Job(QUICK, seeds=[1], options=[ruleset + ":bogus=1"]), "bogus")
        self.refused(lab.Job(QUICK, seeds=[1], options=["nosuchgame:x=1"]), "unknown ruleset", "'nosuchgame'")

    def test_unknown_bot(self):
        self.refused(lab.Job(QUICK, seeds=[1], bots=["random", "random,clever"]), "unknown bot", "'clever'")
        self.refused(lab.Job(QUICK, seeds=[1], bots=["random,random,random"]), "one per side")

    @unittest.skipIf(lab.has_bot_handle(), "the library has the bot handle")
    def test_mcts_needs_the_bot_handle(self):
        e = self.refused(lab.Job(QUICK, seeds=[1], bots=["random,mcts:2000"]), "'mcts:2000'", "wg_bot_new")
        self.assertIn("random", str(e))

    def test_bad_seeds_and_counts(self):
        self.refused(lab.Job(QUICK, seeds=[1, -2]), "-2")
        self.refused(lab.Job(QUICK, seeds=[]), "no seed")
        self.refused(lab.Job([], seeds=[1]), "no scenario")
        self.refused(lab.Job(QUICK, seeds=[1], max_steps=0), "max_steps")
        self.refused(lab.Job(QUICK, seeds=[1]), "jobs", jobs=-1)
        self.refused(lab.Job(QUICK, seeds=[1]), "retries", retries=-1)
        self.refused(lab.Job(QUICK, seeds=[1]), "batch", batch=0)
        job = lab.Job(QUICK[:1], seeds=(s for s in (4, 5)))  # an iterator of seeds is read once
        self.assertEqual(len(job.tasks()), 2)
        self.assertEqual(len(job.tasks()), 2)
        with self.assertRaises(lab.LabError):
            lab.parse_seeds("1-x")
        self.assertEqual(lab.parse_seeds("3,5-7"), [3, 5, 6, 7])

    def test_kill_hook_refused_in_this_process(self):
        self.refused(lab.Job(QUICK[:1], seeds=[1]), "kill_seeds_for_testing", kill_seeds_for_testing=[1])

    @unittest.skipUnless("lga" in RULESETS, "lga is not compiled in")
    def test_game_error_names_the_seed(self):
        # the printed LGA CRT leaves cells blank: seed 1 of 1805 meets one with the bot
        with self.assertRaises(lab.GameError) as cm:
            lab.run(lab.Job(["lga/1805"], seeds=[1], options=["lga:crt=printed"]))
        self.assertIn("seed 1", str(cm.exception))
        self.assertIn("WG_ETABLEGAP", str(cm.exception))


@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class Serial(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.job = lab.Job(QUICK[:2], seeds=range(1, 13))
        cls.rows = lab.run(cls.job)

    def test_rows_in_task_order_and_deterministic(self):
        tasks = self.job.tasks()
        self.assertEqual(len(self.rows), len(tasks))
        self.assertEqual([(r.ruleset, r.scenario, r.seed) for r in self.rows],
                         [(t.ruleset, t.scenario, t.seed) for t in tasks])
        self.assertEqual(lab.run(self.job), self.rows)

    def test_rows_match_the_game(self):
        for r in self.rows[:3]:
            with wargame.Context() as ctx:
                g = ctx.new_game(r.ruleset, r.scenario, r.options, r.seed)
                g.playout()
                self.assertEqual((r.over, r.score, r.turn, r.steps, r.result),
                                 (g.is_over, g.score, g.turn, g.step_count, g.result_text))
            self.assertEqual(r.winner, lab.winner_of(r.result, [r.side0, r.side1]))
            self.assertEqual(r.worker, "%s:%d" % (lab.socket.gethostname(), os.getpid()))

    def test_summary(self):
        sums = lab.summarize(self.rows)
        self.assertEqual(len(sums), len(QUICK[:2]))
        for s in sums:
            rs = [r for r in self.rows if r.key() == (s.ruleset, s.scenario, s.options, s.bot0, s.bot1)]
            self.assertEqual(s.games, len(rs))
            self.assertEqual(sum(s.wins) + s.draws + s.unfinished, s.games)
            self.assertEqual(s.wins[1], sum(r.winner == 1 for r in rs))
            self.assertEqual(sum(s.scores.values()), s.games)
            self.assertAlmostEqual(s.steps_mean, sum(r.steps for r in rs) / len(rs))
            self.assertEqual(s.win_interval(0), lab.wilson_interval(s.wins[0], s.games))
            d = s.as_dict()
            self.assertAlmostEqual(d["win1_rate"], s.wins[1] / s.games)
        self.assertIn("side 0 wins", lab.format_summary(sums))

    def test_max_steps_leaves_games_unfinished(self):
        rows = lab.run(lab.Job(QUICK[:1], seeds=[1, 2], max_steps=5))
        for r in rows:
            self.assertFalse(r.over)
            self.assertIsNone(r.winner)
            self.assertLessEqual(r.steps, 5)
        self.assertEqual(lab.summarize(rows)[0].unfinished, 2)

    def test_csv_round_trip(self):
        buf = io.StringIO()
        lab.write_csv(self.rows, buf)
        lines = buf.getvalue().splitlines()
        self.assertEqual(lines[0].split(","), list(lab.FIELDS))
        self.assertEqual(len(lines), len(self.rows) + 1)
        buf.seek(0)
        self.assertEqual(lab.read_csv(buf), self.rows)

    @unittest.skipUnless(have("pandas"), "pandas is not installed (Debian: python3-pandas)")
    def test_dataframe(self):
        df = self.rows.to_dataframe()
        self.assertEqual(list(df.columns), list(lab.FIELDS))
        self.assertEqual(len(df), len(self.rows))
        self.assertEqual(int(df["steps"].sum()), sum(r.steps for r in self.rows))
        sdf = lab.to_dataframe(self.rows.summary())
        self.assertIn("win0_low", sdf.columns)

    def test_dataframe_without_pandas(self):
        with mock.patch.dict(sys.modules, {"pandas": None}):
            with self.assertRaises(ImportError) as cm:
                lab.to_dataframe(self.rows)
        self.assertIn("python3-pandas", str(cm.exception))

    def test_plain_progress_line(self):
        err = io.StringIO()
        with mock.patch.dict(sys.modules, {"tqdm": None}), contextlib.redirect_stderr(err):
            lab.run(lab.Job(QUICK[:1], seeds=range(1, 11)), progress=True)
        self.assertIn("wargame.lab: 10/10 games", err.getvalue())

    @unittest.skipUnless(have("tqdm"), "tqdm is not installed (Debian: python3-tqdm)")
    def test_tqdm_progress(self):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            lab.run(lab.Job(QUICK[:1], seeds=range(1, 11)), progress=True)
        self.assertIn("10/10", err.getvalue())
        self.assertIn("game", err.getvalue())


@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class Pool(unittest.TestCase):
    """All cores: concurrent.futures with spawned processes."""

    def test_same_rows_as_serial(self):
        job = lab.Job(QUICK[:2], seeds=range(1, 21))
        serial = lab.run(job)
        pooled = lab.run(job, jobs=2, batch=3)
        self.assertEqual(bare(pooled), bare(serial))
        self.assertTrue(all(w.split(":")[-1] != str(os.getpid()) for w in pooled.workers()))

    @unittest.skipUnless("lga" in RULESETS, "lga is not compiled in")
    def test_game_error_in_a_worker(self):
        with self.assertRaises(lab.GameError) as cm:
            lab.run(lab.Job(["lga/1805"], seeds=[2, 1, 3], options=["lga:crt=printed"]), jobs=2, batch=1)
        self.assertIn("seed 1", str(cm.exception))

    def test_dying_worker_is_reported_by_seed(self):
        job = lab.Job(QUICK[:1], seeds=range(1, 17))
        serial = lab.run(job)
        with self.assertRaises(lab.MissingGamesError) as cm:
            lab.run(job, jobs=2, batch=4, kill_seeds_for_testing=[7])
        e = cm.exception
        self.assertEqual(e.seeds, [7])
        self.assertEqual([t.seed for t, _why in e.missing], [7])
        self.assertIn("seed 7", str(e))
        self.assertIn("1 of 16 game(s) missing", str(e))
        self.assertEqual(bare(e.rows), bare(r for r in serial if r.seed != 7))


@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class CommandLine(unittest.TestCase):
    def lab(self, *args):
        return subprocess.run([sys.executable, "-m", "wargame.lab"] + list(args), capture_output=True, text=True,
                              timeout=300)

    def test_csv_and_summary(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "games.csv")
            summ = os.path.join(d, "summary.csv")
            p = self.lab(QUICK[0], "--seeds", "1-6", "--bots", "random", "--jobs", "2", "--csv", out,
                         "--summary-csv", summ, "--no-progress")
            self.assertEqual(p.returncode, 0, p.stderr)
            rows = lab.read_csv(out)
            self.assertEqual([r.seed for r in rows], list(range(1, 7)))
            self.assertEqual(bare(rows), bare(lab.run(lab.Job([QUICK[0]], seeds=range(1, 7)))))
            with open(summ) as f:
                self.assertIn("win0_low", f.readline())
            self.assertIn("6 games", p.stdout)

    def test_bad_job_exits_2_naming_it(self):
        p = self.lab(QUICK[0], QUICK[0].split("/")[0] + "/NOPE", "--seeds", "1-3")
        self.assertEqual(p.returncode, 2)
        self.assertIn("'NOPE'", p.stderr)
        p = self.lab(QUICK[0], "--bots", "random,nobot")
        self.assertEqual(p.returncode, 2)
        self.assertIn("'nobot'", p.stderr)

    def test_missing_games_exit_3_with_the_games_played(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "games.csv")
            p = self.lab(QUICK[0], "--seeds", "1-6", "--jobs", "2", "--csv", out, "--no-progress",
                         "--kill-seeds-for-testing", "4")
            self.assertEqual(p.returncode, 3, p.stderr)
            self.assertIn("1 of 6 game(s) missing", p.stderr)
            self.assertIn("seed 4", p.stderr)
            self.assertEqual([r.seed for r in lab.read_csv(out)], [1, 2, 3, 5, 6])

    def test_help(self):
        p = self.lab("--help")
        self.assertEqual(p.returncode, 0)
        self.assertIn("--dask", p.stdout)


DASK = os.environ.get("WG_LAB_DASK") == "1"


@unittest.skipUnless(DASK, "set WG_LAB_DASK=1 to start a Dask LocalCluster (CTest bindings_python_lab_dask)")
@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class DaskCluster(unittest.TestCase):
    """The same job on a LocalCluster of worker processes: the same rows; a seed that kills its
    worker every time, despite Dask's retries, is reported by seed."""

    @classmethod
    def setUpClass(cls):
        cls.dist = importlib.import_module("distributed")  # with WG_LAB_DASK=1, missing = failure
        for name in ("distributed", "tornado"):
            logging.getLogger(name).setLevel(logging.CRITICAL)
        cls.tmp = tempfile.TemporaryDirectory()
        cls.cluster = cls.dist.LocalCluster(n_workers=3, threads_per_worker=1, processes=True,
                                            dashboard_address=None, local_directory=cls.tmp.name)
        cls.client = cls.dist.Client(cls.cluster)
        cls.client.wait_for_workers(3)

    def setUp(self):
        # a test that kills workers leaves the nanny restarting them: each test starts with all three
        self.client.wait_for_workers(3, timeout=120)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()
        cls.tmp.cleanup()

    def test_same_rows_from_an_address(self):
        job = lab.Job(QUICK[:2], seeds=range(1, 16))
        serial = lab.run(job)
        rows = lab.run(job, dask=self.cluster.scheduler_address, batch=1)
        self.assertEqual(bare(rows), bare(serial))
        workers = rows.workers()
        self.assertGreaterEqual(len(workers), 2, workers)
        self.assertTrue(all(w.startswith("tcp://") for w in workers), workers)

    def test_command_line(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, "games.csv")
            p = subprocess.run([sys.executable, "-m", "wargame.lab", QUICK[0], "--seeds", "1-8", "--dask",
                                self.cluster.scheduler_address, "--csv", out, "--no-progress"],
                               capture_output=True, text=True, timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr[-2000:])
            self.assertEqual(bare(lab.read_csv(out)), bare(lab.run(lab.Job([QUICK[0]], seeds=range(1, 9)))))

    def test_dying_worker_is_reported_by_seed(self):
        job = lab.Job(QUICK[:1], seeds=range(1, 13))
        serial = lab.run(job)
        with self.assertRaises(lab.MissingGamesError) as cm:
            lab.run(job, dask=self.client, batch=2, kill_seeds_for_testing=[5])
        e = cm.exception
        self.assertEqual(e.seeds, [5])
        self.assertEqual([t.seed for t, _why in e.missing], [5])
        self.assertIn("seed 5", str(e))
        self.assertIn("KilledWorker", str(e))
        self.assertEqual(bare(e.rows), bare(r for r in serial if r.seed != 5))


class _FakeBot:
    closed = False

    def close(self):
        self.closed = True


@unittest.skipUnless(HAVE_GAMES, "no ruleset with a quick scenario is compiled in")
class BotSpecs(unittest.TestCase):
    """A spec other than "random" goes to the bot handle: here a stand-in that takes the decision
    with the built-in bot, so the rows equal those of random against random."""

    def test_handle_bots_play_each_decision(self):
        calls = []

        def new(ctx, spec, seed):
            calls.append(("new", spec, seed))
            return _FakeBot()

        def choose(bot, game):
            calls.append(("choose", int(game.decision.player)))
            game.bot_step()

        with mock.patch.object(lab, "has_bot_handle", return_value=True), \
                mock.patch.object(lab, "_bot_new", side_effect=new), \
                mock.patch.object(lab, "_bot_choose", side_effect=choose):
            job = lab.Job(QUICK[:1], seeds=[3], bots=["random,mcts:50"])
            self.assertEqual(job.matchups(), [("random", "mcts:50")])
            rows = lab.run(job)
        ref = lab.run(lab.Job(QUICK[:1], seeds=[3]))
        self.assertEqual([r._replace(bot1="random") for r in bare(rows)], bare(ref))
        self.assertIn(("new", "mcts:50", lab.bot_seed(3, 1)), calls)
        chosen = [c for c in calls if c[0] == "choose"]
        self.assertTrue(chosen and all(c[1] == 1 for c in chosen), chosen[:5])

    def test_bot_seeds_differ_per_side_and_game(self):
        seeds = {lab.bot_seed(s, side) for s in range(50) for side in (0, 1)}
        self.assertEqual(len(seeds), 100)
        self.assertTrue(all(0 <= x < 1 << 64 for x in seeds))


@unittest.skipUnless(lab.has_bot_handle() and HAVE_GAMES, "the library has no bot handle (wg_bot_new)")
class BotHandle(unittest.TestCase):
    def test_mcts_against_random_same_rows_in_a_pool(self):
        job = lab.Job(QUICK[:1], seeds=range(1, 5), bots=["random,mcts:20", "mcts:20,random"])
        serial = lab.run(job)
        self.assertEqual(bare(lab.run(job, jobs=2, batch=1)), bare(serial))
        self.assertTrue(all(r.over or r.steps == job.max_steps for r in serial))


if __name__ == "__main__":
    unittest.main()

