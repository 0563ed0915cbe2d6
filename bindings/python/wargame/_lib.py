"""Loading libwargame and calling it through the generated specs.

The call helper reads the parameter kinds that bindings/gen/wggen.py derives
from the header (see _ffi.FUNCTIONS): out-parameters become results,
`(buf, cap, len)` and `(array..., cap, count)` groups are sized
automatically, handles are checked (open, right type) before the call, and a
negative status raises WargameError with the message kept by the handle.
"""

import ctypes
import ctypes.util
import glob
import importlib
import os
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Type

from . import _ffi

_CFuncPtr: Any = getattr(ctypes, "_CFuncPtr")
_HERE = os.path.dirname(os.path.abspath(__file__))
_NAMES = ("libwargame.so.%d" % _ffi.WG_VERSION_MAJOR, "libwargame.so", "libwargame.dylib", "wargame.dll")


def _installed_dirs() -> List[str]:
    """The library directory recorded by `cmake --install` (wargame/_install.py), relative to the
    package, so that an installed prefix works wherever it is moved."""
    try:
        _install = importlib.import_module(__package__ + "._install")
    except ImportError:
        return []
    rel = getattr(_install, "LIBDIR_FROM_PACKAGE", None)
    return [os.path.normpath(os.path.join(_HERE, rel))] if isinstance(rel, str) else []


def _candidates() -> Iterator[str]:
    env = os.environ.get("WARGAME_LIBRARY")
    if env:
        yield env
        return
    # next to the package (a copy), the prefix the package was installed into (cmake --install),
    # then the build trees of a source checkout
    for d in [_HERE] + _installed_dirs():
        for name in _NAMES:
            p = os.path.join(d, name)
            if os.path.exists(p):
                yield p
    root = os.path.normpath(os.path.join(_HERE, "..", "..", ".."))
    builds = [os.environ.get("WARGAME_BUILD_DIR", "")]
    builds += sorted(glob.glob(os.path.join(root, "build*")))
    for b in builds:
        if b:
            for name in ("libwargame.so", "libwargame.dylib"):
                p = os.path.join(b, name)
                if os.path.exists(p):
                    yield p
    found = ctypes.util.find_library("wargame")
    if found:
        yield found


def load_library() -> Tuple[ctypes.CDLL, str]:
    """Loads libwargame (see _candidates for the search order): (library, its path)."""
    errors: List[str] = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append("%s: %s" % (path, e))
            continue
        return lib, path
    raise ImportError("wargame: cannot load libwargame (set WARGAME_LIBRARY to its path); tried: %s"
                      % ("; ".join(errors) or "nothing found"))


lib: Any
library_path: str
lib, library_path = load_library()
_missing = _ffi.bind(lib)
if _missing:
    raise ImportError("wargame: %s lacks %d symbol(s) the bindings expect: %s"
                      % (library_path, len(_missing), ", ".join(_missing)))


class WargameError(Exception):
    """A libwargame call failed: ``status`` (a Status), ``message`` (the library's words),
    ``function`` (the C function).

    ``WargameError(status, ...)`` makes the subclass of that status, which is also the built-in
    exception a Python caller expects: ``Status.ERANGE`` an IndexError (RangeError),
    ``Status.EINVAL`` and the refusals of bad input a ValueError (InvalidError), ``Status.ENOMEM``
    a MemoryError (OutOfMemoryError), ``Status.ENOTFOUND`` a KeyError (NotFoundError),
    ``Status.EOVERFLOW`` an OverflowError.  ``except WargameError`` catches them all."""

    status: Any
    message: str
    function: str

    def __new__(cls, status: int = 0, message: str = "", function: str = "", *rest: Any) -> "WargameError":
        if cls is WargameError:
            cls = _STATUS_CLASSES.get(int(status), WargameError)
        # Exception.__new__: the built-in bases (MemoryError...) share its layout
        return Exception.__new__(cls)

    def __init__(self, status: int = 0, message: str = "", function: str = "") -> None:
        st: Any = status
        try:
            st = _ffi.Status(status)
        except ValueError:
            pass
        self.status = st
        self.message = message
        self.function = function
        name = st.name if isinstance(st, _ffi.Status) else str(st)
        self._text = "%s: WG_%s: %s" % (function or "wargame", name, message or status_str(int(st)))
        super().__init__(int(st), message, function)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return "%s(%r, %r, %r)" % (type(self).__name__, self.status, self.message, self.function)


class InvalidError(WargameError, ValueError):
    """A bad argument or bad input (Status.EINVAL, EILLEGAL, EPARSE, ECORRUPT, EVERSION, EDATA):
    also a ValueError."""


