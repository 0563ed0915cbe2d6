#!/usr/bin/env python3
"""An analyst's view of a libwargame scenario: exact odds of attacks and a seeded batch of bot games.

    python3 analysis.py [--ruleset lga] [--scenario 1805] [--options crt=completion]
                        [--games 40] [--seed 1] [--attacks 4] [--out DIR]

Writes into DIR (default: the current directory):

  table-odds.png  the exact distribution of results of every die table of the game (a table whose
                  rows are labelled 1..N is one N-sided die: each row has probability 1/N), per
                  column, with the cells the rulebook does not print shown as gaps;
  attacks.png     the exact odds of attacks met in seeded bot games: at a chance decision of an
                  attack, every option is taken on a clone of the game with its exact weight
                  (wg_game_option_weight), following chance decisions until a player decides again;
                  outcomes leading to the same state (same wg_game_hash) are one outcome;
  results.png     the victory levels and scores of a seeded batch of random-bot games.

The same functions are used by analysis.ipynb.  Everything is exact (fractions.Fraction), the
games are seeded, so two runs write the same figures.  With no --ruleset, the first of lga, then
any registered ruleset is used; LGA games default to the opt-in CRT completion ("crt=completion")
because the printed LGA CRT leaves cells blank.  Exit status 77 means no ruleset is compiled in.
"""

import argparse
import collections
import fractions
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
try:
    import wargame
except ImportError:  # a source checkout: use the package next door
    sys.path.insert(0, os.path.join(HERE, "..", "..", "bindings", "python"))
    import wargame

# No backend is forced here: under Jupyter the kernel's inline backend shows the charts in the
# notebook; the script (main) writes PNG files and selects Agg itself.
import matplotlib.pyplot as plt

#: The bot every game of this analysis is played by (the library's only built-in bot).
BOT = "uniformly random bot (wg_game_bot_step)"

#: Font sizes of the charts: readable in a notebook and in the PNG files.
FONT = {"tick": 10, "label": 11, "title": 12, "note": 9}

Fraction = fractions.Fraction
CHANCE = int(wargame.Player.PLAYER_CHANCE)

#: Scenario and options used when only a ruleset (or nothing) is given.
DEFAULTS = {"lga": ("1805", "crt=completion")}

#: Chance decisions whose text matches this are attacks (case-insensitive; --attack-pattern).
ATTACK_PATTERN = r"combat|attack|battle|melee|CP die|artillery"

Attack = collections.namedtuple("Attack", "seed step text outcomes leaves ruleset_odds")
Outcome = collections.namedtuple("Outcome", "probability paths events hash")
GameResult = collections.namedtuple("GameResult", "seed over level score turn steps text")


# ------------------------------------------------------------------ choosing what to study


def choose_scenario(ruleset=None, scenario=None, options=None):
    """(ruleset, scenario, options) filled in from the registry and DEFAULTS; ruleset None when none exists."""
    have = wargame.rulesets()
    if ruleset is None:
        ruleset = "lga" if "lga" in have else (have[0] if have else None)
    if ruleset is None:
        return None, None, None
    if ruleset not in have:
        raise SystemExit("no ruleset %r (the library has: %s)" % (ruleset, ", ".join(have) or "none"))
    dscen, dopts = DEFAULTS.get(ruleset, (None, None))
    if scenario is None:
        ids = [sid for sid, _title in wargame.scenarios(ruleset)]
        scenario = dscen if dscen in ids else ids[0]
    if options is None:
        options = dopts
    return ruleset, scenario, options


# ------------------------------------------------------------------ (a) exact odds from the tables


def is_die_table(table):
    """True when the rows are labelled 1..N: one N-sided die, each row equally likely."""
    rows, _cols = table.shape
    return rows > 1 and [table.row_label(r) for r in range(rows)] == [str(r + 1) for r in range(rows)]


