"""Python bindings of libwargame, a referee engine for Napoleonic wargames.

    import wargame
    with wargame.Context() as ctx:
        game = ctx.new_game("lga", "1805", seed=7)
        while not game.is_over:
            print(game.decision.text)
            for opt in game.options:
                print(" ", opt.index, opt.label)
            game.bot_step()

The classes wrap the opaque handles of the C library (Context, Game, Map,
Table, Oob, Rng, Data).  Every failing call raises WargameError carrying the
status and the library's message; a closed handle raises ClosedError
instead of crashing.  Children keep their context alive: closing a context
that still has live objects only marks it closed, and the C context is freed
when the last of them goes.  Any function of the header is reachable as a
method of the handle it takes (``map.declare_terrain("forest")`` calls
``wg_map_declare_terrain``, ``game.lga_attack_odds(0)`` calls
``wg_lga_attack_odds``), or as a module function when it takes no handle
(``wargame.hex_distance(0, 0, 2, -1)``); the low-level ctypes layer is
``wargame.raw`` with the loaded library ``wargame.lib``.
"""

import collections
import ctypes
import json

from . import _ffi as raw
from ._ffi import CellSource, DecisionKind, HexLayout, MapKind, Player, Status  # noqa: F401
from ._lib import ClosedError, WargameError, call, errmsg_of, lib, library_path, status_str  # noqa: F401
from . import _lib

__all__ = [
    "Context", "Game", "Map", "Table", "Oob", "Rng", "Data", "Handle", "View",
    "WargameError", "ClosedError", "Option", "Event", "Decision", "Piece", "Space", "Param", "REFEREE",
    "ATTR_PIECE", "ATTR_OPTION", "ATTR_SPACE",
    "Status", "HexLayout", "MapKind", "CellSource", "Player", "DecisionKind",
    "version", "version_number", "status_str", "rulesets", "ruleset_name", "scenarios",
    "raw", "lib", "library_path",
]

VERSION_STRING = raw.WG_VERSION_STRING
REFEREE = Player.VIEW_REFEREE
ATTR_PIECE, ATTR_OPTION, ATTR_SPACE = raw.AttrOf.PIECE, raw.AttrOf.OPTION, raw.AttrOf.SPACE

_OptionBase = collections.namedtuple("Option", "index label action weight total")


class Option(_OptionBase):
    """An option of the current decision: (index, label, action, weight, total), plus ``attrs``
    (its attributes for the viewer, a dict) and ``params`` (a list of Param(name, min, max);
    ``params_required`` says whether it is taken only with them)."""

    attrs = None
    params = ()
    params_required = False


Param = collections.namedtuple("Param", "name min max")
Piece = collections.namedtuple("Piece", "index side space label attrs")
Space = collections.namedtuple("Space", "index name attrs")
Event = collections.namedtuple("Event", "index kind rule step text")
Decision = collections.namedtuple("Decision", "player kind text")


def _shape(results):
    if not results:
        return None
    if len(results) == 1:
        return results[0]
    return tuple(results)


_HPOS = {}


def _handle_position(fname, t):
    """Index among the inputs of `fname` of its first handle of type `t` (None when it takes none)."""
    key = (fname, t)
    try:
        return _HPOS[key]
    except KeyError:
        pass
    params = raw.FUNCTIONS[fname][3]
    inputs = [k for _n, k in params if not _lib._is_out(k)]
    pos = next((j for j, k in enumerate(inputs) if k == "h:" + t), None)
    _HPOS[key] = pos
    return pos


class _CtxState:
    """What a context and its children share: the C pointer and a count of live children."""

    __slots__ = ("ptr", "closed", "children")

    def __init__(self, ptr):
        self.ptr = ptr
        self.closed = False
        self.children = 0

    def release(self):
        if self.closed and self.children == 0 and self.ptr is not None:
            rc = lib.wg_ctx_free(self.ptr)
            if rc == 0:
                self.ptr = None