class RangeError(WargameError, IndexError):
    """An index out of range (Status.ERANGE; an option, a player, a space...): also an IndexError."""


class OutOfMemoryError(WargameError, MemoryError):
    """The library ran out of memory (Status.ENOMEM, or the context's memory limit): also a MemoryError."""


class NotFoundError(WargameError, KeyError):
    """No object of that name (Status.ENOTFOUND): also a KeyError."""


class StateError(WargameError):
    """Not possible in the game's current state, or not for this viewer (Status.ESTATE)."""


class TableGapError(WargameError, LookupError):
    """A table cell is not printed (Status.ETABLEGAP; the message names the cell): a LookupError."""


class WargameOverflowError(WargameError, OverflowError):
    """A value does not fit (Status.EOVERFLOW): also an OverflowError."""


_STATUS_CLASSES: Dict[int, Type[WargameError]] = {
    _ffi.WG_EINVAL: InvalidError, _ffi.WG_EILLEGAL: InvalidError, _ffi.WG_EPARSE: InvalidError,
    _ffi.WG_ECORRUPT: InvalidError, _ffi.WG_EVERSION: InvalidError, _ffi.WG_EDATA: InvalidError,
    _ffi.WG_ERANGE: RangeError, _ffi.WG_ENOMEM: OutOfMemoryError, _ffi.WG_ENOTFOUND: NotFoundError,
    _ffi.WG_ESTATE: StateError, _ffi.WG_ETABLEGAP: TableGapError, _ffi.WG_EOVERFLOW: WargameOverflowError,
}


class ClosedError(InvalidError):
    """The handle was closed (or the object it was borrowed from was): also a ValueError, like
    the operations on a closed file."""

    def __new__(cls, what: str = "", function: str = "", *rest: Any) -> "ClosedError":
        return Exception.__new__(cls)

    def __init__(self, what: str = "", function: str = "") -> None:
        super().__init__(_ffi.WG_EINVAL, "%s is closed" % what, function)


def status_str(status: int) -> str:
    """The library's one-line description of a status code."""
    s: Optional[bytes] = lib.wg_status_str(int(status))
    return s.decode("utf-8", "replace") if s is not None else ""


_FUNCS: Dict[str, Any] = _ffi.FUNCTIONS
_ERRMSG: Dict[str, str] = {t: t + "_errmsg" for t in _ffi.HANDLE_TYPES if t + "_errmsg" in _FUNCS}

# Python class for each handle type (filled by the API module).
HANDLE_CLASSES: Dict[str, Any] = {}


def _decode(b: Optional[bytes]) -> Optional[str]:
    return None if b is None else b.decode("utf-8", "replace")


def _encode(s: Any, fname: str, pname: str) -> Optional[bytes]:
    if s is None:
        return None
    if isinstance(s, str):
        return s.encode("utf-8")
    if isinstance(s, (bytes, bytearray, memoryview)):
        return bytes(s)
    raise TypeError("%s: %s must be str, bytes or None, not %s" % (fname, pname, type(s).__name__))


def errmsg_of(obj: Any) -> str:
    """The last error message kept by a handle object ('' when it keeps none)."""
    fn = _ERRMSG.get(obj._wg_type)
    if fn is None or obj._ptr is None:
        return ""
    return _decode(getattr(lib, fn)(obj._ptr)) or ""


def _make_callback(cbname: str, func: Callable[..., Any], errors: List[BaseException]) -> Any:
    cbtype, _rk, params, _doc = _ffi.CALLBACKS[cbname]
    outs = [i for i, (_n, k) in enumerate(params) if k.startswith("out:")]
    ins = [i for i, (_n, k) in enumerate(params) if k.startswith("in:")]

    def trampoline(*args: Any) -> int:
        try:
            res = func(*[args[i] for i in ins])
            if res is None:
                res = ()
            elif not isinstance(res, (tuple, list)):
                res = (res,)
            for j, i in enumerate(outs):
                v = res[j] if j < len(res) else 0
                args[i][0] = int(v if v is not None else 0)
            return 0
        except BaseException as e:  # noqa: B902 - re-raised after the C call returns
            errors.append(e)
            return int(_ffi.Status.EINVAL)

    return cbtype(trampoline)


# parameter codes of a call plan
_IN, _STR, _PTR, _H, _CB, _CAP, _OUT, _COUNT, _OUTS, _OUTH, _OUTHB, _BUF, _ARR, _INARR = range(14)


