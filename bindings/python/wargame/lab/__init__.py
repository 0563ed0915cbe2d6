"""The balance lab: batches of seeded bot-against-bot games, their rows and their statistics.

    from wargame import lab
    job = lab.Job(["lga/1805", "ccn/S01"], seeds=range(1, 101), bots=["random", "random,mcts:2000"])
    rows = lab.run(job, jobs=2)                 # all cores; the same rows as jobs=1
    rows = lab.run(job, dask="tcp://host:8786")  # a Dask cluster; the same rows again
    for s in lab.summarize(rows):
        print(s.scenario, s.bot0, s.bot1, s.win_rate(1), s.win_interval(1))
    lab.write_csv(rows, "games.csv")            # or lab.to_dataframe(rows) with pandas

A game is one **task**: a set-up (ruleset, scenario, ruleset options), one bot per side and a seed.
A job is the product of its set-ups, its matchups (bots per side) and its seeds; ``Job.tasks``
checks everything before a game is played (an unknown ruleset, scenario, option or bot raises
``LabError`` naming it).  A game is determined by its task alone, so the rows of a run are the
same whether the games are played in this process, by a pool of processes or by the workers of a
Dask cluster; only the ``worker`` column, which names the process that played the game, differs.

Bots are named by a spec string per side:

* ``"random"``: the library's uniformly random bot (``wg_game_bot_step``), seeded by the game;
* any other spec (``"mcts:2000"``) is handed to the library's bot handle
  (``wg_bot_new(&bot, ctx, spec, seed)``, ``wg_bot_choose``) when the library has one, with the
  seed ``bot_seed(seed, side)``; without it the spec is refused before any game.

Chance decisions are rolled with the game's dice (``wg_game_roll``); a game of random bots alone
is played by ``wg_game_playout``, which takes the same decisions.

A worker process that dies while playing (a crash, the out-of-memory killer) does not shorten the
table: its games are played again, alone, and a game that kills its worker every time (after Dask's
own retries on a cluster, after ``retries`` fresh processes in a local pool) makes ``run`` raise
``MissingGamesError``, whose message names each missing game and seed and whose ``rows`` holds the
games that were played.

The core uses the standard library only; pandas (``to_dataframe``), tqdm (the progress bar) and
distributed (``dask=``) are used when installed.
"""

import csv
import dataclasses
import importlib
import io
import math
import multiprocessing
import multiprocessing.connection
import os
import re
import socket
import statistics
import sys
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, TextIO, Tuple, Union

import wargame
from wargame import _ffi as raw
from wargame import _lib

__all__ = [
    "Job", "Task", "Row", "Results", "Summary", "LabError", "GameError", "MissingGamesError",
    "run", "play", "summarize", "wilson_interval", "write_csv", "read_csv", "to_dataframe",
    "parse_bot", "has_bot_handle", "bot_seed", "DEFAULT_OPTIONS", "FIELDS", "main",
]

#: Options used for a ruleset when a job names none for it: the printed CRT of La Grande Armee
#: leaves cells blank, which stop a game with a table gap; its opt-in completion fills them.
DEFAULT_OPTIONS: Dict[str, str] = {"lga": "crt=completion"}

#: The 95 % normal quantile of the Wilson intervals.
Z95 = 1.959963984540054

_MCTS = re.compile(r"^mcts:([1-9][0-9]*)$")


class LabError(ValueError):
    """A job that cannot be played as asked (an unknown ruleset, scenario, option or bot, a bad
    seed): raised before any game is played, naming what is wrong."""


class GameError(RuntimeError):
    """A game that the library refused to play on (its message names the task and the library's
    error).  Picklable, so that it crosses process and cluster boundaries."""


class Task(NamedTuple):
    """One game of a job: its place in the job, its set-up, a bot per side and its seed."""

    index: int  # type: ignore[assignment]
    ruleset: str
    scenario: str
    options: str
    bot0: str
    bot1: str
    seed: int
    max_steps: int

    def describe(self) -> str:
        """``lga/1805 [crt=completion] random vs mcts:2000 seed 7``."""
        return "%s/%s%s %s vs %s seed %d" % (self.ruleset, self.scenario,
                                              " [%s]" % self.options if self.options else "",
                                              self.bot0, self.bot1, self.seed)


class Row(NamedTuple):
    """The result of one game.

    ``winner`` is the winning side (0 or 1), None for a draw or an unfinished game (``over``
    False: ``max_steps`` decisions were taken first); ``result`` is the library's result text,
    ``score`` its score (``wg_game_score``: meaning and sign depend on the ruleset), ``turn`` the
    last game turn and ``steps`` the decisions taken (the game's length).  ``worker`` names the
    process that played it (``host:pid``, or the Dask worker's address)."""

    ruleset: str
    scenario: str
    options: str
    bot0: str
    bot1: str
    seed: int
    side0: str
    side1: str
    over: bool
    winner: Optional[int]
    winner_name: str
    result: str
    score: int
    turn: int
    steps: int
    worker: str

    def key(self) -> Tuple[str, str, str, str, str]:
        """The group of the row in a summary: (ruleset, scenario, options, bot0, bot1)."""
        return (self.ruleset, self.scenario, self.options, self.bot0, self.bot1)

    def without_worker(self) -> "Row":
        """The row with an empty worker column (rows of different runs compare equal this way)."""
        return self._replace(worker="")