class Handle:
    """Base of the handle classes: open/closed state, context manager, generic method dispatch."""

    _wg_type = None
    _ptr = None
    _state = None

    def __init__(self, *a, **k):
        raise TypeError("%s objects are made by Context or Game methods" % type(self).__name__)

    @classmethod
    def _from_ptr(cls, ptr, owned, parent):
        self = object.__new__(cls)
        self._ptr = ptr
        self._owned = owned
        self._parent = parent
        self._context = parent if isinstance(parent, Context) else getattr(parent, "_context", None)
        self._state = self._context._state if self._context is not None else None
        if owned and self._state is not None:
            self._state.children += 1
        return self

    def _usable(self):
        if self._ptr is None:
            return False
        if not self._owned and self._parent is not None:
            return self._parent._usable()
        return True

    def _check(self, fname=""):
        if not self._usable():
            what = self._wg_type
            if self._ptr is not None and not self._owned:
                what = "%s (borrowed from a closed %s)" % (self._wg_type, self._parent._wg_type)
            raise ClosedError(what, fname)
        return self._ptr

    @property
    def closed(self):
        """True once the handle (or the object it was borrowed from) is closed."""
        return not self._usable()

    def close(self):
        """Frees the C object now (idempotent).  Borrowed handles are only detached."""
        ptr = self._ptr
        if ptr is None:
            return
        self._ptr = None
        if self._owned:
            getattr(lib, self._wg_type + "_free")(ptr)
            if self._state is not None:
                self._state.children -= 1
                self._state.release()

    def __del__(self):
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    @property
    def errmsg(self):
        """The last error message kept by the handle."""
        self._check(self._wg_type + "_errmsg")
        return errmsg_of(self)

    def _call(self, fname, *args, **kw):
        pos = _handle_position(fname, self._wg_type)
        if pos == 0:
            return _shape(call(fname, (self,) + args, owner=self, **kw))
        a = list(args)
        a.insert(pos, self)
        return _shape(call(fname, a, owner=self, **kw))

    def __getattr__(self, name):
        if name.startswith("_") or self._wg_type is None:
            raise AttributeError(name)
        fname = self._wg_type + "_" + name
        if fname not in raw.FUNCTIONS or _handle_position(fname, self._wg_type) is None:
            # ruleset functions taking this handle: game.lga_attack_odds(0) calls wg_lga_attack_odds
            other = "wg_" + name
            if other in raw.FUNCTIONS and _handle_position(other, self._wg_type) is not None:
                fname = other
            else:
                raise AttributeError("%s has no attribute %r (no C function %s)"
                                     % (type(self).__name__, name, fname))

        def method(obj, *args):
            return obj._call(fname, *args)

        method.__name__ = name
        method.__doc__ = raw.FUNCTIONS[fname][5]
        setattr(type(self), name, method)  # found directly next time
        return method.__get__(self, type(self))

    def __repr__(self):
        return "<wargame.%s %s>" % (type(self).__name__, "closed" if self.closed else "open")


