#!/usr/bin/env python3
"""Charts of the balance lab (wargame.lab), used by lab.ipynb; also a script:

    python3 lab_plots.py [--games 20] [--jobs 2] [--out DIR] [RULESET[/SCENARIO] ...]

writes into DIR (default: the current directory) win-rates.png (the win rate of each side per
scenario with its 95 % Wilson interval), matrix.png (bot against bot: the win rate of the bot of
side 0, rows, against the bot of side 1, columns) and lengths.png (game lengths in decisions per
scenario).  The games are seeded: two runs draw the same charts.  Needs matplotlib (Debian:
python3-matplotlib).  Exit status 77 means no ruleset is compiled in.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import wargame
except ImportError:  # a source checkout: use the package next door
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))
    import wargame
from wargame import lab

# No backend is forced here: under Jupyter the kernel's inline backend shows the charts; main()
# selects Agg itself.
import matplotlib.pyplot as plt

FONT = {"tick": 9, "label": 11, "title": 12}
SIDE_COLOURS = ("tab:blue", "tab:red")


def bots_available(budgets=(20, 100)):
    """The bots of the matrix: random, and MCTS at a few budgets (iterations per decision) when the
    library has the bot handle.  Small budgets keep the matrix to seconds; doc/bots.md gives the
    default budget and its cost."""
    return ["random"] + (["mcts:%d" % b for b in budgets] if lab.has_bot_handle() else [])


def matrix_scenarios():
    """The scenarios of the bot-vs-bot matrix: Commands & Colors S01 (short games: a search bot plays
    one in about a second) when compiled in, else the first scenario of the first ruleset."""
    if "ccn" in wargame.rulesets():
        return ["ccn/S01"]
    r = wargame.rulesets()[0]
    return ["%s/%s" % (r, wargame.scenarios(r)[0][0])]


def plot_win_rates(summaries, title="", path=None):
    """Horizontal bars: per scenario (and matchup), the win rate of each side with its 95 % Wilson
    interval; draws and unfinished games are the rest of each row."""
    n = len(summaries)
    fig, ax = plt.subplots(figsize=(10, 0.45 * n + 1.6))
    labels = []
    for i, s in enumerate(summaries):
        labels.append("%s/%s (%s v %s)%s" % (s.ruleset, s.scenario, s.side0, s.side1,
                                             "" if (s.bot0, s.bot1) == ("random", "random")
                                             else "  %s vs %s" % (s.bot0, s.bot1)))
        for side in (0, 1):
            rate = s.win_rate(side)
            lo, hi = s.win_interval(side)
            y = i + (side - 0.5) * 0.38
            ax.barh(y, rate, height=0.36, color=SIDE_COLOURS[side], alpha=0.75,
                    label="side %d" % side if i == 0 else None)
            ax.errorbar(rate, y, xerr=[[rate - lo], [hi - rate]], fmt="none", ecolor="black", capsize=2, lw=1)
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels, fontsize=FONT["tick"])
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.axvline(0.5, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("win rate (bars) with 95 % Wilson interval (whiskers)", fontsize=FONT["label"])
    games = sorted({s.games for s in summaries})
    ax.set_title("%swin rate per side, %s games per row" % (title + ": " if title else "",
                                                            "/".join(map(str, games))), fontsize=FONT["title"])
    ax.legend(loc="lower right", fontsize=FONT["tick"])
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


def bot_matrix(rows, bots):
    """(rates, intervals): rates[i][j] the share of games won by side 0 when bot i plays side 0 and
    bot j side 1, over every scenario of the rows; None where no game was played."""
    rates = [[None] * len(bots) for _ in bots]
    intervals = [[None] * len(bots) for _ in bots]
    for i, b0 in enumerate(bots):
        for j, b1 in enumerate(bots):
            rs = [r for r in rows if r.bot0 == b0 and r.bot1 == b1]
            if rs:
                k = sum(r.winner == 0 for r in rs)
                rates[i][j] = k / len(rs)
                intervals[i][j] = lab.wilson_interval(k, len(rs))
    return rates, intervals


def plot_bot_matrix(rows, bots, title="", path=None):
    """A heat map: the win rate of side 0's bot (row) against side 1's bot (column), its 95 %
    interval written in each cell."""
    rates, intervals = bot_matrix(rows, bots)
    fig, ax = plt.subplots(figsize=(2.2 + 1.6 * len(bots), 1.6 + 1.2 * len(bots)))
    grid = [[float("nan") if v is None else v for v in row] for row in rates]
    im = ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu_r")
    for i in range(len(bots)):
        for j in range(len(bots)):
            if rates[i][j] is not None:
                lo, hi = intervals[i][j]
                ax.text(j, i, "%.0f%%\n[%.0f-%.0f]" % (100 * rates[i][j], 100 * lo, 100 * hi), ha="center",
                        va="center", fontsize=FONT["tick"])
    ax.set_xticks(range(len(bots)))
    ax.set_xticklabels(bots, fontsize=FONT["tick"])
    ax.set_yticks(range(len(bots)))
    ax.set_yticklabels(bots, fontsize=FONT["tick"])
    ax.set_xlabel("bot of side 1", fontsize=FONT["label"])
    ax.set_ylabel("bot of side 0", fontsize=FONT["label"])
    ax.set_title("%sside 0 win rate, %d games" % (title + ": " if title else "", len(rows)), fontsize=FONT["title"])
    fig.colorbar(im, ax=ax, fraction=0.046)
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


def plot_game_lengths(rows, title="", path=None):
    """Box plots of the game lengths (decisions taken) per scenario."""
    groups = {}
    for r in rows:
        groups.setdefault("%s/%s" % (r.ruleset, r.scenario), []).append(r.steps)
    names = list(groups)
    fig, ax = plt.subplots(figsize=(10, 0.4 * len(names) + 1.6))
    ax.boxplot([groups[k] for k in names], vert=False, labels=names)
    ax.invert_yaxis()
    ax.tick_params(axis="y", labelsize=FONT["tick"])
    ax.set_xlabel("game length (decisions, chance included)", fontsize=FONT["label"])
    ax.set_title("%sgame length per scenario" % (title + ": " if title else ""), fontsize=FONT["title"])
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("scenarios", nargs="*", help="default: every ruleset")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=".")
    a = p.parse_args(argv)
    if not wargame.rulesets():
        print("no ruleset compiled in")
        return 77
    import matplotlib
    matplotlib.use("Agg")
    os.makedirs(a.out, exist_ok=True)
    targets = a.scenarios or wargame.rulesets()
    rows = lab.run(lab.Job(targets, seeds=range(1, a.games + 1)), jobs=a.jobs)
    plot_win_rates(lab.summarize(rows), path=os.path.join(a.out, "win-rates.png"))
    plot_game_lengths(rows, path=os.path.join(a.out, "lengths.png"))
    bots = bots_available()
    mrows = lab.run(lab.Job(matrix_scenarios(), seeds=range(1, a.games + 1), bots=[(x, y) for x in bots for y in bots]),
                    jobs=a.jobs)
    plot_bot_matrix(mrows, bots, path=os.path.join(a.out, "matrix.png"))
    print("wrote win-rates.png, lengths.png, matrix.png in %s (%d + %d games)" % (a.out, len(rows), len(mrows)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