#: The columns of the CSV files, in order.
FIELDS: Tuple[str, ...] = Row._fields


class Results(List[Row]):
    """The rows of a run, in task order (a list), with helpers."""

    def summary(self) -> List["Summary"]:
        """summarize(self)."""
        return summarize(self)

    def to_csv(self, path_or_file: Union[str, TextIO]) -> None:
        """write_csv(self, path_or_file)."""
        write_csv(self, path_or_file)

    def to_dataframe(self) -> Any:
        """to_dataframe(self): a pandas DataFrame."""
        return to_dataframe(self)

    def workers(self) -> List[str]:
        """The distinct workers that played the rows, sorted."""
        return sorted({r.worker for r in self})


class MissingGamesError(RuntimeError):
    """Games of a job that no worker could play: each killed the process that played it, every
    time.  ``missing`` lists (task, reason) pairs; ``rows`` holds the games that were played."""

    def __init__(self, missing: Sequence[Tuple[Task, str]], rows: Results) -> None:
        self.missing: List[Tuple[Task, str]] = list(missing)
        self.rows = rows
        self.seeds: List[int] = sorted({t.seed for t, _ in self.missing})
        lines = ["%d of %d game(s) missing: a worker died playing each, every time (seeds %s):"
                 % (len(self.missing), len(self.missing) + len(rows), ", ".join(map(str, self.seeds)))]
        lines += ["  %s: %s" % (t.describe(), why) for t, why in self.missing]
        super().__init__("\n".join(lines))

    def __reduce__(self) -> Any:
        return (MissingGamesError, (self.missing, self.rows))


# ------------------------------------------------------------------------------------------ bots


def has_bot_handle() -> bool:
    """True when the loaded library has the bot handle (``wg_bot_new``, ``wg_bot_choose``)."""
    return (hasattr(raw, "wg_bot") and "wg_bot_new" in raw.FUNCTIONS and "wg_bot_choose" in raw.FUNCTIONS
            and hasattr(_lib.lib, "wg_bot_new"))


def parse_bot(spec: str) -> str:
    """The canonical spec of a bot (stripped), or LabError: ``"random"`` always; any other spec
    only when the library has the bot handle, which must accept it (``"mcts:N"``)."""
    if not isinstance(spec, str):
        raise LabError("a bot is named by a spec string, not %r" % (spec,))
    s = spec.strip()
    if s == "random":
        return s
    if not has_bot_handle():
        if _MCTS.match(s):
            raise LabError("bot %r needs the library's bot handle (wg_bot_new), which %s lacks; "
                           "the bots available are: random" % (s, _lib.library_path))
        raise LabError("unknown bot %r (bots: random; mcts:N needs the library's bot handle, wg_bot_new, "
                       "which %s lacks)" % (spec, _lib.library_path))
    with wargame.Context() as ctx:
        try:
            bot = _bot_new(ctx, s, 1)
        except wargame.WargameError as e:
            raise LabError("unknown bot %r: %s" % (spec, e.message)) from None
        bot.close()
    return s