def table_odds(table):
    """Exact odds of a die table, column by column (wg_table_column_dist).

    Returns a dict: name, columns (labels), codes (names), probs[col][code] (Fractions),
    gaps[col] (the probability of landing on a cell that is neither printed nor supplied),
    sources[col][row] (wargame.CellSource of each cell).
    """
    rows, cols = table.shape
    ncodes = table.code_count()
    odds = {"name": table.name, "rows": rows, "columns": [table.col_label(c) for c in range(cols)],
            "codes": [table.code_name(k) for k in range(ncodes)], "probs": [], "gaps": [], "sources": []}
    for c in range(cols):
        counts, gaps = table.column_dist(c)
        odds["probs"].append([Fraction(counts.get(name, 0), rows) for name in odds["codes"]])
        odds["gaps"].append(Fraction(gaps, rows))
        odds["sources"].append([wargame.CellSource(table.source(r, c)) for r in range(rows)])
    return odds


def game_table_odds(game, names=None):
    """table_odds of the game's die tables (or of the tables named in `names`)."""
    out = []
    for t in game.tables:
        if (names and t.name in names) or (not names and is_die_table(t)):
            out.append(table_odds(t))
    return out


def plot_table_odds(all_odds, path=None, title=""):
    """Stacked bars: for each column of each table, the probability of each result; gaps hatched."""
    n = max(1, len(all_odds))
    fig, axes = plt.subplots(n, 1, figsize=(12, 4.8 * n), squeeze=False)
    cmap = plt.get_cmap("tab20")
    for ax, odds in zip(axes[:, 0], all_odds):
        x = range(len(odds["columns"]))
        bottom = [0.0] * len(odds["columns"])
        for k, code in enumerate(odds["codes"]):
            vals = [float(odds["probs"][c][k]) for c in x]
            if not any(vals):
                continue
            ax.bar(x, vals, bottom=bottom, color=cmap(k % 20), label=code, edgecolor="white", linewidth=0.5)
            for c in x:
                if vals[c] >= 0.08:
                    ax.text(c, bottom[c] + vals[c] / 2, str(odds["probs"][c][k]), ha="center", va="center",
                            fontsize=FONT["note"])
            bottom = [b + v for b, v in zip(bottom, vals)]
        gaps = [float(g) for g in odds["gaps"]]
        if any(gaps):
            ax.bar(x, gaps, bottom=bottom, color="white", edgecolor="grey", hatch="///", label="not printed (gap)")
        ax.set_xticks(list(x))
        ax.set_xticklabels(odds["columns"], rotation=30, ha="right", fontsize=FONT["tick"])
        ax.tick_params(axis="y", labelsize=FONT["tick"])
        ax.set_ylim(0, 1)
        ax.set_xlabel("column of the table (odds or situation)", fontsize=FONT["label"])
        ax.set_ylabel("exact probability (1d%d)" % odds["rows"], fontsize=FONT["label"])
        supplied = sum(s == wargame.CellSource.SUPPLIED for col in odds["sources"] for s in col)
        ax.set_title("%s table %r%s" % (title, odds["name"],
                                        ", %d cells supplied (not printed)" % supplied if supplied else ""),
                     fontsize=FONT["title"])
        ax.legend(title="result", fontsize=FONT["note"], loc="center left", bbox_to_anchor=(1.0, 0.5))
    if not all_odds:
        axes[0, 0].text(0.5, 0.5, "no die table in this game", ha="center")
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


# ------------------------------------------------------------------ (a) exact odds from the decisions


def chance_outcomes(game, max_leaves=4096, max_depth=None):
    """Every outcome of the chance decisions starting at `game`, with its exact probability.

    Each option of a chance decision is taken on a clone (wg_game_choose with the option's index,
    probability weight/total from wg_game_option_weight); chance decisions that follow are expanded
    the same way until a player decides (or the game ends, or `max_leaves` would be exceeded, or
    `max_depth` chance decisions were taken).
    Leaves with the same state hash are the same outcome.  Returns (outcomes, leaves) with the
    outcomes sorted by decreasing probability; their probabilities sum to exactly 1.
    """
    first_event = len(game.events)
    groups = collections.OrderedDict()
    leaves = 0
    frontier = [(game.clone(), Fraction(1), ())]  # depth first: few clones alive at once
    while frontier:
        g, p, path = frontier.pop()
        player, _kind = g.decision[:2]
        n = len(g.options) if player == CHANCE and not g.is_over else 0
        deep = max_depth is not None and len(path) >= max_depth
        if path and (n == 0 or deep or leaves + len(frontier) + n > max_leaves):
            key = g.hash
            if key not in groups:
                groups[key] = [Fraction(0), [], [e.text for e in g.events.since(first_event)]]
            groups[key][0] += p
            groups[key][1].append(path)
            leaves += 1
            g.close()
            continue
        for o in reversed(list(g.options)):
            c = g.clone()
            c.choose(o.index)
            frontier.append((c, p * Fraction(o.weight, o.total), path + (o.label,)))
        g.close()
    outs = [Outcome(v[0], v[1], v[2], h) for h, v in groups.items()]
    outs.sort(key=lambda o: -o.probability)
    return outs, leaves


