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
import os

from . import _ffi

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("WARGAME_LIBRARY")
    if env:
        yield env
        return
    # next to the package (an installed copy), then the build trees of a source checkout
    for name in ("libwargame.so", "libwargame.so.0", "libwargame.dylib", "wargame.dll"):
        yield os.path.join(_HERE, name)
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


def load_library():
    errors = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            errors.append("%s: %s" % (path, e))
            continue
        return lib, path
    raise ImportError("wargame: cannot load libwargame (set WARGAME_LIBRARY to its path); tried: %s"
                      % ("; ".join(errors) or "nothing found"))


lib, library_path = load_library()
_missing = _ffi.bind(lib)
if _missing:
    raise ImportError("wargame: %s lacks %d symbol(s) the bindings expect: %s"
                      % (library_path, len(_missing), ", ".join(_missing)))


class WargameError(Exception):
    """A libwargame call failed: `status` (a Status), `message` (the library's words), `function`."""

    def __init__(self, status, message="", function=""):
        try:
            status = _ffi.Status(status)
        except ValueError:
            pass
        self.status = status
        self.message = message
        self.function = function
        name = status.name if isinstance(status, _ffi.Status) else str(status)
        super().__init__("%s: WG_%s: %s" % (function or "wargame", name, message or status_str(int(status))))


class ClosedError(WargameError, ValueError):
    """The handle was closed (or the object it was borrowed from was)."""

    def __init__(self, what, function=""):
        super().__init__(_ffi.Status.EINVAL, "%s is closed" % what, function)


def status_str(status):
    s = lib.wg_status_str(int(status))
    return s.decode("utf-8", "replace") if s is not None else ""


_FUNCS = _ffi.FUNCTIONS
_ERRMSG = {t: t + "_errmsg" for t in _ffi.HANDLE_TYPES if t + "_errmsg" in _FUNCS}

# Python class for each handle type (filled by the API module).
HANDLE_CLASSES = {}


def _decode(b):
    return None if b is None else b.decode("utf-8", "replace")


def _encode(s, fname, pname):
    if s is None:
        return None
    if isinstance(s, str):
        return s.encode("utf-8")
    if isinstance(s, (bytes, bytearray, memoryview)):
        return bytes(s)
    raise TypeError("%s: %s must be str, bytes or None, not %s" % (fname, pname, type(s).__name__))


def errmsg_of(obj):
    """The last error message kept by a handle object ('' when it keeps none)."""
    fn = _ERRMSG.get(obj._wg_type)
    if fn is None or obj._ptr is None:
        return ""
    return _decode(getattr(lib, fn)(obj._ptr)) or ""


def _make_callback(cbname, func, errors):
    cbtype, _rk, params, _doc = _ffi.CALLBACKS[cbname]
    outs = [i for i, (_n, k) in enumerate(params) if k.startswith("out:")]
    ins = [i for i, (_n, k) in enumerate(params) if k.startswith("in:")]

    def trampoline(*args):
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


