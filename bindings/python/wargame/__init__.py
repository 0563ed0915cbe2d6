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

import ctypes
import json
from typing import (Any, Callable, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple,
                    TypeVar, Union, overload)

from . import _ffi as raw
from ._ffi import AttrOf, AttrType, CellSource, DecisionKind, HexLayout, MapKind, Player, Status  # noqa: F401
from ._lib import (ClosedError, InvalidError, NotFoundError, OutOfMemoryError, RangeError, StateError,  # noqa: F401
                   TableGapError, WargameError, WargameOverflowError, call, errmsg_of, lib, library_path,
                   status_str)
from . import _lib

__all__ = [
    "Context", "Game", "Bot", "Map", "Table", "Oob", "Rng", "Data", "Handle", "View",
    "WargameError", "ClosedError", "InvalidError", "RangeError", "OutOfMemoryError", "NotFoundError",
    "StateError", "TableGapError", "WargameOverflowError",
    "Option", "Event", "Decision", "Piece", "Space", "Param", "REFEREE",
    "ATTR_PIECE", "ATTR_OPTION", "ATTR_SPACE",
    "Status", "HexLayout", "MapKind", "CellSource", "Player", "DecisionKind", "AttrOf", "AttrType",
    "version", "version_number", "status_str", "rulesets", "ruleset_name", "scenarios",
    "raw", "lib", "library_path",
]

VERSION_STRING: str = raw.WG_VERSION_STRING
REFEREE = Player.VIEW_REFEREE
ATTR_PIECE, ATTR_OPTION, ATTR_SPACE = AttrOf.PIECE, AttrOf.OPTION, AttrOf.SPACE

#: A player number (0, 1, ...) or REFEREE.
Viewer = int
_H = TypeVar("_H", bound="Handle")


class Param(NamedTuple):
    """A parameter of an option: its name and the inclusive range of its values."""

    name: str
    min: int
    max: int


class _OptionBase(NamedTuple):
    index: int  # type: ignore[assignment]
    label: str
    action: int
    weight: int
    total: int


class Option(_OptionBase):
    """An option of the current decision: (index, label, action, weight, total), plus ``attrs``
    (its attributes for the viewer, a dict) and ``params`` (a list of Param(name, min, max);
    ``params_required`` says whether it is taken only with them)."""

    attrs: Optional[Dict[str, Any]] = None
    params: Sequence[Param] = ()
    params_required: bool = False

    def __repr__(self) -> str:
        return "Option(index=%d, label=%r, action=%d, weight=%d/%d%s)" % (
            self.index, self.label, self.action, self.weight, self.total,
            ", params=%r" % (list(self.params),) if self.params else "")


class Piece(NamedTuple):
    """A piece a viewer sees: its index, side, space (-1 off the map), label and attributes."""

    index: int  # type: ignore[assignment]
    side: int
    space: int
    label: str
    attrs: Dict[str, Any]


class Space(NamedTuple):
    """A space of the map: its index, players' name and attributes."""

    index: int  # type: ignore[assignment]
    name: str
    attrs: Dict[str, Any]


class Event(NamedTuple):
    """An event of the game's log: index, kind, rule tag, the step that made it, its text."""

    index: int  # type: ignore[assignment]
    kind: int
    rule: Optional[str]
    step: int
    text: str


class Decision(NamedTuple):
    """The decision the game waits for: the deciding player (or Player.PLAYER_CHANCE), its kind
    and its text."""

    player: Union[Player, int]
    kind: Union[DecisionKind, int]
    text: str


def _shape(results: List[Any]) -> Any:
    if not results:
        return None
    if len(results) == 1:
        return results[0]
    return tuple(results)


_HPOS: Dict[Tuple[str, str], Optional[int]] = {}


def _handle_position(fname: str, t: str) -> Optional[int]:
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

    def __init__(self, ptr: Any) -> None:
        self.ptr = ptr
        self.closed = False
        self.children = 0

    def release(self) -> None:
        if self.closed and self.children == 0 and self.ptr is not None:
            rc = lib.wg_ctx_free(self.ptr)
            if rc == 0:
                self.ptr = None