def merge_outcomes(outcomes, limit=12):
    """At most about `limit` outcomes for display: beyond it, outcomes ending with the same event are merged.

    States that differ only in what they remember of the dice (e.g. the combat points each side
    rolled) then show as one outcome: the one their last event reports (e.g. the melee result).
    """
    if len(outcomes) <= limit:
        return list(outcomes)
    merged = collections.OrderedDict()
    for o in outcomes:
        key = o.events[-1] if o.events else ""
        if key in merged:
            m = merged[key]
            merged[key] = Outcome(m.probability + o.probability, m.paths + o.paths, [key], None)
        else:
            merged[key] = Outcome(o.probability, list(o.paths), [key], o.hash)
    outs = list(merged.values())
    outs.sort(key=lambda o: -o.probability)
    return outs


def ruleset_odds_text(game):
    """The ruleset's own account of the combat in progress, when its API has one, else None.

    A ruleset may offer `wg_<ruleset>_combat_odds_text` (Les Marechaux does: the exact melee
    distribution with each side's modifiers); it is called when the binding knows it.
    """
    fname = "wg_%s_combat_odds_text" % game.ruleset
    if fname not in wargame.raw.FUNCTIONS:
        return None
    try:
        return wargame.call(fname, [game], owner=game)[0]
    except wargame.WargameError:  # no combat at this point
        return None


def find_attacks(ctx, ruleset, scenario, options, count=4, seed=1, max_games=20, pattern=ATTACK_PATTERN,
                 max_steps=200000):
    """The first `count` attacks met in random-bot games of seeds seed, seed+1, ...: their exact outcomes."""
    rx = re.compile(pattern, re.I)
    found = []
    for s in range(seed, seed + max_games):
        with ctx.new_game(ruleset, scenario, options, s) as g:
            armed = True  # one attack per run of chance decisions
            steps = 0
            while not g.is_over and len(found) < count and steps < max_steps:
                player, _kind, text = g.decision
                if player != CHANCE:
                    armed = True
                elif armed and rx.search(text):
                    armed = False
                    outs, leaves = chance_outcomes(g)
                    found.append(Attack(s, g.step_count, text, outs, leaves, ruleset_odds_text(g)))
                g.bot_step()
                steps += 1
        if len(found) >= count:
            break
    return found


def _short(s, n=70):
    return s if len(s) <= n else s[:n - 1] + "…"


def outcome_label(o):
    faces = [" + ".join(p) for p in o.paths]
    who = ", ".join(faces) if len(faces) <= 3 else "%d combinations" % len(faces)
    what = " / ".join(o.events[:2]) if o.events else "(no event)"
    return "%s\n%s" % (_short(who, 90), _short(what, 100))