class Context(Handle):
    """A library context: allocator, memory statistics, constructor errors; makes every other object."""

    _wg_type = "wg_ctx"

    def __init__(self, memory_limit=0, allocator=None):
        p = ctypes.POINTER(raw.wg_ctx)()
        self._owned = True
        self._parent = None
        self._context = self
        if allocator is not None and not isinstance(allocator, ctypes._CFuncPtr):
            if not callable(allocator):
                raise TypeError("allocator must be callable: (ud, ptr, osize, nsize) -> address or None")
            allocator = raw.wg_alloc_fn(allocator)
        self._allocator = allocator  # a raw.wg_alloc_fn, kept alive with the context
        rc = lib.wg_ctx_new(ctypes.byref(p), allocator if allocator is not None else raw.wg_alloc_fn(), None)
        if rc != 0:
            raise WargameError(rc, status_str(rc), "wg_ctx_new")
        self._state = _CtxState(p)
        if memory_limit:
            self.set_memory_limit(memory_limit)

    @property
    def _ptr(self):
        st = self.__dict__.get("_state")
        return None if st is None or st.closed else st.ptr

    def close(self):
        """Closes the context; the C context is freed once no object made from it is alive."""
        st = self.__dict__.get("_state")
        if st is not None and not st.closed:
            st.closed = True
            st.release()

    @property
    def memory_in_use(self):
        return self._call("wg_ctx_memory_in_use")

    @property
    def memory_peak(self):
        return self._call("wg_ctx_memory_peak")

    @property
    def alloc_count(self):
        return self._call("wg_ctx_alloc_count")

    @property
    def live_handles(self):
        return self._call("wg_ctx_live_handles")

    def set_memory_limit(self, limit):
        self._call("wg_ctx_set_memory_limit", limit)

    # constructors
    def new_game(self, ruleset, scenario, options=None, seed=0, seat=None):
        """A new game.  With ``seat=P`` the game is opened for player P: every viewer-aware call
        (decision, options, events, describe, pieces) answers as P sees it, and the referee-only
        calls (save, hash, clone, undo_to, option action codes of another player) raise.  Without
        a seat the game is the referee's, who sees everything."""
        return _seated(self._call("wg_game_new", ruleset, scenario, options, seed), seat)

    def load_game(self, data, seat=None):
        """A game saved by Game.save, opened for ``seat`` (see new_game) or the referee."""
        data = bytes(data)
        return _seated(self._call("wg_game_load", data, len(data)), seat)

    def new_hex_map(self, cols, rows, layout=HexLayout.ODD_Q):
        return self._call("wg_map_new_hex", cols, rows, int(layout))

    def new_graph_map(self):
        return self._call("wg_map_new_graph")

    def load_map(self, text):
        b = _lib._encode(text, "wg_map_load", "text")
        return self._call("wg_map_load", b, len(b))

    def new_table(self, name, rows, cols):
        return self._call("wg_table_new", name, rows, cols)

    def load_table(self, text):
        b = _lib._encode(text, "wg_table_load", "text")
        return self._call("wg_table_load", b, len(b))

    def new_oob(self):
        return self._call("wg_oob_new")

    def load_oob(self, text):
        b = _lib._encode(text, "wg_oob_load", "text")
        return self._call("wg_oob_load", b, len(b))

    def rng(self, seed, stream=0):
        return self._call("wg_rng_new", seed, stream)

    def parse_data(self, text):
        b = _lib._encode(text, "wg_data_parse", "text")
        return self._call("wg_data_parse", b, len(b))


class Rng(Handle):
    """A seeded PCG32 generator."""

    _wg_type = "wg_rng"


class Data(Handle):
    """A parsed wgdata document."""

    _wg_type = "wg_data"

    @property
    def kind_name(self):
        return self._call("wg_data_kind")

    def __len__(self):
        return self._call("wg_data_record_count")

    def record(self, rec):
        n = self._call("wg_data_field_count", rec)
        return [self._call("wg_data_field", rec, f) for f in range(n)]

    def __iter__(self):
        for rec in range(len(self)):
            yield self.record(rec)


class Map(Handle):
    """A playing surface: a hex grid or a zone graph."""

    _wg_type = "wg_map"

    @property
    def kind(self):
        return MapKind(self._call("wg_map_kind_of"))

    def __len__(self):
        return self._call("wg_map_space_count")

    def hex_reach(self, start, budget, step):
        """[(space, least cost), ...] reachable from `start`; step(from, to, dir) -> cost or (cost, stop)."""
        return self._call("wg_map_hex_reach", start, budget, step, None)

    def hex_los(self, a, b, blocks):
        """True when there is line of sight; blocks(space) -> bool."""
        return bool(self._call("wg_map_hex_los", a, b, blocks, None))

    def zone_path(self, start, goal, filter=None):
        """(zones, total cost) of a least-cost path; filter(conn, from, to) -> cost (< 0 forbids)."""
        return self._call("wg_map_zone_path", start, goal, filter, None)

    def zone_reach(self, start, budget, filter=None):
        return self._call("wg_map_zone_reach", start, budget, filter, None)