class Handle:
    """Base of the handle classes: open/closed state, context manager, generic method dispatch.

    A handle is closed by ``close()``, by leaving its ``with`` block, or when it is collected; any
    use after that raises ClosedError (never touches freed memory).  A handle borrowed from
    another (``game.map``, ``game.table("crt")``) is closed with its owner.  Handles are not
    copied by ``copy.copy`` or pickled unless their class says how (Game clones and saves)."""

    _wg_type: str = ""
    _ptr: Any = None
    _owned: bool = False
    _parent: Any = None
    _context: Optional["Context"] = None
    _state: Optional[_CtxState] = None

    def __init__(self, *a: Any, **k: Any) -> None:
        raise TypeError("%s objects are made by Context or Game methods" % type(self).__name__)

    @classmethod
    def _from_ptr(cls: "type[_H]", ptr: Any, owned: bool, parent: Any) -> "_H":
        self = object.__new__(cls)
        self._ptr = ptr
        self._owned = owned
        self._parent = parent
        self._context = parent if isinstance(parent, Context) else getattr(parent, "_context", None)
        self._state = self._context._state if self._context is not None else None
        if owned and self._state is not None:
            self._state.children += 1
        return self

    def _usable(self) -> bool:
        if self._ptr is None:
            return False
        if not self._owned and self._parent is not None:
            return bool(self._parent._usable())
        return True

    def _check(self, fname: str = "") -> Any:
        if not self._usable():
            what = self._wg_type
            if self._ptr is not None and not self._owned:
                what = "%s (borrowed from a closed %s)" % (self._wg_type, self._parent._wg_type)
            raise ClosedError(what, fname)
        return self._ptr

    @property
    def closed(self) -> bool:
        """True once the handle (or the object it was borrowed from) is closed."""
        return not self._usable()

    def close(self) -> None:
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

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # A copy sharing the C pointer would free it twice: copying and pickling are refused unless a
    # subclass implements them on top of the library (Game: wg_game_clone, wg_game_save).
    def __copy__(self) -> Any:
        raise TypeError("%s objects cannot be copied (they own a C object of libwargame)" % type(self).__name__)

    def __deepcopy__(self, memo: Any) -> Any:
        raise TypeError("%s objects cannot be deep-copied (they own a C object of libwargame)"
                        % type(self).__name__)

    def __reduce_ex__(self, protocol: Any) -> Any:
        raise TypeError("%s objects cannot be pickled (they own a C object of libwargame)" % type(self).__name__)

    @property
    def errmsg(self) -> str:
        """The last error message kept by the handle."""
        self._check(self._wg_type + "_errmsg")
        return errmsg_of(self)

    def _call(self, fname: str, *args: Any, **kw: Any) -> Any:
        pos = _handle_position(fname, self._wg_type)
        if pos == 0:
            return _shape(call(fname, (self,) + args, owner=self, **kw))
        a = list(args)
        a.insert(pos if pos is not None else 0, self)
        return _shape(call(fname, a, owner=self, **kw))

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or not self._wg_type:
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

        def method(obj: Handle, *args: Any) -> Any:
            return obj._call(fname, *args)

        method.__name__ = name
        method.__doc__ = raw.FUNCTIONS[fname][5]
        setattr(type(self), name, method)  # found directly next time
        return method.__get__(self, type(self))

    def _describe(self) -> str:
        return ""

    def __repr__(self) -> str:
        if self.closed:
            return "<wargame.%s closed>" % type(self).__name__
        try:
            more = self._describe()
        except Exception:  # noqa: BLE001 - a repr never raises
            more = ""
        return "<wargame.%s%s>" % (type(self).__name__, " " + more if more else "")


class Context(Handle):
    """A library context: allocator, memory statistics, constructor errors; makes every other object.

    ``Context(memory_limit=0, allocator=None)``: ``memory_limit`` caps the bytes the context may
    hold (0: no limit; a call that would pass it raises OutOfMemoryError, a MemoryError);
    ``allocator`` is a callable ``(ud, ptr, osize, nsize) -> address or None`` (advanced)."""

    _wg_type = "wg_ctx"

    def __init__(self, memory_limit: int = 0, allocator: Optional[Callable[..., Any]] = None) -> None:
        p = ctypes.POINTER(raw.wg_ctx)()
        self._owned = True
        self._parent = None
        self._context = self
        if allocator is not None and not isinstance(allocator, _lib._CFuncPtr):
            if not callable(allocator):
                raise TypeError("allocator must be callable: (ud, ptr, osize, nsize) -> address or None")
            allocator = raw.wg_alloc_fn(allocator)
        self._allocator = allocator  # a raw.wg_alloc_fn, kept alive with the context
        rc = lib.wg_ctx_new(ctypes.byref(p), allocator if allocator is not None else _alloc_fn(), None)
        if rc != 0:
            raise WargameError(rc, status_str(rc), "wg_ctx_new")
        self._state = _CtxState(p)
        if memory_limit:
            self.set_memory_limit(memory_limit)

    @property
    def _ptr(self) -> Any:
        st = self.__dict__.get("_state")
        return None if st is None or st.closed else st.ptr

    def close(self) -> None:
        """Closes the context; the C context is freed once no object made from it is alive."""
        st = self.__dict__.get("_state")
        if st is not None and not st.closed:
            st.closed = True
            st.release()

    @property
    def memory_in_use(self) -> int:
        """Bytes the context holds now."""
        return int(self._call("wg_ctx_memory_in_use"))

    @property
    def memory_peak(self) -> int:
        """The most bytes the context has held at once."""
        return int(self._call("wg_ctx_memory_peak"))

    @property
    def alloc_count(self) -> int:
        """How many allocations the context has made."""
        return int(self._call("wg_ctx_alloc_count"))

    @property
    def live_handles(self) -> int:
        """How many objects made from the context are alive in the library."""
        return int(self._call("wg_ctx_live_handles"))

    def set_memory_limit(self, limit: int) -> None:
        """Caps the bytes the context may hold (0: no limit)."""
        self._call("wg_ctx_set_memory_limit", limit)

    def _describe(self) -> str:
        return "%d live handle(s), %d bytes in use" % (self.live_handles, self.memory_in_use)

    # constructors
    def new_game(self, ruleset: str, scenario: str, options: Optional[str] = None, seed: int = 0,
                 seat: Optional[int] = None) -> "Game":
        """A new game of ``ruleset`` (``wargame.rulesets()``) and ``scenario``
        (``wargame.scenarios(ruleset)``), with the ruleset's ``options`` text (None: the
        defaults) and the dice ``seed``.  With ``seat=P`` the game is opened for player P: every
        viewer-aware call (decision, options, events, describe, pieces) answers as P sees it, and
        the referee-only calls (save, hash, clone, undo_to, option action codes of another player)
        raise.  Without a seat the game is the referee's, who sees everything."""
        return _seated(self._call("wg_game_new", ruleset, scenario, options, seed), seat)

    def new_bot(self, spec: str = "mcts", seed: int = 0) -> "Bot":
        """A bot (wg_bot_new): ``spec`` such as ``"random"``, ``"mcts"``, ``"mcts:2000"`` or
        ``"mcts iterations=2000 depth=40 c=1.4 rollout=greedy"`` (doc/bots.md); deterministic
        from ``seed``.  InvalidError names what is wrong with a bad spec."""
        b: Bot = self._call("wg_bot_new", spec, seed)
        return b

    def load_game(self, data: bytes, seat: Optional[int] = None) -> "Game":
        """A game saved by Game.save, opened for ``seat`` (see new_game) or the referee."""
        data = bytes(data)
        return _seated(self._call("wg_game_load", data, len(data)), seat)

    def new_hex_map(self, cols: int, rows: int, layout: int = HexLayout.ODD_Q) -> "Map":
        """An empty hex map of ``cols`` x ``rows`` hexes in offset ``layout`` (a HexLayout)."""
        m: Map = self._call("wg_map_new_hex", cols, rows, int(layout))
        return m

    def new_graph_map(self) -> "Map":
        """An empty zone graph."""
        m: Map = self._call("wg_map_new_graph")
        return m

    def load_map(self, text: Union[str, bytes]) -> "Map":
        """A map read from its wgdata text."""
        b = _lib._encode(text, "wg_map_load", "text") or b""
        m: Map = self._call("wg_map_load", b, len(b))
        return m

    def new_table(self, name: str, rows: int, cols: int) -> "Table":
        """An empty table (every cell a gap) of ``rows`` x ``cols``."""
        t: Table = self._call("wg_table_new", name, rows, cols)
        return t

    def load_table(self, text: Union[str, bytes]) -> "Table":
        """A table read from its wgdata text."""
        b = _lib._encode(text, "wg_table_load", "text") or b""
        t: Table = self._call("wg_table_load", b, len(b))
        return t

    def new_oob(self) -> "Oob":
        """An empty order of battle."""
        o: Oob = self._call("wg_oob_new")
        return o

    def load_oob(self, text: Union[str, bytes]) -> "Oob":
        """An order of battle read from its wgdata text."""
        b = _lib._encode(text, "wg_oob_load", "text") or b""
        o: Oob = self._call("wg_oob_load", b, len(b))
        return o

    def rng(self, seed: int, stream: int = 0) -> "Rng":
        """A PCG32 generator seeded with ``seed`` on ``stream``."""
        r: Rng = self._call("wg_rng_new", seed, stream)
        return r

    def parse_data(self, text: Union[str, bytes]) -> "Data":
        """A wgdata document parsed from its text."""
        b = _lib._encode(text, "wg_data_parse", "text") or b""
        d: Data = self._call("wg_data_parse", b, len(b))
        return d