def plot_attacks(attacks, path=None, title=""):
    """One horizontal bar chart per attack: the exact probability of each outcome."""
    n = max(1, len(attacks))
    heights = [max(2.4, 0.75 * len(merge_outcomes(a.outcomes)) + 1.4) for a in attacks] or [2.4]
    fig, axes = plt.subplots(n, 1, figsize=(13, sum(heights)), squeeze=False,
                             gridspec_kw={"height_ratios": heights})
    for ax, a in zip(axes[:, 0], attacks):
        outs = merge_outcomes(a.outcomes)
        probs = [float(o.probability) for o in outs]
        y = list(range(len(probs)))[::-1]
        ax.barh(y, probs, color="#4472c4")
        ax.set_yticks(y)
        ax.set_yticklabels([outcome_label(o) for o in outs], fontsize=FONT["note"])
        ax.tick_params(axis="x", labelsize=FONT["tick"])
        for yy, o in zip(y, outs):
            ax.text(float(o.probability) + 0.01, yy, str(o.probability), va="center", fontsize=FONT["note"])
        ax.set_xlim(0, 1.15)
        ax.set_xlabel("exact probability", fontsize=FONT["label"])
        ax.set_ylabel("outcome (dice, then events)", fontsize=FONT["label"])
        ax.set_title("seed %d step %d (%d leaves)\n%s" % (a.seed, a.step, a.leaves, _short(a.text, 60)),
                     fontsize=FONT["title"])
    if not attacks:
        axes[0, 0].text(0.5, 0.5, "no attack met in the seeded games", ha="center")
    fig.suptitle("%s: exact odds of attacks met in games played by the %s" % (title, BOT), fontsize=FONT["title"])
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


# ------------------------------------------------------------------ (b) a seeded batch of bot games


def result_level(text, over=True):
    """The victory level in a result text: the words after the last ': ', without a rule id or '(so far)'."""
    if not over:
        return "unfinished"
    level = text.rsplit(": ", 1)[-1]
    level = re.sub(r"\s*\((so far|[A-Z]+-[A-Z0-9-]+)\)\s*$", "", level)
    return level.strip() or text


def play_batch(ctx, ruleset, scenario, options, games=40, seed=1, max_steps=1000000):
    """Random-bot games of seeds seed .. seed+games-1, played out in C (wg_game_playout)."""
    results = []
    for s in range(seed, seed + games):
        with ctx.new_game(ruleset, scenario, options, s) as g:
            try:
                g.playout(max_steps)
            except wargame.WargameError as e:  # a game the rules cannot continue is reported, not hidden
                print("seed %d stopped at step %d: %s" % (s, g.step_count, e), file=sys.stderr)
            over = g.is_over
            text = g.result_text
            results.append(GameResult(s, over, result_level(text, over), g.score, g.turn, g.step_count, text))
    return results


def summarize(results):
    """{level: count} in order of first appearance, and the score mean."""
    levels = collections.Counter(r.level for r in results)
    mean = Fraction(sum(r.score for r in results), len(results)) if results else Fraction(0)
    return levels, mean