def bot_seed(seed: int, side: int) -> int:
    """The seed of the bot handle playing ``side`` in the game of ``seed`` (a fixed 64-bit mix,
    so that the two sides' bots and the game's dice draw from unrelated streams)."""
    x = (seed * 0x9E3779B97F4A7C15 + (side + 1) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 31
    x = (x * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 29)


def _bot_new(ctx: wargame.Context, spec: str, seed: int) -> Any:
    return _lib.call("wg_bot_new", [ctx, spec, seed])[0]


def _bot_choose(bot: Any, game: wargame.Game) -> None:
    """Lets a bot handle take the current decision of ``game``."""
    params = raw.FUNCTIONS["wg_bot_choose"][3]
    args: List[Any] = []
    for pname, kind in params:
        head, _, arg = kind.partition(":")
        if head == "h":
            args.append(bot if arg == "wg_bot" else game if arg == "wg_game" else None)
            if args[-1] is None:
                raise GameError("wg_bot_choose takes a %s (%s), which the lab cannot supply" % (arg, pname))
        elif head in ("in", "str", "ptr", "inarr", "cb"):
            raise GameError("wg_bot_choose takes %s (%s), which the lab cannot supply" % (pname, kind))
    before = game.step_count
    outs = _lib.call("wg_bot_choose", args)
    if game.step_count == before:  # the bot chose without taking the option: take it
        chosen = [o for o in outs if isinstance(o, int)]
        if not chosen:
            raise GameError("wg_bot_choose returned no option")
        game.choose(chosen[0])


# ------------------------------------------------------------------------------------------ jobs


def _split_target(target: str) -> Tuple[str, Optional[str]]:
    ruleset, sep, scenario = target.strip().partition("/")
    return ruleset, (scenario if sep else None)


@dataclasses.dataclass
class Job:
    """A batch of games: every set-up x every matchup x every seed.

    ``scenarios``: ``"lga/1805"`` (one scenario) or ``"lga"`` (every scenario of the ruleset).
    ``options``: ruleset options, each ``"RULESET:TEXT"`` (for that ruleset) or ``"TEXT"`` (for
    every ruleset of the job); several entries for one ruleset are several set-ups (an option
    sweep); a ruleset with none gets DEFAULT_OPTIONS (or the library's defaults).
    ``bots``: matchups, each ``"SPEC"`` (every side) or ``"SPEC0,SPEC1"`` or a pair of specs.
    ``seeds``: the game seeds (non-negative, below 2**64).  ``max_steps``: a game still running
    after this many decisions is stopped and recorded as unfinished."""

    scenarios: Sequence[str]
    seeds: Iterable[int]
    bots: Sequence[Union[str, Sequence[str]]] = ("random",)
    options: Sequence[str] = ()
    max_steps: int = 1_000_000

    def __post_init__(self) -> None:
        if not isinstance(self.seeds, (list, tuple, range)):
            self.seeds = list(self.seeds)  # an iterator is read once, here

    def setups(self) -> List[Tuple[str, str, str]]:
        """The (ruleset, scenario, options) of the job, checked: LabError names an unknown
        ruleset, scenario or option."""
        have = wargame.rulesets()
        if isinstance(self.scenarios, str):
            raise LabError("scenarios must be a list of 'RULESET' or 'RULESET/SCENARIO', not a string")
        targets: List[Tuple[str, str]] = []
        for target in self.scenarios:
            ruleset, scenario = _split_target(target)
            if ruleset not in have:
                raise LabError("unknown ruleset %r in %r (the library has: %s)"
                               % (ruleset, target, ", ".join(have) or "none"))
            ids = [sid for sid, _title in wargame.scenarios(ruleset)]
            if scenario is None:
                targets += [(ruleset, sid) for sid in ids]
            elif scenario not in ids:
                raise LabError("unknown scenario %r of ruleset %r (scenarios: %s)"
                               % (scenario, ruleset, " ".join(ids)))
            else:
                targets.append((ruleset, scenario))
        if not targets:
            raise LabError("the job names no scenario")
        per: Dict[Optional[str], List[str]] = {}
        for entry in ([self.options] if isinstance(self.options, str) else self.options):
            head, sep, text = entry.partition(":")
            if sep and "=" not in head and "," not in head:
                if head not in have:
                    raise LabError("unknown ruleset %r in options %r (the library has: %s)"
                                   % (head, entry, ", ".join(have)))
                per.setdefault(head, []).append(text.strip())
            else:
                per.setdefault(None, []).append(entry.strip())
        out: List[Tuple[str, str, str]] = []
        seen = set()
        with wargame.Context() as ctx:
            for ruleset, scenario in targets:
                variants = per.get(ruleset, []) + per.get(None, [])
                if not variants:
                    variants = [DEFAULT_OPTIONS.get(ruleset, "")]
                for opts in variants:
                    setup = (ruleset, scenario, opts)
                    if setup in seen:
                        continue
                    seen.add(setup)
                    try:
                        game = ctx.new_game(ruleset, scenario, opts, 0)
                    except wargame.WargameError as e:
                        raise LabError("%s/%s with options %r: %s" % (ruleset, scenario, opts, e.message)) from None
                    try:
                        if len(game.players) != 2:
                            raise LabError("%s/%s has %d players; the lab plays two-player games"
                                           % (ruleset, scenario, len(game.players)))
                    finally:
                        game.close()
                    out.append(setup)
        return out

    def matchups(self) -> List[Tuple[str, str]]:
        """The (bot0, bot1) pairs of the job, checked: LabError names an unknown bot."""
        bots = [self.bots] if isinstance(self.bots, str) else self.bots
        out: List[Tuple[str, str]] = []
        for m in bots:
            specs = m.split(",") if isinstance(m, str) else list(m)
            if len(specs) == 1:
                specs = specs * 2
            if len(specs) != 2:
                raise LabError("a matchup names one bot or one per side (2), not %r" % (m,))
            pair = (parse_bot(specs[0]), parse_bot(specs[1]))
            if pair not in out:
                out.append(pair)
        if not out:
            raise LabError("the job names no bot")
        return out

    def seed_list(self) -> List[int]:
        """The seeds, checked (integers in [0, 2**64))."""
        seeds = list(self.seeds)
        for s in seeds:
            if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 1 << 64:
                raise LabError("seed %r is not an integer in [0, 2**64)" % (s,))
        if not seeds:
            raise LabError("the job names no seed")
        return seeds

    def tasks(self) -> List[Task]:
        """Every game of the job, in order (set-up, matchup, seed), after checking all of it."""
        if isinstance(self.max_steps, bool) or not isinstance(self.max_steps, int) or self.max_steps < 1:
            raise LabError("max_steps must be a positive integer, not %r" % (self.max_steps,))
        setups, matchups, seeds = self.setups(), self.matchups(), self.seed_list()
        out: List[Task] = []
        for ruleset, scenario, opts in setups:
            for b0, b1 in matchups:
                for s in seeds:
                    out.append(Task(len(out), ruleset, scenario, opts, b0, b1, s, self.max_steps))
        return out


# ------------------------------------------------------------------------------------------ playing


def _worker_name() -> str:
    dist = sys.modules.get("distributed")
    if dist is not None:
        try:
            return str(dist.get_worker().address)
        except (ValueError, AttributeError):
            pass
    return "%s:%d" % (socket.gethostname(), os.getpid())


_WIN = re.compile(r"(victory|wins?\b)", re.I)


def winner_of(result: str, players: Sequence[str]) -> Optional[int]:
    """The side a result text declares the winner (its name followed by "victory" or "wins",
    possibly with a level between, as in "French Marginal Victory"), None for a draw."""
    best: Optional[Tuple[int, int]] = None
    for side, name in enumerate(players):
        pat = re.compile(r"(?<![\w-])%s(?![\w-])\s+(?:\w+\s+)?(?:victory|wins?)\b" % re.escape(name), re.I)
        m = pat.search(result)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), side)
    return None if best is None else best[1]