class Rng(Handle):
    """A seeded PCG32 generator (the C functions ``wg_rng_*`` are its methods: ``rng.next()``...)."""

    _wg_type = "wg_rng"


class Data(Handle):
    """A parsed wgdata document: a kind and records of text fields (``len``, iteration, ``record``)."""

    _wg_type = "wg_data"

    @property
    def kind_name(self) -> str:
        """The document's kind (its first line's word: ``table``, ``map``, ``oob``...)."""
        return str(self._call("wg_data_kind"))

    def __len__(self) -> int:
        return int(self._call("wg_data_record_count"))

    def record(self, rec: int) -> List[str]:
        """The fields of record ``rec``."""
        n = self._call("wg_data_field_count", rec)
        return [self._call("wg_data_field", rec, f) for f in range(n)]

    def __iter__(self) -> Iterator[List[str]]:
        for rec in range(len(self)):
            yield self.record(rec)

    def _describe(self) -> str:
        return "%s, %d record(s)" % (self.kind_name, len(self))


class Map(Handle):
    """A playing surface: a hex grid or a zone graph."""

    _wg_type = "wg_map"

    @property
    def kind(self) -> MapKind:
        """MapKind.HEX, GRAPH or TABLE."""
        return MapKind(self._call("wg_map_kind_of"))

    def __len__(self) -> int:
        return int(self._call("wg_map_space_count"))

    def hex_reach(self, start: int, budget: int, step: Callable[..., Any]) -> Any:
        """[(space, least cost), ...] reachable from `start`; step(from, to, dir) -> cost or (cost, stop)."""
        return self._call("wg_map_hex_reach", start, budget, step, None)

    def hex_los(self, a: int, b: int, blocks: Callable[[int], bool]) -> bool:
        """True when there is line of sight; blocks(space) -> bool."""
        return bool(self._call("wg_map_hex_los", a, b, blocks, None))

    def zone_path(self, start: int, goal: int, filter: Optional[Callable[..., int]] = None) -> Any:
        """(zones, total cost) of a least-cost path; filter(conn, from, to) -> cost (< 0 forbids)."""
        return self._call("wg_map_zone_path", start, goal, filter, None)

    def zone_reach(self, start: int, budget: int, filter: Optional[Callable[..., int]] = None) -> Any:
        """[(zone, least cost), ...] reachable from ``start`` within ``budget`` (filter as zone_path)."""
        return self._call("wg_map_zone_reach", start, budget, filter, None)

    def _describe(self) -> str:
        return "%s, %d spaces" % (self.kind.name.lower(), len(self))


Cell = Tuple[Union[int, str], Union[int, str]]