class _Plan:
    """How to call one function: computed once from the generated spec."""

    __slots__ = ("fn", "name", "n", "nin", "inputs", "outs", "count_i", "cap_i", "status", "ret_kind",
                 "argnames", "fast", "arr_in")

    def __init__(self, fname: str) -> None:
        res_t, arg_t, ret_kind, params, _own, _doc = _FUNCS[fname]
        self.fn = getattr(lib, fname)
        self.name = fname
        self.n = len(params)
        self.ret_kind = ret_kind
        self.status = ret_kind == "status"
        self.inputs: List[Tuple[int, int, Any]] = []
        self.outs: List[Tuple[int, int, Any]] = []
        self.count_i: Optional[int] = None
        self.cap_i: Optional[int] = None
        for i, (pname, kind) in enumerate(params):
            head, _, arg = kind.partition(":")
            if head == "in":
                self.inputs.append((i, _IN, pname))
            elif head == "str":
                self.inputs.append((i, _STR, pname))
            elif head == "ptr":
                self.inputs.append((i, _PTR, pname))
            elif head == "h":
                self.inputs.append((i, _H, arg))
            elif head == "cb":
                self.inputs.append((i, _CB, arg))
            elif head == "inarr":
                # the count follows: the length of the sequence (not an argument)
                self.inputs.append((i, _INARR, (pname, getattr(ctypes, _TOKEN_CT[arg]))))
            elif head == "inlen":
                pass
            elif head == "cap":
                self.cap_i = i
            elif head == "out":
                self.outs.append((i, _OUT, getattr(ctypes, _TOKEN_CT[arg])))
            elif head == "count":
                self.count_i = i
                self.outs.append((i, _COUNT, ctypes.c_size_t))
            elif head == "outs":
                self.outs.append((i, _OUTS, ctypes.c_char_p))
            elif head in ("outh", "outhb"):
                self.outs.append((i, _OUTH if head == "outh" else _OUTHB, (arg, ctypes.POINTER(getattr(_ffi, arg)))))
            elif head == "buf":
                self.outs.append((i, _BUF, arg_t[i] is ctypes.c_void_p))
            elif head == "arr":
                self.outs.append((i, _ARR, getattr(ctypes, _TOKEN_CT[arg])))
            else:  # pragma: no cover
                raise TypeError("%s: unknown parameter kind %s" % (fname, kind))
        self.nin = len(self.inputs)
        self.argnames = ", ".join(params[i][0] for i, _c, _x in self.inputs)
        self.arr_in = any(c == _INARR for _i, c, _x in self.inputs)
        self.fast = _compile_fast(self)


def _fail(rc: int, src: Any, fname: str) -> None:
    msg = errmsg_of(src) if src is not None and fname not in _ffi.CONST_CALLS else ""
    raise WargameError(rc, msg or status_str(rc), fname)


def _compile_fast(P: "_Plan") -> Optional[Callable[[Sequence[Any], Any], List[Any]]]:
    """A straight-line caller for the functions without arrays, buffers or callbacks."""
    if P.cap_i is not None or any(c in (_CB, _INARR) for _i, c, _x in P.inputs):
        return None
    env = {"_fn": P.fn, "_byref": ctypes.byref, "_ArgErr": ctypes.ArgumentError, "_fail": _fail,
           "_encode": _encode, "_decode": _decode, "_wrap": _wrap, "_TypeError": TypeError, "_none": None}
    names = ["a%d" % k for k in range(P.nin)]
    lines = ["def fast(args, owner):"]
    lines.append("    if len(args) != %d:" % P.nin)
    lines.append("        raise _TypeError('%s takes %d argument(s) (%s), %%d given' %% len(args))"
                 % (P.name, P.nin, P.argnames))
    if names:
        lines.append("    %s, = args" % ", ".join(names))
    cvals = ["None"] * P.n
    holder = []
    for k, (i, code, x) in enumerate(P.inputs):
        a = names[k]
        if code == _IN or code == _PTR:
            cvals[i] = a
        elif code == _STR:
            env["_n%d" % i] = x
            lines.append("    s%d = _encode(%s, %r, %r)" % (i, a, P.name, x))
            cvals[i] = "s%d" % i
        else:  # _H
            lines.append("    if %s is not None:" % a)
            lines.append("        if getattr(%s, '_wg_type', None) != %r:" % (a, x))
            lines.append("            raise _TypeError('%s: argument must be a %s handle, not %%s' %% type(%s).__name__)"
                         % (P.name, x, a))
            lines.append("        p%d = %s._ptr" % (i, a))
            lines.append("        if p%d is None or not %s._owned:" % (i, a))
            lines.append("            p%d = %s._check(%r)" % (i, a, P.name))
            lines.append("    else:")
            lines.append("        p%d = None" % i)
            cvals[i] = "p%d" % i
            holder.append(a)
    post = []
    for i, code, x in P.outs:
        if code == _OUTH or code == _OUTHB:
            env["_T%d" % i] = x[1]
            lines.append("    o%d = _T%d()" % (i, i))
            post.append("_wrap(%r, o%d, %s, %s)" % (x[0], i, code == _OUTH,
                                                     holder[0] if holder else "None"))
        else:
            env["_T%d" % i] = x
            lines.append("    o%d = _T%d()" % (i, i))
            post.append("_decode(o%d.value)" % i if code == _OUTS else "o%d.value" % i)
        cvals[i] = "_byref(o%d)" % i
    lines.append("    try:")
    lines.append("        rc = _fn(%s)" % ", ".join(cvals))
    lines.append("    except _ArgErr as e:")
    lines.append("        raise _TypeError('%s: %%s' %% e) from None" % P.name)
    if P.status:
        src = "owner if owner is not None else %s" % (holder[0] if holder else "None")
        lines.append("    if rc < 0:")
        lines.append("        _fail(rc, %s, %r)" % (src, P.name))
        lines.append("    return [%s]" % ", ".join(post))
    elif P.ret_kind == "void":
        lines.append("    return [%s]" % ", ".join(post))
    elif P.ret_kind == "str":
        lines.append("    return [_decode(rc)%s]" % "".join(", " + x for x in post))
    else:
        lines.append("    return [rc%s]" % "".join(", " + x for x in post))
    ns: Dict[str, Any] = {}
    exec(compile("\n".join(lines) + "\n", "<wargame:%s>" % P.name, "exec"), env, ns)  # noqa: S102
    fast: Callable[[Sequence[Any], Any], List[Any]] = ns["fast"]
    return fast