def play(task: Task) -> Row:
    """Plays one game of a job in this process and returns its row (GameError when the library
    refuses a step)."""
    bots = (task.bot0, task.bot1)
    chance = int(wargame.Player.PLAYER_CHANCE)
    try:
        with wargame.Context() as ctx:
            game = ctx.new_game(task.ruleset, task.scenario, task.options, task.seed)
            players = game.players
            if bots == ("random", "random"):
                game.playout(task.max_steps)
            else:
                handles = [None if b == "random" else _bot_new(ctx, b, bot_seed(task.seed, side))
                           for side, b in enumerate(bots)]
                while not game.is_over and game.step_count < task.max_steps:
                    player = int(game.decision.player)
                    if player == chance:
                        game.roll()
                    elif handles[player] is None:
                        game.bot_step()
                    else:
                        _bot_choose(handles[player], game)
            over = game.is_over
            text = game.result_text
            winner = game.winner if over else None
            return Row(task.ruleset, task.scenario, task.options, task.bot0, task.bot1, task.seed,
                       players[0], players[1], over, winner, "" if winner is None else players[winner],
                       text, game.score, game.turn, game.step_count, _worker_name())
    except wargame.WargameError as e:
        raise GameError("%s: %s" % (task.describe(), e)) from None


def _play_batch(tasks: Sequence[Task], kill_seeds: Sequence[int] = ()) -> List[Tuple[int, Row]]:
    """Plays tasks in a worker.  ``kill_seeds`` is a test hook: the worker process ends itself
    (os._exit) when it comes to one of these seeds, as a crash would."""
    out = []
    for t in tasks:
        if t.seed in kill_seeds:
            os._exit(70)
        out.append((t.index, play(t)))
    return out


# ------------------------------------------------------------------------------------------ progress


class _Progress:
    """tqdm when installed, else one plain line on stderr rewritten in place (a terminal) or
    printed at every tenth (a file)."""

    def __init__(self, total: int, enabled: bool) -> None:
        self.total, self.n, self.bar, self.enabled = total, 0, None, enabled
        self.tty = sys.stderr.isatty()
        self.shown = -1
        if enabled:
            try:
                tqdm: Any = importlib.import_module("tqdm")
                self.bar = tqdm.tqdm(total=total, file=sys.stderr, unit="game", desc="wargame.lab")
            except ImportError:
                self.bar = None

    def update(self, k: int) -> None:
        self.n += k
        if not self.enabled:
            return
        if self.bar is not None:
            self.bar.update(k)
            return
        tenth = self.n * 10 // max(1, self.total)
        if self.tty:
            sys.stderr.write("\rwargame.lab: %d/%d games" % (self.n, self.total))
            sys.stderr.flush()
        elif tenth != self.shown:
            self.shown = tenth
            sys.stderr.write("wargame.lab: %d/%d games\n" % (self.n, self.total))

    def close(self) -> None:
        if self.enabled and self.bar is not None:
            self.bar.close()
        elif self.enabled and self.tty:
            sys.stderr.write("\n")


# ------------------------------------------------------------------------------------------ executors


_Lost = str  # why a batch's worker was lost
_Done = Callable[[List[Tuple[int, Row]]], None]  # receives (task index, row) pairs
_LostList = List[Tuple[List[Task], _Lost]]