class Table(Handle):
    """A combat or procedure table with labelled rows and columns, printed and supplied cells, gaps.

    ``table[row, col]`` is the result's name (``"AR"``, ``"DE"``...); row and column are indices
    or labels (``table["6", "1:2"]``).  ``table[row, col] = "EX"`` supplies a cell (a name, or a
    code of ``table.code(name)``).  A gap raises TableGapError (a LookupError) naming the cell;
    an index out of range raises RangeError (an IndexError).  ``lookup_code`` gives the numeric
    code."""

    _wg_type = "wg_table"

    @property
    def name(self) -> str:
        """The table's name."""
        return str(self._call("wg_table_name"))

    @property
    def shape(self) -> Tuple[int, int]:
        """(rows, columns)."""
        r, c = self._call("wg_table_size")
        return int(r), int(c)

    @property
    def result_names(self) -> List[str]:
        """The names of the result codes, by code."""
        return [self._call("wg_table_code_name", k) for k in range(self._call("wg_table_code_count"))]

    def _cell(self, rc: Cell) -> Tuple[int, int]:
        try:
            row, col = rc
        except (TypeError, ValueError):
            raise TypeError("a table cell is table[row, col], not table[%r]" % (rc,)) from None
        r = self._call("wg_table_find_row", row) if isinstance(row, str) else row
        c = self._call("wg_table_find_col", col) if isinstance(col, str) else col
        return int(r), int(c)

    def lookup_code(self, row: int, col: int) -> int:
        """The numeric result code of a cell (``code_name`` gives its name)."""
        return int(self._call("wg_table_lookup", row, col))

    def __getitem__(self, rc: Cell) -> str:
        r, c = self._cell(rc)
        return str(self._call("wg_table_code_name", self.lookup_code(r, c)))

    def __setitem__(self, rc: Cell, code: Union[int, str]) -> None:
        r, c = self._cell(rc)
        if isinstance(code, str):
            code = self._call("wg_table_code", code)
        self._call("wg_table_set", r, c, code)

    def supply(self, text: Union[str, bytes]) -> None:
        """Supplies cells from a wgdata text (``cell ROW COL RESULT`` lines)."""
        b = _lib._encode(text, "wg_table_supply", "text") or b""
        self._call("wg_table_supply", b, len(b))

    def column_dist(self, col: Union[int, str]) -> Tuple[Dict[str, int], int]:
        """({result name: rows holding it}, gaps) of a column when every row is equally likely."""
        if isinstance(col, str):
            col = self._call("wg_table_find_col", col)
        n = self._call("wg_table_code_count")
        counts, gaps = _shape(call("wg_table_column_dist", [self, col], owner=self, caps=n))
        return {self._call("wg_table_code_name", c): int(k) for c, k in enumerate(counts) if k}, int(gaps)

    def _describe(self) -> str:
        return "%r %dx%d" % ((self.name,) + self.shape)


class Oob(Handle):
    """An order of battle: units with a side, a name and integer attributes."""

    _wg_type = "wg_oob"

    def __len__(self) -> int:
        return int(self._call("wg_oob_count"))

    def units(self, side: Optional[int] = None) -> List[Tuple[int, int, str]]:
        """[(unit, side, name), ...], only those of `side` when given (a view by side)."""
        out = []
        for u in range(len(self)):
            s = self._call("wg_oob_side", u)
            if side is None or s == side:
                out.append((u, int(s), str(self._call("wg_oob_name", u))))
        return out

    def _describe(self) -> str:
        return "%d unit(s)" % len(self)


_T = TypeVar("_T")
_alloc_fn: Any = raw.wg_alloc_fn


class _Sequence(Sequence[_T]):
    """A read-only sequence over indexed library getters (negative indices and slices included)."""

    _what = "item"

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, i: int) -> _T:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> _T: ...

    @overload
    def __getitem__(self, i: slice) -> List[_T]: ...

    def __getitem__(self, i: Union[int, slice]) -> Union[_T, List[_T]]:
        n = len(self)
        if isinstance(i, slice):
            return [self._item(j) for j in range(n)[i]]
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("%s index %d out of range (%d %ss)" % (self._what, i, n, self._what))
        return self._item(i)

    def __iter__(self) -> Iterator[_T]:
        for i in range(len(self)):
            yield self._item(i)

    def __repr__(self) -> str:
        try:
            items = list(self)
        except WargameError as e:
            return "<%ss: %s>" % (self._what, e)
        return "[%s]" % ", ".join(repr(x) for x in items)


class _Options(_Sequence[Option]):
    """The options of the current decision as a viewer sees them."""

    _what = "option"

    def __init__(self, game: "Game", viewer: Optional[int] = None) -> None:
        self._game = game
        self._viewer = REFEREE if viewer is None else viewer

    def __len__(self) -> int:
        return int(self._game._call("wg_game_option_count_for", int(self._viewer)))

    def _item(self, i: int) -> Option:
        g, v = self._game, int(self._viewer)
        label = g._call("wg_game_option_label_for", i, v)
        action = g._call("wg_game_option_action_for", i, v)
        weight, total = g._call("wg_game_option_weight", i)
        opt = Option(i, label, action, weight, total)
        opt.attrs = g.attrs(ATTR_OPTION, i, v)
        opt.params, opt.params_required = g._option_params(i)
        return opt


class _Events(_Sequence[Event]):
    """The event log as a viewer sees it."""

    _what = "event"

    def __init__(self, game: "Game", viewer: int) -> None:
        self._game, self._viewer = game, viewer

    def __len__(self) -> int:
        return int(self._game._call("wg_game_event_count"))

    def _item(self, i: int) -> Event:
        g = self._game
        return Event(i, g._call("wg_game_event_kind", i), g._call("wg_game_event_rule_for", i, int(self._viewer)),
                     g._call("wg_game_event_step", i), g._call("wg_game_event_text", i, int(self._viewer)))

    def since(self, start: int) -> Iterator[Event]:
        """Events from index `start` on (what the last steps produced)."""
        for i in range(start, len(self)):
            yield self._item(i)


