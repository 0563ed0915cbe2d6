"""Binding-overhead figures for Python: the playouts of bindings/bench/step_c.c, driven through wargame.

    python3 step.py RULESET SCENARIO [GAMES] [bot|host] [OPTIONS]
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import wargame  # noqa: E402


def main(argv):
    ruleset, scenario = argv[1], argv[2]
    ngames = int(argv[3]) if len(argv) > 3 else 5
    host = len(argv) > 4 and argv[4] == "host"
    options = argv[5] if len(argv) > 5 else None
    decisions, t = 0, 0.0
    with wargame.Context() as ctx:
        for i in range(ngames):
            g = ctx.new_game(ruleset, scenario, options, 1000 + i)
            s = time.perf_counter()
            try:
                while not g.is_over:
                    if host:
                        _ = g.decision
                        _ = len(g.options)
                    g.bot_step()
                    decisions += 1
            except wargame.WargameError:
                pass  # the game stops at a failing call, as in step_c.c
            t += time.perf_counter() - s
            g.close()
    print("python %s %s %s decisions=%d seconds=%.4f decisions_per_s=%.0f"
          % ("host" if host else "bot", ruleset, scenario, decisions, t, decisions / t if t > 0 else 0))


if __name__ == "__main__":
    main(sys.argv)