class _Executor:
    """Runs batches of tasks; a batch whose worker died comes back as the reason (a str)."""

    solo_attempts = 1

    def run(self, batches: List[List[Task]], done: _Done) -> _LostList:
        raise NotImplementedError

    def close(self) -> None:
        pass


class _Serial(_Executor):
    def run(self, batches: List[List[Task]], done: _Done) -> _LostList:
        for b in batches:
            done([(t.index, play(t)) for t in b])
        return []


def _pool_worker(conn: Any, kill_seeds: Sequence[int]) -> None:
    """The loop of a local pool's worker process: batches in, one message per game out."""
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        for t in batch:
            if t.seed in kill_seeds:
                os._exit(70)
            try:
                conn.send(("row", t.index, play(t)))
            except GameError as e:
                conn.send(("error", t.index, str(e)))


class _Worker:
    def __init__(self, ctx: Any, kill: Sequence[int]) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_pool_worker, args=(child, kill), daemon=True)
        self.proc.start()
        child.close()
        self.tasks: List[Task] = []  # sent and not yet reported, in order

    def stop(self) -> None:
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(5)
        if self.proc.is_alive():
            self.proc.terminate()
            self.proc.join()
        self.conn.close()


class _Pool(_Executor):
    """Worker processes (spawned) that each report every game they finish, so that the game a
    dying worker was playing is known exactly; the rest of its batch goes to another worker."""

    def __init__(self, jobs: int, kill_seeds: Sequence[int], retries: int) -> None:
        self.jobs, self.kill = jobs, tuple(kill_seeds)
        self.solo_attempts = 1 + retries
        self.ctx = multiprocessing.get_context("spawn")
        self.workers: List[_Worker] = []

    def run(self, batches: List[List[Task]], done: _Done) -> _LostList:
        queue = list(reversed(batches))  # a stack: the next batch at the end
        lost: List[Tuple[List[Task], _Lost]] = []
        while len(self.workers) < min(self.jobs, len(batches)):
            self.workers.append(_Worker(self.ctx, self.kill))
        while True:
            for i, w in enumerate(self.workers):
                if not w.tasks and queue:
                    batch = queue.pop()
                    try:
                        w.conn.send(batch)
                    except OSError:  # it died idle: a new one takes the batch
                        w.stop()
                        w = self.workers[i] = _Worker(self.ctx, self.kill)
                        w.conn.send(batch)
                    w.tasks = batch
            busy = [w for w in self.workers if w.tasks]
            if not busy:
                return lost
            ready = multiprocessing.connection.wait([w.conn for w in busy] + [w.proc.sentinel for w in busy])
            for w in busy:
                if w.conn not in ready and w.proc.sentinel not in ready:
                    continue
                dead = False
                try:
                    while w.tasks and w.conn.poll():
                        kind, index, payload = w.conn.recv()
                        if kind == "error":
                            raise GameError(payload)
                        w.tasks = [t for t in w.tasks if t.index != index]
                        done([(index, payload)])
                except (EOFError, OSError):
                    dead = True
                if w.tasks and (dead or not w.proc.is_alive()):
                    w.proc.join()
                    culprit, rest = w.tasks[0], w.tasks[1:]
                    lost.append(([culprit], "its worker process (pid %d) died with exit code %s"
                                 % (w.proc.pid, w.proc.exitcode)))
                    if rest:
                        queue.append(rest)
                    w.conn.close()
                    self.workers[self.workers.index(w)] = _Worker(self.ctx, self.kill)

    def close(self) -> None:
        for w in self.workers:
            w.stop()
        self.workers = []


class _Dask(_Executor):
    def __init__(self, client: Any, kill_seeds: Sequence[int]) -> None:
        self.dist: Any = importlib.import_module("distributed")
        self.own = isinstance(client, str)
        self.client: Any = self.dist.Client(client) if self.own else client
        self.kill = tuple(kill_seeds)

    def run(self, batches: List[List[Task]], done: _Done) -> _LostList:
        futs = {}
        for b in batches:
            key = "wargame-lab-%d-%d-%s" % (b[0].index, len(b), os.urandom(6).hex())
            futs[self.client.submit(_play_batch, b, self.kill, key=key, pure=False)] = b
        lost: List[Tuple[List[Task], _Lost]] = []
        for f in self.dist.as_completed(list(futs)):
            if f.status == "finished":
                done(f.result())
                continue
            try:
                exc = f.exception()
            except BaseException as e:  # a cancelled future
                exc = e
            if isinstance(exc, (GameError, LabError)):
                self.client.cancel(list(futs))
                raise exc
            lost.append((futs[f], "%s: %s" % (type(exc).__name__, exc)))
            f.release()
        return lost

    def close(self) -> None:
        if self.own:
            self.client.close()