class View(Dict[str, Any]):
    """The game as one player (or the referee) may see it: the parsed JSON view
    (wg_game_view_json; doc/view.md, doc/view.schema.json) as a dict, plus the state picture
    (``describe()``) and the event sequence (the ``events`` attribute; ``view["events"]`` is the
    JSON list of the events from ``first_event`` on)."""

    def __init__(self, game: "Game", viewer: int, data: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(data or {})
        self.game, self.viewer = game, viewer

    def describe(self) -> str:
        """The state in words as the view's viewer sees it (wg_game_describe)."""
        return str(self.game._call("wg_game_describe", int(self.viewer)))

    @property
    def events(self) -> _Events:
        """The event sequence as the view's viewer sees it."""
        return _Events(self.game, self.viewer)

    def __repr__(self) -> str:
        return "<wargame.View %s/%s for %s, turn %s, %d piece(s)>" % (
            self.get("ruleset"), self.get("scenario"), _viewer_name(self.game, self.viewer), self.get("turn"),
            len(self.get("pieces") or ()))


def _viewer_name(game: "Game", viewer: int) -> str:
    if int(viewer) == int(REFEREE):
        return "the referee"
    try:
        return "%s (%d)" % (game.players[int(viewer)], int(viewer))
    except (WargameError, IndexError):
        return "player %d" % int(viewer)


# The calls that answer for the referee only: they show every hidden fact (or let a player
# replay chance).  A game opened for a seat refuses them.
REFEREE_ONLY = frozenset([
    "wg_game_save", "wg_game_hash", "wg_game_clone", "wg_game_undo_to", "wg_game_option_count",
    "wg_game_option_label", "wg_game_option_action", "wg_game_decision_text",
])


def _seated(game: "Game", seat: Optional[int]) -> "Game":
    if seat is not None:
        n = game._call("wg_game_player_count")
        if int(seat) == int(REFEREE):
            seat = None
        elif not 0 <= int(seat) < n:
            game.close()
            raise InvalidError(int(Status.EINVAL), "seat %r: the game has players 0..%d (or REFEREE)"
                               % (seat, n - 1), "wargame.Game")
    game._seat = None if seat is None else int(seat)
    return game


def _unpickle_game(data: bytes, seat: Optional[int]) -> "Game":
    """Rebuilds a pickled Game (its save) in a context of its own."""
    with Context() as ctx:  # freed with the game: a context lives while its objects do
        return ctx.load_game(data, seat)


class Game(Handle):
    """A game in progress: always waiting for one decision, by a player or by chance.

    A game is opened for a seat (``Context.new_game(..., seat=P)``) or for the referee (the
    default).  The viewer-aware calls answer as the seat sees the game; the referee-only calls
    (``REFEREE_ONLY``) raise StateError (Status.ESTATE) in a seated game.

    ``copy.copy(game)`` and ``copy.deepcopy(game)`` clone the game (wg_game_clone: an independent
    game in the same context, dice generators included); ``pickle`` saves it (Game.save) and
    loads it back in a new context.  Both are referee-only: a seated game raises TypeError, since
    a copy would let its player replay chance.  In Jupyter the game shows as its board
    (``_repr_svg_``, the picture of ``svg()``)."""

    _wg_type = "wg_game"
    _seat: Optional[int] = None

    @property
    def seat(self) -> Optional[int]:
        """The player this game was opened for, or None for the referee."""
        return self._seat

    @property
    def viewer(self) -> int:
        """The viewer of the viewer-aware calls: the seat, or REFEREE."""
        return int(REFEREE) if self._seat is None else self._seat

    def _call(self, fname: str, *args: Any, **kw: Any) -> Any:
        if self._seat is not None and fname in REFEREE_ONLY:
            raise WargameError(int(Status.ESTATE), "%s is referee-only: this game was opened for seat %d (%s)"
                               % (fname, self._seat, self.players[self._seat]), fname)
        return Handle._call(self, fname, *args, **kw)

    # ---- copies

    def clone(self) -> "Game":
        """An independent copy of the game in the same context (wg_game_clone).  Referee-only."""
        g: Game = self._call("wg_game_clone")
        return g

    def _refuse_copy(self, what: str) -> None:
        self._check("wg_game_clone")
        if self._seat is not None:
            raise TypeError("a game opened for seat %d cannot be %s: a copy would let its player replay chance "
                            "(copy the referee's game, or use determinize)" % (self._seat, what))

    def __copy__(self) -> "Game":
        self._refuse_copy("copied")
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Game":
        self._refuse_copy("copied")
        return self.clone()

    def __reduce_ex__(self, protocol: Any) -> Any:
        self._refuse_copy("pickled")
        return (_unpickle_game, (self.save(), None))

    # ---- what the game is

    @property
    def ruleset(self) -> str:
        """The ruleset id (``"lga"``, ``"marechaux"``, ``"ccn"``, ``"aigles"``)."""
        return str(self._call("wg_game_ruleset"))

    @property
    def scenario(self) -> str:
        """The scenario id."""
        return str(self._call("wg_game_scenario"))

    @property
    def players(self) -> List[str]:
        """The players' names, by player number."""
        return [self._call("wg_game_player_name", p) for p in range(self._call("wg_game_player_count"))]

    @property
    def decision(self) -> Decision:
        """The decision the game waits for, as the seat (or the referee) sees it."""
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
    def options(self) -> _Options:
        """The options of the current decision as the seat (or the referee) sees them (a sequence
        of Option); raises StateError (Status.ESTATE) when they are another player's."""
        return _Options(self, self.viewer)

    def options_for(self, viewer: int) -> _Options:
        """The options as ``viewer`` sees them (a referee's game may ask for any viewer)."""
        if self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat,
                               "wg_game_option_count_for")
        return _Options(self, viewer)

    @property
    def events(self) -> _Events:
        """All events so far as the seat (or the referee) sees them (a sequence of Event)."""
        return _Events(self, self.viewer)

    def view(self, player: Optional[int] = None, first_event: int = 0) -> View:
        """The game as ``player`` (default: the seat, or REFEREE) sees it: the JSON view parsed
        into a View (a dict: ruleset, scenario, viewer, turn, step, over, decision, options when
        the viewer may read them, pieces, spaces, events from ``first_event`` on).  A seated game
        gives only its seat's view."""
        viewer = self._viewer_arg(player, "view")
        return View(self, viewer, json.loads(self.view_json(viewer, first_event)))

    def view_json(self, viewer: Optional[int] = None, first_event: int = 0) -> str:
        """The JSON view text (wg_game_view_json) for ``viewer`` (default: the seat, or REFEREE)."""
        v = self._viewer_arg(viewer, "wg_game_view_json")
        return str(self._call("wg_game_view_json", v, first_event))

    def svg(self, viewer: Optional[int] = None) -> str:
        """The picture of the board as ``viewer`` (default: the seat, or REFEREE) sees it, as SVG
        text (wg_game_svg): each visible piece one element whose id is its ``id`` attribute in the
        JSON view; nothing hidden from the viewer is drawn.  A seated game draws only its seat's
        picture."""
        v = self._viewer_arg(viewer, "wg_game_svg")
        return str(self._call("wg_game_svg", v))

    def _repr_svg_(self) -> Optional[str]:
        """The board for Jupyter (IPython's rich display), as the seat or the referee sees it."""
        if self.closed:
            return None
        return self.svg()

    def odds(self, viewer: Optional[int], action: str) -> Dict[str, Any]:
        """The exact odds of the described action (``"verb key=value ..."``, doc/view.md) as
        ``viewer`` may compute them (wg_game_odds), parsed: a dict with ruleset, viewer, action,
        total, outcomes [{label, weight}], modifiers [{name, value, text, rule}]."""
        v = self._viewer_arg(viewer, "wg_game_odds")
        result: Dict[str, Any] = json.loads(self._call("wg_game_odds", v, action))
        return result

    def _viewer_arg(self, viewer: Optional[int], fname: str) -> int:
        if viewer is None:
            return self.viewer
        if self._seat is not None and int(viewer) != int(self._seat):
            raise WargameError(int(Status.ESTATE), "this game was opened for seat %d" % self._seat, fname)
        return int(viewer)

    # ---- spaces and attributes (the uniform doors)

    def space_count(self) -> int:
        """The number of spaces of the game's map."""
        return int(self._call("wg_game_space_count"))

    def space_name(self, space: int) -> str:
        """The players' name of a space ("4851" on a numbered hex map, a zone's name)."""
        return str(self._call("wg_game_space_name", space))

    def space_find(self, name: str) -> int:
        """The space a players' name names (NotFoundError, a KeyError, when none)."""
        return int(self._call("wg_game_space_find", name))

    @property
    def spaces(self) -> List[Space]:
        """Every space of the map as Space(index, name, attrs)."""
        return [Space(s, self.space_name(s), self.attrs(ATTR_SPACE, s)) for s in range(self.space_count())]

    def attr_keys(self, of: int) -> List[Tuple[str, Union[AttrType, int]]]:
        """[(name, AttrType), ...]: the attribute keys objects of kind ``of`` (ATTR_PIECE,
        ATTR_OPTION, ATTR_SPACE) carry in this ruleset, the core's first."""
        keys = self._attr_key_cache.get(int(of)) if self._attr_key_cache is not None else None
        if keys is None:
            keys = []
            for k in range(self._call("wg_game_attr_key_count", int(of))):
                name, t = self._call("wg_game_attr_key", int(of), k)
                try:
                    t = AttrType(t)
                except ValueError:
                    pass
                keys.append((name, t))
            if self._attr_key_cache is None:
                self._attr_key_cache = {}
            self._attr_key_cache[int(of)] = keys
        return list(keys)

    _attr_key_cache: Optional[Dict[int, List[Tuple[str, Union[AttrType, int]]]]] = None

    def attrs(self, of: int, i: int, viewer: Optional[int] = None) -> Dict[str, Any]:
        """{key: value} of piece, option or space ``i`` as ``viewer`` (default: the seat, or
        REFEREE) may know it; the keys the object does not carry for him are absent."""
        v = self._viewer_arg(viewer, "wg_game_attr_int")
        out: Dict[str, Any] = {}
        for name, t in self.attr_keys(of):
            fname = "wg_game_attr_text" if t == AttrType.TEXT else "wg_game_attr_int"
            try:
                out[name] = self._call(fname, v, int(of), i, name)
            except WargameError as e:
                if e.status != Status.ENOTFOUND:
                    raise
        return out

    def pieces(self, viewer: Optional[int] = None) -> List[Piece]:
        """The pieces ``viewer`` (default: the seat, or REFEREE) sees, as
        Piece(index, side, space, label, attrs)."""
        v = self._viewer_arg(viewer, "wg_game_piece_count")
        out = []
        for i in range(self._call("wg_game_piece_count", v)):
            side, space = self._call("wg_game_piece", v, i)
            out.append(Piece(i, side, space, self._call("wg_game_piece_label", v, i),
                             self.attrs(ATTR_PIECE, i, v)))
        return out

    # ---- decisions

    def _option_params(self, i: int) -> Tuple[List[Param], bool]:
        n, required = self._call("wg_game_option_param_count", i)
        return [Param(*self._call("wg_game_option_param", i, p)) for p in range(n)], bool(required)

    def _option_index(self, option: Union[Option, int]) -> int:
        if isinstance(option, Option):
            return option.index
        if isinstance(option, bool) or not isinstance(option, int):
            raise TypeError("an option is an Option or its index, not %s" % type(option).__name__)
        return option

    def option_params(self, option: Union[Option, int]) -> List[Param]:
        """[Param(name, min, max), ...] of an option (an Option or its index)."""
        return self._option_params(self._option_index(option))[0]

    def step_params(self, step: int) -> List[int]:
        """The parameters recorded with decision ``step`` (a list, empty for a step taken without)."""
        return list(self._call("wg_game_step_params", step))

    def choose(self, option: Union[Option, int], params: Optional[Sequence[int]] = None) -> None:
        """Takes an option (an Option or its index); with ``params`` (a sequence of integers, in
        the order of the option's ``params``) through wg_game_choose_params.  An index out of
        range raises RangeError (an IndexError); an option that is not the seat's, StateError."""
        i = self._option_index(option)
        if i < 0:
            raise RangeError(int(Status.ERANGE), "option %d: options are numbered from 0" % i, "wg_game_choose")
        if params is None:
            self._call("wg_game_choose", i)
        else:
            self._call("wg_game_choose_params", i, params)

    def choose_action(self, action: int) -> None:
        """Takes the option whose action code is ``action``."""
        self._call("wg_game_choose_action", action)

    def roll(self) -> int:
        """Resolves a chance decision with the game's dice; returns the option chosen."""
        return int(self._call("wg_game_roll"))

    def bot_step(self) -> int:
        """Lets the built-in bot (or the dice) take the current decision; returns the option chosen."""
        return int(self._call("wg_game_bot_step"))

    def playout(self, max_steps: int = 1 << 40) -> int:
        """Plays bot against bot to the end (or ``max_steps``); returns the steps taken."""
        return int(self._call("wg_game_playout", max_steps))

    # ---- undo (the library's undo policy)

    def undo_point(self, viewer: Optional[int] = None) -> int:
        """The step to go back to (undo_to) to take back ``viewer``'s last decision (default: the
        seat), under the undo policy (wg_game_undo_point): StateError (Status.ESTATE) with the
        reason when a roll, draw or reveal came out since, NotFoundError (a KeyError) when he
        decided nothing yet.  The game does not change."""
        v = self._undo_viewer(viewer)
        return int(self._call("wg_game_undo_point", v))

    def undo(self, viewer: Optional[int] = None) -> int:
        """Takes back ``viewer``'s last decision (default: the seat) and the decisions after it,
        within the undo policy (see undo_point, whose errors it raises); returns the step count
        after the undo.  Allowed in a seated game for its seat: nothing new is shown."""
        step = self.undo_point(viewer)
        Handle._call(self, "wg_game_undo_to", step)
        return step

    def _undo_viewer(self, viewer: Optional[int]) -> int:
        if viewer is None:
            if self._seat is None:
                raise InvalidError(int(Status.EINVAL), "name the player whose decision to take back "
                                   "(a referee's game has no seat)", "wg_game_undo_point")
            return self._seat
        return self._viewer_arg(viewer, "wg_game_undo_point")

    def undo_to(self, step: int) -> None:
        """Goes back to ``step`` decisions, whatever came out since (wg_game_undo_to; a practice
        mode).  Referee-only."""
        self._call("wg_game_undo_to", step)

    # ---- state

    @property
    def is_over(self) -> bool:
        """True when the game has ended."""
        return bool(self._call("wg_game_is_over"))

    @property
    def result_text(self) -> str:
        """The result in words (who won and why), or the standing while the game goes on."""
        return str(self._call("wg_game_result_text"))

    @property
    def winner(self) -> Optional[int]:
        """The winner of the finished game (a player number), None for a draw; raises
        :class:`StateError` while the game goes on (wg_game_winner)."""
        w = int(self._call("wg_game_winner"))
        return None if w == Player.PLAYER_NONE else w

    @property
    def score(self) -> int:
        """The ruleset's score (its meaning and sign: wg_game_score)."""
        return int(self._call("wg_game_score"))

    @property
    def turn(self) -> int:
        """The current game turn."""
        return int(self._call("wg_game_turn"))

    @property
    def step_count(self) -> int:
        """The number of decisions taken so far."""
        return int(self._call("wg_game_step_count"))

    @property
    def hash(self) -> int:
        """A 64-bit hash of the complete state.  Referee-only."""
        return int(self._call("wg_game_hash"))

    def determinize(self, seed: int, viewer: Optional[int] = None) -> "Game":
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

    def event_reveals(self, i: int, viewer: Optional[int] = None) -> bool:
        """Whether event ``i`` showed ``viewer`` (default: the seat) something hidden from him until
        then (wg_game_event_reveals): the moment to determinize again."""
        if viewer is None:
            viewer = self.viewer
        return bool(self._call("wg_game_event_reveals", i, int(viewer)))

    def describe(self, viewer: Optional[int] = None) -> str:
        """The state in words, as ``viewer`` sees it (default: the seat, or the referee)."""
        v = self._viewer_arg(viewer, "wg_game_describe")
        return str(self._call("wg_game_describe", v))

    def save(self) -> bytes:
        """The game as bytes (load with Context.load_game).  Referee-only."""
        if self._seat is not None:
            self._call("wg_game_save")  # raises: referee-only
        size = _probe_save(self)
        return bytes(self._call_capped("wg_game_save", size))

    def _call_capped(self, fname: str, cap: int, *args: Any) -> Any:
        a = [self] + list(args)
        return _shape(call(fname, a, owner=self, caps=cap))

    @property
    def map(self) -> Map:
        """The game's map (borrowed: closed with the game)."""
        m: Map = self._call("wg_game_map")
        return m

    @property
    def oob(self) -> Oob:
        """The game's order of battle (borrowed: closed with the game)."""
        o: Oob = self._call("wg_game_oob")
        return o

    @property
    def tables(self) -> List[Table]:
        """The game's tables (borrowed: closed with the game)."""
        return [self._call("wg_game_table", i) for i in range(self._call("wg_game_table_count"))]

    def table(self, key: Union[int, str]) -> Table:
        """A table of the game by index or name (NotFoundError, a KeyError, for an unknown name)."""
        t: Table
        if isinstance(key, str):
            t = self._call("wg_game_table_find", key)
        else:
            t = self._call("wg_game_table", key)
        return t

    def _describe(self) -> str:
        d = self.decision
        who = "chance" if d.player == Player.PLAYER_CHANCE else _viewer_name(self, int(d.player))
        state = "over: %s" % self.result_text if self.is_over else "%s decides: %s" % (who, d.text)
        seat = "" if self._seat is None else " seat %s" % _viewer_name(self, self._seat)
        return "%s/%s%s turn %d step %d, %s" % (self.ruleset, self.scenario, seat, self.turn, self.step_count, state)