class Table(Handle):
    """A combat or procedure table with labelled rows and columns, printed and supplied cells, gaps."""

    _wg_type = "wg_table"

    @property
    def name(self):
        return self._call("wg_table_name")

    @property
    def shape(self):
        return self._call("wg_table_size")

    def __getitem__(self, rc):
        row, col = rc
        return self._call("wg_table_lookup", row, col)

    def __setitem__(self, rc, code):
        row, col = rc
        self._call("wg_table_set", row, col, code)

    def supply(self, text):
        b = _lib._encode(text, "wg_table_supply", "text")
        self._call("wg_table_supply", b, len(b))

    def column_dist(self, col):
        """({code: rows holding it}, gaps) of a column when every row is equally likely."""
        n = self._call("wg_table_code_count")
        counts, gaps = _shape(call("wg_table_column_dist", [self, col], owner=self, caps=n))
        return {c: k for c, k in enumerate(counts) if k}, gaps


class Oob(Handle):
    """An order of battle: units with a side, a name and integer attributes."""

    _wg_type = "wg_oob"

    def __len__(self):
        return self._call("wg_oob_count")

    def units(self, side=None):
        """[(unit, side, name), ...], only those of `side` when given (a view by side)."""
        out = []
        for u in range(len(self)):
            s = self._call("wg_oob_side", u)
            if side is None or s == side:
                out.append((u, s, self._call("wg_oob_name", u)))
        return out


class _Sequence:
    """A read-only sequence over indexed library getters (negative indices and slices included)."""

    _what = "item"

    def __getitem__(self, i):
        n = len(self)
        if isinstance(i, slice):
            return [self[j] for j in range(n)[i]]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(self._what + " index out of range")
        return self._item(i)

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]


class _Options(_Sequence):
    _what = "option"

    def __init__(self, game, viewer=None):
        self._game = game
        self._viewer = REFEREE if viewer is None else viewer

    def __len__(self):
        return self._game._call("wg_game_option_count_for", int(self._viewer))

    def _item(self, i):
        g, v = self._game, int(self._viewer)
        label = g._call("wg_game_option_label_for", i, v)
        action = g._call("wg_game_option_action_for", i, v)
        weight, total = g._call("wg_game_option_weight", i)
        opt = Option(i, label, action, weight, total)
        opt.attrs = g.attrs(ATTR_OPTION, i, v)
        opt.params, opt.params_required = g._option_params(i)
        return opt


class _Events(_Sequence):
    _what = "event"

    def __init__(self, game, viewer):
        self._game, self._viewer = game, viewer

    def __len__(self):
        return self._game._call("wg_game_event_count")

    def _item(self, i):
        g = self._game
        return Event(i, g._call("wg_game_event_kind", i), g._call("wg_game_event_rule_for", i, int(self._viewer)),
                     g._call("wg_game_event_step", i), g._call("wg_game_event_text", i, int(self._viewer)))

    def since(self, start):
        """Events from index `start` on (what the last steps produced)."""
        for i in range(start, len(self)):
            yield self[i]


class View(dict):
    """The game as one player (or the referee) may see it: the parsed JSON view
    (wg_game_view_json; doc/view.md, doc/view.schema.json) as a dict, plus the state picture
    (``describe()``) and the event sequence (the ``events`` attribute; ``view["events"]`` is the
    JSON list of the events from ``first_event`` on)."""

    def __init__(self, game, viewer, data=None):
        super().__init__(data or {})
        self.game, self.viewer = game, viewer

    def describe(self):
        return self.game._call("wg_game_describe", int(self.viewer))

    @property
    def events(self):
        return _Events(self.game, self.viewer)


# The calls that answer for the referee only: they show every hidden fact (or let a player
# replay chance).  A game opened for a seat refuses them.
REFEREE_ONLY = frozenset([
    "wg_game_save", "wg_game_hash", "wg_game_clone", "wg_game_undo_to", "wg_game_option_count",
    "wg_game_option_label", "wg_game_option_action", "wg_game_decision_text",
])