def _batch_size(n: int, workers: int) -> int:
    return max(1, min(64, n // max(1, workers * 8)))


def run(job: Union[Job, Sequence[Task]], jobs: int = 1, dask: Any = None, progress: Optional[bool] = None,
        retries: int = 2, batch: Optional[int] = None, kill_seeds_for_testing: Iterable[int] = ()) -> Results:
    """Plays every game of ``job`` and returns its rows in task order.

    ``jobs``: processes of a local pool (1: this process; 0: one per core).  ``dask``: a Dask
    ``Client`` or the address of a scheduler (``"tcp://host:8786"``) to play the games on its
    workers instead.  The rows are the same in all three ways, apart from the ``worker`` column.
    ``progress``: a progress bar on stderr (None: when the job has more than 100 games and stderr
    is a terminal).  ``retries``: how many fresh processes a local pool tries a game in after the
    one playing it died (Dask retries by itself: ``distributed.scheduler.allowed-failures``).
    ``batch``: games sent to a worker at once (default: a few batches per worker).

    Raises LabError (bad job, before any game), GameError (the library refused a step) or
    MissingGamesError (games whose worker died every time: the message names their seeds).
    ``kill_seeds_for_testing`` makes a worker process end itself (os._exit) when it comes to one
    of these seeds; it exists for the tests of the missing-games report and needs ``jobs`` > 1 or
    ``dask``."""
    tasks = job.tasks() if isinstance(job, Job) else list(job)
    kill = tuple(sorted(set(kill_seeds_for_testing)))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise LabError("jobs must be a non-negative integer, not %r" % (jobs,))
    if isinstance(retries, bool) or not isinstance(retries, int) or retries < 0:
        raise LabError("retries must be a non-negative integer, not %r" % (retries,))
    if batch is not None and (isinstance(batch, bool) or not isinstance(batch, int) or batch < 1):
        raise LabError("batch must be a positive integer, not %r" % (batch,))
    if jobs == 0:
        jobs = os.cpu_count() or 1
    ex: _Executor
    if dask is not None:
        ex = _Dask(dask, kill)
        nworkers = max(1, len(ex.client.scheduler_info().get("workers", {})))
    elif jobs > 1:
        ex, nworkers = _Pool(jobs, kill, retries), jobs
    elif kill:
        raise LabError("kill_seeds_for_testing would end this process: use jobs > 1 or dask")
    else:
        ex, nworkers = _Serial(), 1
    size = batch if batch is not None else _batch_size(len(tasks), nworkers)
    rows: Dict[int, Row] = {}
    bar = _Progress(len(tasks), progress if progress is not None else (len(tasks) > 100 and sys.stderr.isatty()))

    def done(batch_rows: List[Tuple[int, Row]]) -> None:
        bar.update(sum(i not in rows for i, _r in batch_rows))  # a replayed game counts once
        for i, r in batch_rows:
            rows[i] = r

    missing: List[Tuple[Task, str]] = []
    try:
        batches = [tasks[i:i + size] for i in range(0, len(tasks), size)]
        lost = ex.run(batches, done)
        suspects = [t for b, _ in lost for t in b]
        if any(len(b) > 1 for b, _ in lost):  # which game of the lost batches killed its worker?
            lost = ex.run([[t] for t in suspects], done)
            suspects = [t for b, _ in lost for t in b]
        for t in suspects:  # alone on the workers, so no innocent game shares its fate
            why = ""
            for _ in range(ex.solo_attempts):
                again = ex.run([[t]], done)
                if not again:
                    break
                why = again[0][1]
            else:
                missing.append((t, why))
    finally:
        bar.close()
        ex.close()
    out = Results(rows[t.index] for t in tasks if t.index in rows)
    if missing or len(out) != len(tasks):
        got = {t.index for t in tasks if t.index in rows}
        named = {t.index for t, _ in missing}
        missing += [(t, "no row came back") for t in tasks if t.index not in got and t.index not in named]
        raise MissingGamesError(missing, out)
    return out


# ------------------------------------------------------------------------------------------ statistics


def wilson_interval(k: int, n: int, z: float = Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion k/n ((0, 1) when n is 0)."""
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (0.0 if k <= 0 else max(0.0, centre - half), 1.0 if k >= n else min(1.0, centre + half))


class Summary(NamedTuple):
    """The statistics of one group of rows (a set-up and a matchup): games, wins per side, draws,
    unfinished games, game lengths (decisions and turns) and the score distribution."""

    ruleset: str
    scenario: str
    options: str
    bot0: str
    bot1: str
    side0: str
    side1: str
    games: int
    wins: Tuple[int, int]
    draws: int
    unfinished: int
    steps_mean: float
    steps_median: float
    steps_min: int
    steps_max: int
    turns_mean: float
    score_mean: float
    score_stdev: float
    score_min: int
    score_max: int
    scores: Dict[int, int]

    def win_rate(self, side: int) -> float:
        """The share of the games that ``side`` won."""
        return self.wins[side] / self.games if self.games else 0.0

    def win_interval(self, side: int, z: float = Z95) -> Tuple[float, float]:
        """The Wilson interval (95 % by default) of ``side``'s win rate."""
        return wilson_interval(self.wins[side], self.games, z)

    def draw_rate(self) -> float:
        """The share of draws."""
        return self.draws / self.games if self.games else 0.0

    def as_dict(self) -> Dict[str, Any]:
        """A flat dict (for CSV and DataFrames): wins, rates and intervals per side as columns."""
        d: Dict[str, Any] = {k: v for k, v in self._asdict().items() if k not in ("wins", "scores")}
        for side in (0, 1):
            lo, hi = self.win_interval(side)
            d["wins%d" % side] = self.wins[side]
            d["win%d_rate" % side] = self.win_rate(side)
            d["win%d_low" % side] = lo
            d["win%d_high" % side] = hi
        d["draw_rate"] = self.draw_rate()
        return d


def summarize(rows: Iterable[Row]) -> List[Summary]:
    """One Summary per (ruleset, scenario, options, bot0, bot1), in order of first appearance."""
    groups: Dict[Tuple[str, str, str, str, str], List[Row]] = {}
    for r in rows:
        groups.setdefault(r.key(), []).append(r)
    out = []
    for key, rs in groups.items():
        steps = [r.steps for r in rs]
        scores = [r.score for r in rs]
        hist: Dict[int, int] = {}
        for s in sorted(scores):
            hist[s] = hist.get(s, 0) + 1
        out.append(Summary(*key, side0=rs[0].side0, side1=rs[0].side1, games=len(rs),
                           wins=(sum(r.winner == 0 for r in rs), sum(r.winner == 1 for r in rs)),
                           draws=sum(r.over and r.winner is None for r in rs),
                           unfinished=sum(not r.over for r in rs),
                           steps_mean=statistics.fmean(steps), steps_median=float(statistics.median(steps)),
                           steps_min=min(steps), steps_max=max(steps),
                           turns_mean=statistics.fmean(r.turn for r in rs),
                           score_mean=statistics.fmean(scores),
                           score_stdev=statistics.stdev(scores) if len(scores) > 1 else 0.0,
                           score_min=min(scores), score_max=max(scores), scores=hist))
    return out


# ------------------------------------------------------------------------------------------ tables


def _cell(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return "1" if v else "0"
    return str(v)


def write_csv(rows: Iterable[Row], path_or_file: Union[str, TextIO]) -> None:
    """Writes rows as CSV with a header (FIELDS); None is an empty cell, booleans are 0/1."""
    if isinstance(path_or_file, str):
        with open(path_or_file, "w", newline="", encoding="utf-8") as f:
            write_csv(rows, f)
        return
    w = csv.writer(path_or_file, lineterminator="\n")
    w.writerow(FIELDS)
    for r in rows:
        w.writerow([_cell(v) for v in r])


def read_csv(path_or_file: Union[str, TextIO]) -> Results:
    """Reads rows written by write_csv."""
    if isinstance(path_or_file, str):
        with open(path_or_file, newline="", encoding="utf-8") as f:
            return read_csv(f)
    out = Results()
    for d in csv.DictReader(path_or_file):
        out.append(Row(d["ruleset"], d["scenario"], d["options"], d["bot0"], d["bot1"], int(d["seed"]),
                       d["side0"], d["side1"], d["over"] == "1",
                       None if d["winner"] == "" else int(d["winner"]), d["winner_name"], d["result"],
                       int(d["score"]), int(d["turn"]), int(d["steps"]), d["worker"]))
    return out


def to_dataframe(rows: Iterable[Any]) -> Any:
    """A pandas DataFrame of rows (Row) or summaries (Summary, flattened by as_dict); ImportError
    naming the package when pandas is not installed."""
    try:
        pd: Any = importlib.import_module("pandas")
    except ImportError:
        raise ImportError("wargame.lab.to_dataframe needs pandas (Debian: python3-pandas); "
                          "write_csv needs nothing") from None
    items = list(rows)
    if items and isinstance(items[0], Summary):
        return pd.DataFrame([s.as_dict() for s in items])
    return pd.DataFrame([r._asdict() for r in items], columns=list(FIELDS))


def format_summary(summaries: Iterable[Summary]) -> str:
    """A plain-text table of summaries (the command line's output)."""
    buf = io.StringIO()
    head = "%-28s %-22s %6s  %-27s %-27s %6s %8s %8s" % ("scenario [options]", "bots (side 0 vs 1)", "games",
                                                        "side 0 wins [95% CI]", "side 1 wins [95% CI]",
                                                        "draws", "steps", "score")
    buf.write(head + "\n")
    for s in summaries:
        cols = []
        for side in (0, 1):
            lo, hi = s.win_interval(side)
            cols.append("%-9s %5.1f%% [%4.1f-%5.1f]" % ((s.side0, s.side1)[side][:9], 100 * s.win_rate(side),
                                                      100 * lo, 100 * hi))
        name = "%s/%s%s" % (s.ruleset, s.scenario, " [%s]" % s.options if s.options else "")
        buf.write("%-28s %-22s %6d  %-27s %-27s %6d %8.0f %8.2f%s\n"
                  % (name, "%s vs %s" % (s.bot0, s.bot1), s.games, cols[0], cols[1], s.draws, s.steps_mean,
                     s.score_mean, " (%d unfinished)" % s.unfinished if s.unfinished else ""))
    return buf.getvalue()


# ------------------------------------------------------------------------------------------ command line


def parse_seeds(text: str) -> List[int]:
    """Seeds from ``"1-100"``, ``"3,5,9"`` or a mix (``"1-10,20"``); LabError otherwise."""
    out: List[int] = []
    for part in text.split(","):
        part = part.strip()
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not m:
            raise LabError("bad seeds %r: expected N, A-B or a comma-separated list of them" % text)
        a = int(m.group(1))
        b = int(m.group(2)) if m.group(2) else a
        if b < a:
            raise LabError("bad seed range %r: %d > %d" % (part, a, b))
        out += range(a, b + 1)
    return out


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python3 -m wargame.lab``: see ``--help``.  Exit status 0, 2 for a bad job (nothing
    played), 3 when games are missing (the CSV then holds the games played), 1 for a game error."""
    import argparse
    p = argparse.ArgumentParser(
        prog="python3 -m wargame.lab",
        description="Batches of seeded bot-against-bot games: win rates per side with 95%% Wilson intervals, "
                    "game lengths and scores.  Bots: random%s." % (", mcts:N" if has_bot_handle() else ""),
        epilog="example: python3 -m wargame.lab lga/1805 ccn --bots random --bots random,mcts:2000 "
               "--seeds 1-200 --jobs 0 --csv games.csv")
    p.add_argument("scenarios", nargs="+", metavar="RULESET[/SCENARIO]",
                   help="a ruleset (all its scenarios) or one scenario")
    p.add_argument("--options", action="append", default=[], metavar="[RULESET:]TEXT",
                   help="ruleset options (repeat for a sweep); default: %s"
                        % ", ".join("%s:%s" % kv for kv in DEFAULT_OPTIONS.items()))
    p.add_argument("--bots", action="append", default=[], metavar="SPEC[,SPEC]",
                   help="a matchup: one bot for both sides or one per side (repeat for several); default random")
    p.add_argument("--matrix", nargs="+", metavar="SPEC", help="every ordered pair of these bots as matchups")
    p.add_argument("--seeds", default="1-100", help="seeds: N, A-B, or a list (default 1-100)")
    p.add_argument("--jobs", "-j", type=int, default=1, help="local processes (0: one per core; default 1)")
    p.add_argument("--dask", metavar="ADDRESS", help="play on the Dask cluster of this scheduler")
    p.add_argument("--csv", metavar="FILE", help="write one row per game")
    p.add_argument("--summary-csv", metavar="FILE", help="write one row per scenario and matchup")
    p.add_argument("--max-steps", type=int, default=1_000_000, help="stop a game after this many decisions")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="progress bar on stderr (default: long batches on a terminal)")
    p.add_argument("--kill-seeds-for-testing", default="", help=argparse.SUPPRESS)  # run(kill_seeds_for_testing=)
    a = p.parse_args(argv)
    bots: List[Union[str, Sequence[str]]] = list(a.bots)
    if a.matrix:
        bots += [(x, y) for x in a.matrix for y in a.matrix]
    try:
        job = Job(a.scenarios, parse_seeds(a.seeds), bots or ["random"], a.options, a.max_steps)
        tasks = job.tasks()
        kill = parse_seeds(a.kill_seeds_for_testing) if a.kill_seeds_for_testing else []
        rows = run(tasks, jobs=a.jobs, dask=a.dask, progress=a.progress, kill_seeds_for_testing=kill)
    except LabError as e:
        print("wargame.lab: error: %s" % e, file=sys.stderr)
        return 2
    except GameError as e:
        print("wargame.lab: game error: %s" % e, file=sys.stderr)
        return 1
    except MissingGamesError as e:
        if a.csv:
            write_csv(e.rows, a.csv)
        print("wargame.lab: %s" % e, file=sys.stderr)
        return 3
    if a.csv:
        write_csv(rows, a.csv)
    sums = summarize(rows)
    if a.summary_csv:
        with open(a.summary_csv, "w", newline="", encoding="utf-8") as f:
            dicts = [s.as_dict() for s in sums]
            w = csv.DictWriter(f, fieldnames=list(dicts[0]), lineterminator="\n")
            w.writeheader()
            w.writerows(dicts)
    sys.stdout.write(format_summary(sums))
    sys.stdout.write("%d games by %d worker(s)\n" % (len(rows), len(rows.workers())))
    return 0