class Bot(Handle):
    """A bot of the library (wg_bot_new; doc/bots.md): ``ctx.new_bot("mcts:2000", seed=1)``.

    The spec is a kind (``random``, ``mcts``, ``ismcts``) with optional settings
    (``"mcts iterations=2000 depth=40 c=1.4 rollout=greedy"``).  ``choose(game)`` returns the
    option the bot takes for the player deciding now, without changing the game; ``play(game)``
    takes it (and rolls a chance decision).  Deterministic from the seed."""

    _wg_type = "wg_bot"

    def choose(self, game: "Game", player: Optional[int] = None) -> int:
        """The index of the option the bot chooses (for ``player``, who must decide now, when given);
        StateError when the game is over, the decision is chance, or ``player`` does not decide."""
        if player is None:
            return int(self._call("wg_bot_choose", game))
        return int(self._call("wg_bot_choose_for", game, player))

    def play(self, game: "Game") -> int:
        """Chooses and takes the option (a chance decision is rolled); returns its index."""
        return int(self._call("wg_bot_play", game))

    @property
    def spec(self) -> str:
        """The spec in canonical form: the kind and every setting with its value."""
        return str(self._call("wg_bot_spec"))

    def stats(self) -> Dict[str, int]:
        """The bot's counters: decisions, iterations, nodes, forks, steps, allocations (in the bot's
        own context, apart from the game's), bytes, bytes_peak."""
        return {k.name.lower(): int(self._call("wg_bot_stat", int(k))) for k in raw.BotStatKind}

    def _describe(self) -> str:
        return self.spec


