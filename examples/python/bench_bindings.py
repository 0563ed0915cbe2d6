#!/usr/bin/env python3
"""Binding overhead from Python: the random playouts of wg-bench (bench/bench.c), driven three ways.

    python3 bench_bindings.py [--ruleset R] [--scenario S] [--options O] [--games N]

For every scenario (or the one asked for), games of seeds 1000 .. 1000+N-1 (the seeds of
wg-bench; LGA with "crt=completion" like wg-bench) are played to the end:

  playout  one call per game, wg_game_playout: the C loop, the reference figure;
  bot      one call per decision from Python, Game.bot_step (the library's random bot);
  raw      the same through the bare ctypes function wargame.lib.wg_game_bot_step;
  host     the host decides: per decision the option count, then an index drawn with Python's
           random (uniform for a player; by the exact weights for chance, read with
           wg_game_option_weight) taken with Game.choose.  An option taken only with parameters
           (Les Aigles "move to a point", "wheel to a facing") is not taken: the index is drawn
           again among the options without required parameters.

Prints decisions/s (process CPU time) per mode and the cost relative to the C loop.  Figures only;
not a test.
"""

import argparse
import ctypes
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import wargame
except ImportError:
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))
    import wargame

CHANCE = int(wargame.Player.PLAYER_CHANCE)
DEFAULT_OPTIONS = {"lga": "crt=completion"}


def run_playout(game):
    return game.playout()


def run_bot(game):
    n = 0
    while not game.is_over:
        game.bot_step()
        n += 1
    return n


def run_raw(game):
    lib = wargame.lib
    ptr = game._check()  # the C pointer of the open handle
    chosen = ctypes.c_size_t()
    over = ctypes.c_int()
    n = 0
    while lib.wg_game_is_over(ctypes.byref(over), ptr) == 0 and not over.value:
        if lib.wg_game_bot_step(ctypes.byref(chosen), ptr) != 0:
            raise wargame.WargameError(-4, game.errmsg, "wg_game_bot_step")
        n += 1
    return n


def run_host(game, rng):
    n = 0
    opts = game.options
    while not game.is_over:
        count = len(opts)
        player = game.decision.player
        if player == CHANCE:
            x = rng.randrange(game.option_weight(0)[1])
            i = 0
            while True:
                w = game.option_weight(i)[0]
                if x < w:
                    break
                x -= w
                i += 1
        else:
            i = rng.randrange(count)
            if game.option_params(i) and opts[i].params_required:
                # taken only with parameters ("move to a point"): drawn again among the others
                i = rng.choice([j for j in range(count) if not opts[j].params_required])
        game.choose(i)
        n += 1
    return n


def bench(ctx, ruleset, scenario, options, games, mode):
    """(decisions, seconds, games stopped by an error).  A game stops at its first failing call."""
    decisions, seconds, stopped = 0, 0.0, 0
    for i in range(games):
        with ctx.new_game(ruleset, scenario, options, 1000 + i) as g:
            rng = random.Random(1000 + i)
            t = time.process_time()
            try:
                if mode == "playout":
                    run_playout(g)
                elif mode == "bot":
                    run_bot(g)
                elif mode == "raw":
                    run_raw(g)
                else:
                    run_host(g, rng)
            except wargame.WargameError as e:
                stopped += 1
                print("  (%s %s seed %d, %s: stopped at step %d: %s)" % (ruleset, scenario, 1000 + i, mode,
                                                                     g.step_count, e), file=sys.stderr)
            seconds += time.process_time() - t
            decisions += g.step_count
    return decisions, seconds, stopped


def main(argv=None):
    ap = argparse.ArgumentParser(description="decisions/s of random playouts driven from Python")
    ap.add_argument("--ruleset")
    ap.add_argument("--scenario")
    ap.add_argument("--options")
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--modes", default="playout,bot,raw,host")
    args = ap.parse_args(argv)
    rulesets = [args.ruleset] if args.ruleset else wargame.rulesets()
    if not rulesets:
        print("no ruleset is compiled into the library")
        return 77
    print("libwargame %s from Python %s (ctypes), %d games per scenario and mode"
          % (wargame.version(), sys.version.split()[0], args.games))
    print("%-10s %-8s %-8s %10s %14s %8s %14s" % ("ruleset", "scenario", "mode", "decisions", "decisions/s",
                                                  "vs C", "us/decision"))
    with wargame.Context() as ctx:
        for r in rulesets:
            scenarios = [args.scenario] if args.scenario else [s for s, _t in wargame.scenarios(r)]
            options = args.options if args.options is not None else DEFAULT_OPTIONS.get(r)
            for s in scenarios:
                base = None
                for mode in args.modes.split(","):
                    n, secs, stopped = bench(ctx, r, s, options, args.games, mode)
                    rate = n / secs if secs > 0 else 0.0
                    if mode == "playout":
                        base = rate
                    rel = "%7.1fx" % (base / rate) if base and rate else "      -"
                    print("%-10s %-8s %-8s %10d %14.0f %8s %14.2f%s" % (r, s, mode, n, rate, rel,
                                                                        1e6 / rate if rate else 0.0,
                                                                        "  (%d stopped)" % stopped if stopped else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