def wilson_interval(k, n, z=1.96):
    """The Wilson score interval (95% by default) of a rate of k successes in n trials: (low, high)."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def plot_results(results, path=None, title=""):
    """The victory levels of a batch as rates with 95% confidence intervals (Wilson), the scores
    and the game lengths; the titles say which bot played."""
    levels, mean = summarize(results)
    n = len(results)
    fig, (a1, a2, a3) = plt.subplots(1, 3, figsize=(16, 5.2))
    names = sorted(levels, key=lambda k: -levels[k])
    rates = [levels[k] / n for k in names] if n else []
    ci = [wilson_interval(levels[k], n) for k in names]
    err = [[r - lo for r, (lo, _hi) in zip(rates, ci)], [hi - r for r, (_lo, hi) in zip(rates, ci)]]
    y = list(range(len(names)))[::-1]
    a1.barh(y, rates, xerr=err if names else None, color="#c0504d", ecolor="black", capsize=4)
    a1.set_yticks(y)
    a1.set_yticklabels(names, fontsize=FONT["tick"])
    a1.set_xlim(0, 1)
    a1.set_xlabel("share of games (bars: 95% confidence interval)", fontsize=FONT["label"])
    a1.set_ylabel("victory level", fontsize=FONT["label"])
    a1.set_title("victory levels (%d games)" % n, fontsize=FONT["title"])
    a2.hist([r.score for r in results], bins=min(30, max(5, n // 2)), color="#9bbb59")
    a2.axvline(float(mean), color="black", linestyle="--", label="mean %.2f" % float(mean))
    a2.set_xlabel("score (the ruleset's wg_game_score)", fontsize=FONT["label"])
    a2.set_ylabel("games", fontsize=FONT["label"])
    a2.legend(fontsize=FONT["note"])
    a2.set_title("scores", fontsize=FONT["title"])
    a3.hist([r.steps for r in results], bins=min(30, max(5, n // 2)), color="#8064a2")
    a3.set_xlabel("decisions per game", fontsize=FONT["label"])
    a3.set_ylabel("games", fontsize=FONT["label"])
    a3.set_title("game length", fontsize=FONT["title"])
    for ax in (a1, a2, a3):
        ax.tick_params(labelsize=FONT["tick"])
    fig.suptitle("%s: both sides played by the %s" % (title, BOT), fontsize=FONT["title"])
    fig.tight_layout()
    if path:
        fig.savefig(path, dpi=90)
    return fig


# ------------------------------------------------------------------ the script


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ruleset")
    ap.add_argument("--scenario")
    ap.add_argument("--options", help='ruleset options "key=value,..." (LGA default: crt=completion)')
    ap.add_argument("--games", type=int, default=40, help="bot games in the batch")
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game")
    ap.add_argument("--attacks", type=int, default=4, help="attacks to analyse")
    ap.add_argument("--attack-pattern", default=ATTACK_PATTERN)
    ap.add_argument("--tables", help="comma-separated table names (default: the die tables)")
    ap.add_argument("--out", default=".", help="directory of the PNG files")
    args = ap.parse_args(argv)
    plt.switch_backend("Agg")  # the script writes files; a notebook keeps its inline backend

    ruleset, scenario, options = choose_scenario(args.ruleset, args.scenario, args.options)
    if ruleset is None:
        print("no ruleset is compiled into the library: nothing to analyse")
        return 77
    os.makedirs(args.out, exist_ok=True)
    title = "%s %s%s" % (ruleset, scenario, " [%s]" % options if options else "")
    print("libwargame %s: %s (%s)" % (wargame.version(), title, wargame.ruleset_name(ruleset)))

    with wargame.Context() as ctx:
        with ctx.new_game(ruleset, scenario, options, args.seed) as game:
            odds = game_table_odds(game, args.tables.split(",") if args.tables else None)
        for t in odds:
            print("table %s: %d columns, rows 1..%d equally likely" % (t["name"], len(t["columns"]), t["rows"]))
            for c, label in enumerate(t["columns"]):
                parts = ["%s %s" % (t["codes"][k], p) for k, p in enumerate(t["probs"][c]) if p]
                if t["gaps"][c]:
                    parts.append("gap %s" % t["gaps"][c])
                print("  %-10s %s" % (label, ", ".join(parts)))
        plt.close(plot_table_odds(odds, os.path.join(args.out, "table-odds.png"), title))

        attacks = find_attacks(ctx, ruleset, scenario, options, args.attacks, args.seed,
                               pattern=args.attack_pattern)
        for a in attacks:
            total = sum(o.probability for o in a.outcomes)
            if total != 1:
                print("the outcome probabilities of %r sum to %s, not 1" % (a.text, total), file=sys.stderr)
                return 1
            outs = merge_outcomes(a.outcomes)
            print("attack (seed %d, step %d): %s: %d outcomes (%d states)" % (a.seed, a.step, a.text, len(outs),
                                                                          len(a.outcomes)))
            for o in outs:
                print("  %-7s %s" % (o.probability, _short(" / ".join(o.events) or "(no event)", 150)))
            if a.ruleset_odds:
                print("  the ruleset's odds of this combat:\n    " + a.ruleset_odds.strip().replace("\n", "\n    "))
        plt.close(plot_attacks(attacks, os.path.join(args.out, "attacks.png"), title))

        results = play_batch(ctx, ruleset, scenario, options, args.games, args.seed)
        levels, mean = summarize(results)
        print("batch of %d games (seeds %d..%d): mean score %.3f" % (len(results), args.seed,
                                                                    args.seed + args.games - 1, float(mean)))
        for level, k in levels.most_common():
            print("  %-32s %3d  %5.1f%%" % (level, k, 100.0 * k / len(results)))
        plt.close(plot_results(results, os.path.join(args.out, "results.png"), title))
        if ctx.live_handles:
            print("warning: %d handles still alive" % ctx.live_handles, file=sys.stderr)
    for name in ("table-odds.png", "attacks.png", "results.png"):
        path = os.path.join(args.out, name)
        with open(path, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                print("%s is not a PNG file" % path, file=sys.stderr)
                return 1
        print("wrote %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