def _probe_save(game: Game) -> int:
    n = ctypes.c_size_t()
    rc = lib.wg_game_save(None, 0, ctypes.byref(n), game._check("wg_game_save"))
    if rc < 0 and rc != raw.WG_EBUFSIZE:
        raise WargameError(rc, errmsg_of(game) or status_str(rc), "wg_game_save")
    return n.value


for _x in (WargameError, ClosedError, InvalidError, RangeError, OutOfMemoryError, NotFoundError, StateError,
           TableGapError, WargameOverflowError):
    _x.__module__ = "wargame"

# every enum of the header as an IntEnum of the package (Status, DecisionKind, ..., ruleset enums)
for _e in raw.ENUMS.values():
    globals()[_e.__name__] = _e
    if _e.__name__ not in __all__:
        __all__.append(_e.__name__)

_classes: Tuple[Any, ...] = (Context, Game, Bot, Map, Table, Oob, Rng, Data)
for _cls in _classes:
    _lib.HANDLE_CLASSES[_cls._wg_type] = _cls
for _t in raw.HANDLE_TYPES:  # handle types added to the header later get a generic class
    if _t not in _lib.HANDLE_CLASSES:
        _lib.HANDLE_CLASSES[_t] = type("".join(w.capitalize() for w in _t[3:].split("_")), (Handle,),
                                       {"_wg_type": _t, "__doc__": "A %s handle of libwargame." % _t})