_PLANS: Dict[str, _Plan] = {}
_FREE_FUNCS = {t + "_free": t for t in _ffi.HANDLE_TYPES if t + "_free" in _FUNCS}


def call(fname: str, args: Sequence[Any], owner: Any = None, caps: Optional[int] = None) -> List[Any]:
    """Calls libwargame function `fname` with the inputs `args` (handles as objects).

    Returns the list of results: the return value when it is not a status,
    then the outputs in parameter order (arrays sharing a cap grouped as a
    list, of tuples when there are several); raises WargameError on a
    negative status, ClosedError for a closed handle, TypeError for a wrong
    argument."""
    if fname in _FREE_FUNCS:
        # freeing goes through the handle object, so that it is never freed twice
        if len(args) != 1:
            raise TypeError("%s takes 1 argument" % fname)
        if args[0] is not None:
            if getattr(args[0], "_wg_type", None) != _FREE_FUNCS[fname]:
                raise TypeError("%s: argument must be a %s handle" % (fname, _FREE_FUNCS[fname]))
            args[0].close()
        return []
    P = _PLANS.get(fname)
    if P is None:
        P = _PLANS[fname] = _Plan(fname)
    if P.fast is not None:
        return P.fast(args, owner)
    if len(args) != P.nin:
        raise TypeError("%s takes %d argument(s) (%s), %d given" % (fname, P.nin, P.argnames, len(args)))
    cvals: List[Any] = [None] * P.n
    holder: Any = None
    cb_errors: Optional[List[BaseException]] = None
    keep: Optional[List[Any]] = None
    for (i, code, x), a in zip(P.inputs, args):
        if code == _IN:
            cvals[i] = a
        elif code == _H:
            if a is not None:
                if getattr(a, "_wg_type", None) != x:
                    raise TypeError("%s: argument must be a %s handle, not %s" % (fname, x, type(a).__name__))
                cvals[i] = a._check(fname)
                if holder is None:
                    holder = a
        elif code == _STR:
            cvals[i] = _encode(a, fname, x)
        elif code == _PTR:
            cvals[i] = a
        elif code == _INARR:
            cvals[i], cvals[i + 1] = _in_array(a, x[1], fname, x[0])
        else:  # _CB
            if a is None:
                cvals[i] = _ffi.CALLBACKS[x][0]()
            elif isinstance(a, _CFuncPtr):
                cvals[i] = a
            elif callable(a):
                if cb_errors is None or keep is None:
                    cb_errors, keep = [], []
                cb = _make_callback(x, a, cb_errors)
                keep.append(cb)
                cvals[i] = cb
            else:
                raise TypeError("%s: callback must be callable or None" % fname)
    cap = (caps if caps is not None else 256) if P.cap_i is not None else 0
    fn = P.fn
    while True:
        outs: Dict[int, Any] = {}
        if P.cap_i is not None:
            cvals[P.cap_i] = cap
        o: Any
        for i, code, x in P.outs:
            if code == _BUF:
                o = ctypes.create_string_buffer(cap) if cap else None
                cvals[i] = o
            elif code == _ARR:
                o = (x * cap)() if cap else None
                cvals[i] = o
            elif code == _OUTH or code == _OUTHB:
                o = x[1]()
                cvals[i] = ctypes.byref(o)
            else:
                o = x()
                cvals[i] = ctypes.byref(o)
            outs[i] = o
        try:
            rc = fn(*cvals)
        except ctypes.ArgumentError as e:
            raise TypeError("%s: %s" % (fname, e)) from None
        if cb_errors:
            raise cb_errors[0]
        if (P.status and rc == _ffi.WG_EBUFSIZE and P.count_i is not None and caps is None
                and outs[P.count_i].value >= cap):
            cap = outs[P.count_i].value + 1
            continue
        break
    del keep
    if P.status and rc < 0:
        src = owner if owner is not None else holder
        msg = errmsg_of(src) if src is not None and fname not in _ffi.CONST_CALLS else ""
        raise WargameError(rc, msg or status_str(rc), fname)
    if P.ret_kind == "status" or P.ret_kind == "void":
        results: List[Any] = []
    elif P.ret_kind == "str":
        results = [_decode(rc)]
    else:
        results = [rc]
    n: Optional[int] = None
    if P.count_i is not None:
        n = min(outs[P.count_i].value, cap)
    group: Optional[List[Any]] = None
    for i, code, x in P.outs:
        o = outs[i]
        if code == _OUT:
            results.append(o.value)
        elif code == _COUNT:
            continue
        elif code == _OUTS:
            results.append(_decode(o.value))
        elif code == _OUTH or code == _OUTHB:
            results.append(_wrap(x[0], o, code == _OUTH, holder))
        elif code == _BUF:
            size = n if n is not None else cap
            if o is None:
                results.append(b"" if x else "")
            elif x:
                results.append(o.raw[:size])
            else:
                results.append(_decode(o.raw[:size].split(b"\0", 1)[0]))
        else:  # _ARR
            arr = o[: (n if n is not None else cap)] if o is not None else []
            if group is None:
                group = [arr]
                results.append(group)
            else:
                group.append(arr)
    if group is not None:
        k = next(j for j, r in enumerate(results) if r is group)
        results[k] = group[0] if len(group) == 1 else list(zip(*group))
    return results