def call(fname, args, owner=None, caps=None):
    """Calls libwargame function `fname` with the inputs `args` (handles as objects).

    Returns (results, wrapped-handles): results are the outputs in parameter
    order, arrays grouped as lists (tuples per element when several arrays
    share a cap); raises WargameError on a negative status."""
    res_t, arg_t, ret_kind, params, _own, _doc = _FUNCS[fname]
    fn = getattr(lib, fname)
    inputs = [i for i, (_n, k) in enumerate(params) if not _is_out(k)]
    if len(args) != len(inputs):
        raise TypeError("%s takes %d argument(s) (%s), %d given" % (
            fname, len(inputs), ", ".join(params[i][0] for i in inputs), len(args)))
    cvals = [None] * len(params)
    handle_objs = []
    cb_errors = []
    keep = []
    for i, a in zip(inputs, args):
        pname, kind = params[i]
        if kind.startswith("h:"):
            t = kind[2:]
            if a is None:
                cvals[i] = None
                continue
            if getattr(a, "_wg_type", None) != t:
                raise TypeError("%s: %s must be a %s handle, not %s" % (fname, pname, t, type(a).__name__))
            cvals[i] = a._check(fname)
            handle_objs.append(a)
        elif kind == "str":
            cvals[i] = _encode(a, fname, pname)
        elif kind == "ptr":
            cvals[i] = a
        elif kind.startswith("cb:"):
            if a is None:
                cvals[i] = _ffi.CALLBACKS[kind[3:]][0]()
            elif isinstance(a, ctypes._CFuncPtr):
                cvals[i] = a
            elif callable(a):
                cb = _make_callback(kind[3:], a, cb_errors)
                keep.append(cb)
                cvals[i] = cb
            else:
                raise TypeError("%s: %s must be callable or None" % (fname, pname))
        elif kind.startswith("in:"):
            if isinstance(a, bool) or not isinstance(a, (int, float)) and not hasattr(a, "__index__"):
                if not isinstance(a, bool):
                    raise TypeError("%s: %s must be a number, not %s" % (fname, pname, type(a).__name__))
            cvals[i] = a
        else:  # pragma: no cover
            raise TypeError("%s: cannot pass %s" % (fname, kind))
    cap_i = next((i for i, (_n, k) in enumerate(params) if k == "cap"), None)
    count_i = next((i for i, (_n, k) in enumerate(params) if k == "count"), None)
    cap = (caps if caps is not None else 256) if cap_i is not None else 0
    while True:
        outs = {}
        for i, (pname, kind) in enumerate(params):
            if kind == "cap":
                cvals[i] = cap
            elif kind == "buf":
                b = ctypes.create_string_buffer(cap) if cap else None
                outs[i] = b
                cvals[i] = b
            elif kind.startswith("arr:"):
                ct = getattr(ctypes, _ffi_scalar(kind[4:]))
                b = (ct * cap)() if cap else None
                outs[i] = b
                cvals[i] = b
            elif kind.startswith("out:") or kind == "count":
                ct = ctypes.c_size_t if kind == "count" else getattr(ctypes, _ffi_scalar(kind[4:]))
                o = ct()
                outs[i] = o
                cvals[i] = ctypes.byref(o)
            elif kind == "outs":
                o = ctypes.c_char_p()
                outs[i] = o
                cvals[i] = ctypes.byref(o)
            elif kind.startswith(("outh:", "outhb:")):
                t = kind.split(":", 1)[1]
                o = ctypes.POINTER(getattr(_ffi, t))()
                outs[i] = o
                cvals[i] = ctypes.byref(o)
        rc = fn(*cvals)
        if cb_errors:
            raise cb_errors[0]
        if ret_kind != "status":
            break
        if rc == _ffi.WG_EBUFSIZE and count_i is not None and caps is None and outs[count_i].value >= cap:
            need = outs[count_i].value
            cap = need + 1
            continue
        break
    if ret_kind == "status" and rc < 0:
        msg = ""
        src = owner if owner is not None else (handle_objs[0] if handle_objs else None)
        if src is not None:
            msg = errmsg_of(src)
        raise WargameError(rc, msg or status_str(rc), fname)
    results = []
    arrays = []
    n = None
    if count_i is not None:
        n = min(outs[count_i].value, cap)
    for i, (pname, kind) in enumerate(params):
        if i not in outs or kind == "count":
            continue
        o = outs[i]
        if kind == "buf":
            if o is None:
                results.append(b"" if arg_t[i] is ctypes.c_void_p else "")
            elif arg_t[i] is ctypes.c_void_p:
                results.append(o.raw[:n if n is not None else cap])
            else:
                results.append(_decode(o.raw[:n if n is not None else cap].split(b"\0", 1)[0]))
        elif kind.startswith("arr:"):
            arrays.append(list(o[: (n if n is not None else cap)]) if o is not None else [])
            if len(arrays) == 1:
                results.append(_ArrayGroup(arrays))
        elif kind == "outs":
            results.append(_decode(o.value))
        elif kind.startswith("outh:"):
            results.append(_wrap(kind[5:], o, owned=True, args=args, params=params, inputs=inputs))
        elif kind.startswith("outhb:"):
            results.append(_wrap(kind[6:], o, owned=False, args=args, params=params, inputs=inputs))
        else:
            results.append(o.value)
    results = [r.value() if isinstance(r, _ArrayGroup) else r for r in results]
    if ret_kind == "str":
        results.insert(0, _decode(rc))
    elif ret_kind != "status" and ret_kind != "void":
        results.insert(0, rc)
    return results


class _ArrayGroup:
    def __init__(self, arrays):
        self.arrays = arrays

    def value(self):
        if len(self.arrays) == 1:
            return self.arrays[0]
        return list(zip(*self.arrays))


def _is_out(kind):
    return kind in ("buf", "cap", "count", "outs") or kind.startswith(("out:", "arr:", "outh:", "outhb:"))


_TOKEN_CT = {
    "char": "c_char", "schar": "c_byte", "uchar": "c_ubyte", "short": "c_short", "ushort": "c_ushort",
    "int": "c_int", "unsigned": "c_uint", "long": "c_long", "ulong": "c_ulong", "longlong": "c_longlong",
    "ulonglong": "c_ulonglong", "float": "c_float", "double": "c_double", "bool": "c_bool",
    "size_t": "c_size_t", "int8_t": "c_int8", "uint8_t": "c_uint8", "int16_t": "c_int16",
    "uint16_t": "c_uint16", "int32_t": "c_int32", "uint32_t": "c_uint32", "int64_t": "c_int64",
    "uint64_t": "c_uint64", "intptr_t": "c_ssize_t", "uintptr_t": "c_size_t",
}


def _ffi_scalar(tok):
    return _TOKEN_CT[tok]


def _wrap(t, ptr, owned, args, params, inputs):
    if not ptr:
        return None
    handles = [args[j] for j, i in enumerate(inputs) if params[i][1].startswith("h:") and args[j] is not None]
    parent = handles[0] if handles else None
    cls = HANDLE_CLASSES.get(t)
    if cls is None:
        raise TypeError("no Python class for handle type %s" % t)
    return cls._from_ptr(ptr, owned=owned, parent=parent)
