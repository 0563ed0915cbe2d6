"""Replays the golden decision logs of tests/golden/ through the Python bindings: the same actions
must give the same state hash after every step as in the C recording (and the C replay)."""

import glob
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import wargame  # noqa: E402

ROOT = os.environ.get("WG_SOURCE_DIR") or os.path.normpath(
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
LOGS = sorted(glob.glob(os.path.join(ROOT, "tests", "golden", "*.wgd")))


def read_log(ctx, path):
    with open(path, "rb") as fh:
        doc = ctx.parse_data(fh.read())
    head, steps = {}, []
    for rec in doc:
        if rec[0] == "step":
            steps.append((int(rec[1]), int(rec[2], 0), int(rec[3], 0)))
        else:
            head[rec[0]] = rec[1] if len(rec) > 1 else ""
    doc.close()
    return head, steps


class Golden(unittest.TestCase):
    def test_logs_present_or_skipped(self):
        if not LOGS:
            self.skipTest("no golden logs recorded yet in tests/golden/")
        self.assertTrue(all(p.endswith(".wgd") for p in LOGS))

    def test_replay_every_log(self):
        if not LOGS:
            self.skipTest("no golden logs recorded yet in tests/golden/")
        for path in LOGS:
            with self.subTest(log=os.path.basename(path)), wargame.Context() as ctx:
                head, steps = read_log(ctx, path)
                g = ctx.new_game(head["ruleset"], head["scenario"], head.get("options") or None,
                                 int(head["seed"]))
                self.assertEqual(g.hash, int(head["start"], 0), "start hash")
                self.assertTrue(steps, "a golden log has steps")
                for n, action, h in steps:
                    g.choose_action(action)
                    self.assertEqual(g.hash, h, "%s: step %d" % (os.path.basename(path), n))
                self.assertEqual(g.step_count, len(steps))
                g.close()


if __name__ == "__main__":
    unittest.main()