# ---- module-level functions


def version() -> str:
    """The run-time version string of the library (``"0.1.0"``)."""
    return str(call("wg_version", [])[0])


def version_number() -> int:
    """The run-time version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return int(call("wg_version_number", [])[0])


def rulesets() -> List[str]:
    """The ids of the rulesets compiled into the library."""
    return [call("wg_ruleset_id", [i])[0] for i in range(call("wg_ruleset_count", [])[0])]


def ruleset_name(ruleset: str) -> str:
    """The full name of a ruleset."""
    return str(_shape(call("wg_ruleset_name", [ruleset])))


def scenarios(ruleset: str) -> List[Tuple[str, str]]:
    """[(id, title), ...] of the bundled scenarios of a ruleset."""
    n = _shape(call("wg_ruleset_scenario_count", [ruleset]))
    return [(_shape(call("wg_ruleset_scenario_id", [ruleset, i])),
             _shape(call("wg_ruleset_scenario_name", [ruleset, i]))) for i in range(n)]


def __getattr__(name: str) -> Any:
    fname = "wg_" + name
    if fname in raw.FUNCTIONS and not any(k.startswith("h:") for _n, k in raw.FUNCTIONS[fname][3]):
        def function(*args: Any) -> Any:
            return _shape(call(fname, list(args)))

        function.__name__ = name
        function.__doc__ = raw.FUNCTIONS[fname][5]
        return function
    raise AttributeError("module 'wargame' has no attribute %r" % name)