def _in_array(seq: Any, ctype: Any, fname: str, pname: str) -> Tuple[Any, int]:
    """(pointer, count) for an input array: any sequence of numbers (None or empty: NULL, 0)."""
    if seq is None:
        return None, 0
    if isinstance(seq, (str, bytes)):
        raise TypeError("%s: %s must be a sequence of numbers, not %s" % (fname, pname, type(seq).__name__))
    try:
        vals = list(seq)
    except TypeError:
        raise TypeError("%s: %s must be a sequence of numbers, not %s"
                        % (fname, pname, type(seq).__name__)) from None
    if not vals:
        return None, 0
    try:
        arr = (ctype * len(vals))(*vals)
    except TypeError as e:
        raise TypeError("%s: %s: %s" % (fname, pname, e)) from None
    return arr, len(vals)


def _is_out(kind: str) -> bool:
    return kind in ("buf", "cap", "count", "outs", "inlen") or kind.startswith(("out:", "arr:", "outh:", "outhb:"))


_TOKEN_CT: Dict[str, str] = {
    "char": "c_char", "schar": "c_byte", "uchar": "c_ubyte", "short": "c_short", "ushort": "c_ushort",
    "int": "c_int", "unsigned": "c_uint", "long": "c_long", "ulong": "c_ulong", "longlong": "c_longlong",
    "ulonglong": "c_ulonglong", "float": "c_float", "double": "c_double", "bool": "c_bool",
    "size_t": "c_size_t", "int8_t": "c_int8", "uint8_t": "c_uint8", "int16_t": "c_int16",
    "uint16_t": "c_uint16", "int32_t": "c_int32", "uint32_t": "c_uint32", "int64_t": "c_int64",
    "uint64_t": "c_uint64", "intptr_t": "c_ssize_t", "uintptr_t": "c_size_t",
}


def _ffi_scalar(tok: str) -> str:
    return _TOKEN_CT[tok]


def _wrap(t: str, ptr: Any, owned: bool, parent: Any) -> Any:
    if not ptr:
        return None
    cls = HANDLE_CLASSES.get(t)
    if cls is None:
        raise TypeError("no Python class for handle type %s" % t)
    return cls._from_ptr(ptr, owned=owned, parent=parent)