def _seated(game, seat):
    if seat is not None:
        n = game._call("wg_game_player_count")
        if int(seat) == int(REFEREE):
            seat = None
        elif not 0 <= int(seat) < n:
            raise ValueError("seat %r: the game has players 0..%d (or REFEREE)" % (seat, n - 1))
    game._seat = seat
    return game


class Game(Handle):
    """A game in progress: always waiting for one decision, by a player or by chance.

    A game is opened for a seat (``Context.new_game(..., seat=P)``) or for the referee (the
    default).  The viewer-aware calls answer as the seat sees the game; the referee-only calls
    (``REFEREE_ONLY``) raise WargameError with Status.ESTATE in a seated game."""

    _wg_type = "wg_game"
    _seat = None

    @property
    def seat(self):
        """The player this game was opened for, or None for the referee."""
        return self._seat

    @property
    def viewer(self):
        """The viewer of the viewer-aware calls: the seat, or REFEREE."""
        return REFEREE if self._seat is None else self._seat

    def _call(self, fname, *args, **kw):
        if self._seat is not None and fname in REFEREE_ONLY:
            raise WargameError(int(Status.ESTATE), "%s is referee-only: this game was opened for seat %d (%s)"
                               % (fname, self._seat, self.players[self._seat]), fname)
        return Handle._call(self, fname, *args, **kw)

    @property
    def ruleset(self):
        return self._call("wg_game_ruleset")

    @property
    def scenario(self):
        return self._call("wg_game_scenario")

    @property
    def players(self):
        return [self._call("wg_game_player_name", p) for p in range(self._call("wg_game_player_count"))]

    @property
    def decision(self):
        player, kind = self._call("wg_game_decision")
        try:
            kind = DecisionKind(kind)
        except ValueError:
            pass
        try:
            player = Player(player)
        except ValueError:
            pass
        return Decision(player, kind, self._call("wg_game_decision_text_for", int(self.viewer)))

    @property
    def options(self):
        """The options of the current decision as the seat (or the referee) sees them (a sequence
        of Option); raises WargameError (Status.ESTATE) when they are another player's."""
        return _Options(self, self.viewer)

    def options_for(self, viewer):
        """The options as ``viewer`` sees them (a referee's game may ask for any viewer)."""
        if self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat,
                               "wg_game_option_count_for")
        return _Options(self, viewer)

    @property
    def events(self):
        """All events so far as the seat (or the referee) sees them (a sequence of Event)."""
        return _Events(self, self.viewer)

    def view(self, player=None, first_event=0):
        """The game as ``player`` (default: the seat, or REFEREE) sees it: the JSON view parsed
        into a View (a dict: ruleset, scenario, viewer, turn, step, over, decision, options when
        the viewer may read them, pieces, spaces, events from ``first_event`` on).  A seated game
        gives only its seat's view."""
        player = self._viewer_arg(player, "view")
        return View(self, player, json.loads(self.view_json(player, first_event)))

    def view_json(self, viewer=None, first_event=0):
        """The JSON view text (wg_game_view_json) for ``viewer`` (default: the seat, or REFEREE)."""
        viewer = self._viewer_arg(viewer, "wg_game_view_json")
        return self._call("wg_game_view_json", int(viewer), first_event)

    def odds(self, viewer, action):
        """The exact odds of the described action (``"verb key=value ..."``, doc/view.md) as
        ``viewer`` may compute them (wg_game_odds), parsed: a dict with ruleset, viewer, action,
        total, outcomes [{label, weight}], modifiers [{name, value, text, rule}]."""
        viewer = self._viewer_arg(viewer, "wg_game_odds")
        return json.loads(self._call("wg_game_odds", int(viewer), action))

    def _viewer_arg(self, viewer, fname):
        if viewer is None:
            return self.viewer
        if self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat, fname)
        return viewer

    # ---- spaces and attributes (the uniform doors)

    def space_count(self):
        """The number of spaces of the game's map."""
        return self._call("wg_game_space_count")

    def space_name(self, space):
        """The players' name of a space ("4851" on a numbered hex map, a zone's name)."""
        return self._call("wg_game_space_name", space)

    def space_find(self, name):
        """The space a players' name names (WargameError Status.ENOTFOUND when none)."""
        return self._call("wg_game_space_find", name)

    @property
    def spaces(self):
        """Every space of the map as Space(index, name, attrs)."""
        return [Space(s, self.space_name(s), self.attrs(ATTR_SPACE, s)) for s in range(self.space_count())]

    def attr_keys(self, of):
        """[(name, AttrType), ...]: the attribute keys objects of kind ``of`` (ATTR_PIECE,
        ATTR_OPTION, ATTR_SPACE) carry in this ruleset, the core's first."""
        keys = self._attr_key_cache.get(int(of)) if self._attr_key_cache is not None else None
        if keys is None:
            keys = []
            for k in range(self._call("wg_game_attr_key_count", int(of))):
                name, t = self._call("wg_game_attr_key", int(of), k)
                try:
                    t = raw.AttrType(t)
                except ValueError:
                    pass
                keys.append((name, t))
            if self._attr_key_cache is None:
                self._attr_key_cache = {}
            self._attr_key_cache[int(of)] = keys
        return list(keys)

    _attr_key_cache = None

    def attrs(self, of, i, viewer=None):
        """{key: value} of piece, option or space ``i`` as ``viewer`` (default: the seat, or
        REFEREE) may know it; the keys the object does not carry for him are absent."""
        viewer = int(self._viewer_arg(viewer, "wg_game_attr_int"))
        out = {}
        for name, t in self.attr_keys(of):
            fname = "wg_game_attr_text" if t == raw.AttrType.TEXT else "wg_game_attr_int"
            try:
                out[name] = self._call(fname, viewer, int(of), i, name)
            except WargameError as e:
                if e.status != Status.ENOTFOUND:
                    raise
        return out

    def pieces(self, viewer=None):
        """The pieces ``viewer`` (default: the seat, or REFEREE) sees, as
        Piece(index, side, space, label, attrs)."""
        viewer = int(self._viewer_arg(viewer, "wg_game_piece_count"))
        out = []
        for i in range(self._call("wg_game_piece_count", viewer)):
            side, space = self._call("wg_game_piece", viewer, i)
            out.append(Piece(i, side, space, self._call("wg_game_piece_label", viewer, i),
                             self.attrs(ATTR_PIECE, i, viewer)))
        return out

    # ---- parameterized decisions

    def _option_params(self, i):
        n, required = self._call("wg_game_option_param_count", i)
        return [Param(*self._call("wg_game_option_param", i, p)) for p in range(n)], bool(required)

    def option_params(self, option):
        """[Param(name, min, max), ...] of an option (an Option or its index)."""
        i = option.index if isinstance(option, Option) else option
        return self._option_params(i)[0]

    def step_params(self, step):
        """The parameters recorded with decision ``step`` (a list, empty for a step taken without)."""
        return self._call("wg_game_step_params", step)

    def choose(self, option, params=None):
        """Takes an option (an Option or its index); with ``params`` (a sequence of integers, in
        the order of the option's ``params``) through wg_game_choose_params."""
        i = option.index if isinstance(option, Option) else option
        if params is None:
            self._call("wg_game_choose", i)
        else:
            self._call("wg_game_choose_params", i, params)

    def choose_action(self, action):
        self._call("wg_game_choose_action", action)

    def roll(self):
        return self._call("wg_game_roll")

    def bot_step(self):
        return self._call("wg_game_bot_step")

    def playout(self, max_steps=1 << 40):
        return self._call("wg_game_playout", max_steps)

    @property
    def is_over(self):
        return bool(self._call("wg_game_is_over"))

    @property
    def result_text(self):
        return self._call("wg_game_result_text")

    @property
    def score(self):
        return self._call("wg_game_score")

    @property
    def turn(self):
        return self._call("wg_game_turn")

    @property
    def step_count(self):
        return self._call("wg_game_step_count")

    @property
    def hash(self):
        return self._call("wg_game_hash")

    def determinize(self, seed, viewer=None):
        """A copy of the game as ``viewer`` (default: the seat) may believe it to be: every fact
        hidden from him sampled anew from ``seed`` (wg_game_determinize).  The copy is opened for
        that viewer's seat, has no events and no steps, and cannot be saved.  A seated game
        determinizes for its seat only."""
        if viewer is None:
            viewer = self.viewer
        if self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat,
                               "wg_game_determinize")
        return _seated(self._call("wg_game_determinize", int(viewer), seed), int(viewer))

    def event_reveals(self, i, viewer=None):
        """Whether event ``i`` showed ``viewer`` (default: the seat) something hidden from him until
        then (wg_game_event_reveals): the moment to determinize again."""
        if viewer is None:
            viewer = self.viewer
        return bool(self._call("wg_game_event_reveals", i, int(viewer)))

    def describe(self, viewer=None):
        """The state in words, as ``viewer`` sees it (default: the seat, or the referee)."""
        if viewer is None:
            viewer = self.viewer
        elif self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat, "wg_game_describe")
        return self._call("wg_game_describe", int(viewer))

    def save(self):
        """The game as bytes (load with Context.load_game).  Referee-only."""
        if self._seat is not None:
            self._call("wg_game_save")  # raises: referee-only
        size = _probe_save(self)
        return self._call_capped("wg_game_save", size)

    def _call_capped(self, fname, cap, *args):
        a = [self] + list(args)
        return _shape(call(fname, a, owner=self, caps=cap))

    @property
    def map(self):
        return self._call("wg_game_map")

    @property
    def oob(self):
        return self._call("wg_game_oob")

    @property
    def tables(self):
        return [self._call("wg_game_table", i) for i in range(self._call("wg_game_table_count"))]

    def table(self, key):
        if isinstance(key, str):
            return self._call("wg_game_table_find", key)
        return self._call("wg_game_table", key)


def _probe_save(game):
    n = ctypes.c_size_t()
    rc = lib.wg_game_save(None, 0, ctypes.byref(n), game._check("wg_game_save"))
    if rc < 0 and rc != raw.WG_EBUFSIZE:
        raise WargameError(rc, errmsg_of(game) or status_str(rc), "wg_game_save")
    return n.value


# every enum of the header as an IntEnum of the package (Status, DecisionKind, ..., ruleset enums)
for _e in raw.ENUMS.values():
    globals()[_e.__name__] = _e
    if _e.__name__ not in __all__:
        __all__.append(_e.__name__)

for _cls in (Context, Game, Map, Table, Oob, Rng, Data):
    _lib.HANDLE_CLASSES[_cls._wg_type] = _cls
for _t in raw.HANDLE_TYPES:  # handle types added to the header later get a generic class
    if _t not in _lib.HANDLE_CLASSES:
        _lib.HANDLE_CLASSES[_t] = type("".join(w.capitalize() for w in _t[3:].split("_")), (Handle,), {"_wg_type": _t})


# ---- module-level functions


def version():
    return call("wg_version", [])[0]


def version_number():
    return call("wg_version_number", [])[0]


def rulesets():
    """The ids of the rulesets compiled into the library."""
    return [call("wg_ruleset_id", [i])[0] for i in range(call("wg_ruleset_count", [])[0])]


def ruleset_name(ruleset):
    return _shape(call("wg_ruleset_name", [ruleset]))


def scenarios(ruleset):
    """[(id, title), ...] of the bundled scenarios of a ruleset."""
    n = _shape(call("wg_ruleset_scenario_count", [ruleset]))
    return [(_shape(call("wg_ruleset_scenario_id", [ruleset, i])),
             _shape(call("wg_ruleset_scenario_name", [ruleset, i]))) for i in range(n)]


def __getattr__(name):
    fname = "wg_" + name
    if fname in raw.FUNCTIONS and not any(k.startswith("h:") for _n, k in raw.FUNCTIONS[fname][3]):
        def function(*args):
            return _shape(call(fname, list(args)))

        function.__name__ = name
        function.__doc__ = raw.FUNCTIONS[fname][5]
        return function
    raise AttributeError("module 'wargame' has no attribute %r" % name)
