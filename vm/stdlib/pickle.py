"""pickle for wick: Pickler/Unpickler, dump/dumps/load/loads.

Writes protocols 2 to 4 (default 4, CPython's default, with its framing) and reads
protocols 0 to 5. Covers None, bools, ints (wick's 64-bit range), floats, str, bytes,
bytearray, tuples, lists, dicts, sets, frozensets, classes and functions by reference,
and other objects through __reduce_ex__/__reduce__ or their __dict__ (copyreg's
protocol-2 rules). persistent_id / persistent_load and find_class are the hooks
torch.save / torch.load use. Opcodes are written as CPython's pickle module writes
them, so dumps() gives the same bytes."""

import io
import struct
import sys

__all__ = ["PickleError", "PicklingError", "UnpicklingError", "Pickler", "Unpickler",
           "dump", "dumps", "load", "loads", "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL"]

HIGHEST_PROTOCOL = 5
DEFAULT_PROTOCOL = 4


class PickleError(Exception):
    pass


class PicklingError(PickleError):
    pass


class UnpicklingError(PickleError):
    pass


for _c in (PickleError, PicklingError, UnpicklingError):
    _c.__module__ = "_pickle"


# Opcodes (pickletools documents each).
MARK = b"("
STOP = b"."
POP = b"0"
POP_MARK = b"1"
DUP = b"2"
FLOAT = b"F"
INT = b"I"
BININT = b"J"
BININT1 = b"K"
LONG = b"L"
BININT2 = b"M"
NONE = b"N"
PERSID = b"P"
BINPERSID = b"Q"
REDUCE = b"R"
STRING = b"S"
BINSTRING = b"T"
SHORT_BINSTRING = b"U"
UNICODE = b"V"
BINUNICODE = b"X"
APPEND = b"a"
BUILD = b"b"
GLOBAL = b"c"
DICT = b"d"
EMPTY_DICT = b"}"
APPENDS = b"e"
GET = b"g"
BINGET = b"h"
INST = b"i"
LONG_BINGET = b"j"
LIST = b"l"
EMPTY_LIST = b"]"
OBJ = b"o"
PUT = b"p"
BINPUT = b"q"
LONG_BINPUT = b"r"
SETITEM = b"s"
TUPLE = b"t"
EMPTY_TUPLE = b")"
SETITEMS = b"u"
BINFLOAT = b"G"
PROTO = b"\x80"
NEWOBJ = b"\x81"
EXT1 = b"\x82"
EXT2 = b"\x83"
EXT4 = b"\x84"
TUPLE1 = b"\x85"
TUPLE2 = b"\x86"
TUPLE3 = b"\x87"
NEWTRUE = b"\x88"
NEWFALSE = b"\x89"
LONG1 = b"\x8a"
LONG4 = b"\x8b"
BINBYTES = b"B"
SHORT_BINBYTES = b"C"
SHORT_BINUNICODE = b"\x8c"
BINUNICODE8 = b"\x8d"
BINBYTES8 = b"\x8e"
EMPTY_SET = b"\x8f"
ADDITEMS = b"\x90"
FROZENSET = b"\x91"
NEWOBJ_EX = b"\x92"
STACK_GLOBAL = b"\x93"
MEMOIZE = b"\x94"
FRAME = b"\x95"
BYTEARRAY8 = b"\x96"

_FRAME_SIZE_MIN = 4
_FRAME_SIZE_TARGET = 64 * 1024
_BATCHSIZE = 1000


def _encode_long(x):
    """Two's complement little-endian bytes of x, as short as possible (LONG1's body)."""
    if x == 0:
        return b""
    nbytes = 1
    while nbytes < 8:  # every wick int fits in 8 bytes
        lo = -(1 << (8 * nbytes - 1))
        if lo <= x < -lo:
            break
        nbytes += 1
    return x.to_bytes(nbytes, "little", signed=True)


def _decode_long(data):
    return int.from_bytes(data, "little", signed=True)


class _Framer:
    def __init__(self, file_write):
        self.file_write = file_write
        self.current_frame = None

    def start_framing(self):
        self.current_frame = io.BytesIO()

    def end_framing(self):
        if self.current_frame is not None and self.current_frame.tell() > 0:
            self.commit_frame(force=True)
            self.current_frame = None

    def commit_frame(self, force=False):
        f = self.current_frame
        if f is not None and (f.tell() >= _FRAME_SIZE_TARGET or force):
            data = f.getvalue()
            if len(data) >= _FRAME_SIZE_MIN:
                self.file_write(FRAME + struct.pack("<Q", len(data)))
            self.file_write(data)
            self.current_frame = io.BytesIO()

    def write(self, data):
        if self.current_frame is not None:
            return self.current_frame.write(data)
        return self.file_write(data)


_FunctionType = type(_encode_long)
_BuiltinType = type(len)


def _whichmodule(obj, name):
    module = getattr(obj, "__module__", None)
    if module is None and isinstance(obj, _BuiltinType):
        module = "builtins"  # wick's builtin functions carry no __module__
    if module is None:
        module = "__main__"
    return module


class Pickler:
    def __init__(self, file, protocol=None, *, fix_imports=True, buffer_callback=None):
        if protocol is None:
            protocol = DEFAULT_PROTOCOL
        if protocol < 0:
            protocol = HIGHEST_PROTOCOL
        elif not 0 <= protocol <= HIGHEST_PROTOCOL:
            raise ValueError("pickle protocol must be <= %d" % HIGHEST_PROTOCOL)
        if protocol < 2:
            raise NotImplementedError("pickle protocol %d is not supported by wick for "
                                      "writing (2 to 5 are)" % protocol)
        try:
            self._file_write = file.write
        except AttributeError:
            raise TypeError("file must have a 'write' attribute")
        self.framer = _Framer(self._file_write)
        self.write = self.framer.write
        self.memo = {}
        self.proto = protocol
        self.bin = True
        self.fast = False
        self.fix_imports = fix_imports

    def clear_memo(self):
        self.memo.clear()

    def dump(self, obj):
        if self.proto >= 2:
            self.write(PROTO + struct.pack("<B", self.proto))
        if self.proto >= 4:
            self.framer.start_framing()
        self.save(obj)
        self.write(STOP)
        self.framer.end_framing()

    def memoize(self, obj):
        if self.fast:
            return
        idx = len(self.memo)
        self.write(self.put(idx))
        self.memo[id(obj)] = idx, obj

    def put(self, idx):
        if self.proto >= 4:
            return MEMOIZE
        if idx < 256:
            return BINPUT + struct.pack("<B", idx)
        return LONG_BINPUT + struct.pack("<I", idx)

    def get(self, i):
        if i < 256:
            return BINGET + struct.pack("<B", i)
        return LONG_BINGET + struct.pack("<I", i)

    def persistent_id(self, obj):
        return None

    def save(self, obj, save_persistent_id=True):
        self.framer.commit_frame()
        pid = self.persistent_id(obj)
        if pid is not None and save_persistent_id:
            self.save(pid, save_persistent_id=False)
            self.write(BINPERSID)
            return
        x = self.memo.get(id(obj))
        if x is not None:
            self.write(self.get(x[0]))
            return
        t = type(obj)
        f = self._dispatch.get(t)
        if f is not None:
            f(self, obj)
            return
        if isinstance(obj, (type, _FunctionType, _BuiltinType)):
            self.save_global(obj)
            return
        reduce = getattr(obj, "__reduce_ex__", None)
        rv = None
        if reduce is not None:
            try:
                rv = reduce(self.proto)
            except (TypeError, NotImplementedError):
                rv = None
        if rv is None:
            reduce = getattr(obj, "__reduce__", None)
            if reduce is not None:
                rv = reduce()
        if rv is None:
            if callable(obj) and hasattr(obj, "__qualname__"):
                self.save_global(obj)
                return
            rv = self._default_reduce(obj)
        if isinstance(rv, str):
            self.save_global(obj, rv)
            return
        if not isinstance(rv, tuple):
            raise PicklingError("%s must return string or tuple" % "__reduce__")
        if not 2 <= len(rv) <= 6:
            raise PicklingError("Tuple returned by %s must have two to six elements"
                                % "__reduce__")
        self.save_reduce(obj=obj, *rv)

    def _default_reduce(self, obj):
        # copyreg's protocol-2 reduction: cls.__new__(cls), then the instance dict.
        cls = type(obj)
        getnewargs = getattr(obj, "__getnewargs__", None)
        args = getnewargs() if getnewargs is not None else ()
        getstate = getattr(obj, "__getstate__", None)
        if getstate is not None and getattr(getstate, "__self__", None) is obj:
            state = getstate()
        else:
            state = getattr(obj, "__dict__", None) or None
        listitems = iter(obj) if isinstance(obj, list) else None
        dictitems = iter(obj.items()) if isinstance(obj, dict) else None
        return (_newobj, (cls,) + tuple(args), state, listitems, dictitems)

    def save_reduce(self, func, args, state=None, listitems=None, dictitems=None,
                    state_setter=None, obj=None):
        if not isinstance(args, tuple):
            raise PicklingError("args from save_reduce() must be a tuple")
        if not callable(func):
            raise PicklingError("func from save_reduce() must be callable")
        write = self.write
        if func is _newobj or getattr(func, "__name__", "") == "__newobj__":
            cls = args[0]
            self.save(cls)
            self.save(args[1:])
            write(NEWOBJ)
        else:
            self.save(func)
            self.save(args)
            write(REDUCE)
        if obj is not None:
            if id(obj) in self.memo:
                write(POP + self.get(self.memo[id(obj)][0]))
            else:
                self.memoize(obj)
        if listitems is not None:
            self._batch_appends(listitems)
        if dictitems is not None:
            self._batch_setitems(dictitems)
        if state is not None:
            if state_setter is None:
                self.save(state)
                write(BUILD)
            else:
                self.save(state_setter)
                self.save(obj)
                self.save(state)
                write(TUPLE2)
                write(REDUCE)
                write(POP)

    def save_none(self, obj):
        self.write(NONE)

    def save_bool(self, obj):
        self.write(NEWTRUE if obj else NEWFALSE)

    def save_long(self, obj):
        if obj >= 0:
            if obj <= 0xff:
                self.write(BININT1 + struct.pack("<B", obj))
                return
            if obj <= 0xffff:
                self.write(BININT2 + struct.pack("<H", obj))
                return
        if -0x80000000 <= obj <= 0x7fffffff:
            self.write(BININT + struct.pack("<i", obj))
            return
        encoded = _encode_long(obj)
        self.write(LONG1 + struct.pack("<B", len(encoded)) + encoded)

    def save_float(self, obj):
        self.write(BINFLOAT + struct.pack(">d", obj))

    def save_bytes(self, obj):
        if self.proto < 3:
            if not obj:
                self.save_reduce(bytes, (), obj=obj)
            else:
                self.save_reduce(_codecs_encode, (obj.decode("latin-1"), "latin1"), obj=obj)
            return
        n = len(obj)
        if n <= 0xff:
            self.write(SHORT_BINBYTES + struct.pack("<B", n) + obj)
        elif n > 0xffffffff and self.proto >= 4:
            self.write(BINBYTES8 + struct.pack("<Q", n) + obj)
        else:
            self.write(BINBYTES + struct.pack("<I", n) + obj)
        self.memoize(obj)

    def save_bytearray(self, obj):
        if self.proto < 5:
            if not obj:
                self.save_reduce(bytearray, (), obj=obj)
            else:
                self.save_reduce(bytearray, (bytes(obj),), obj=obj)
            return
        self.write(BYTEARRAY8 + struct.pack("<Q", len(obj)) + obj)
        self.memoize(obj)

    def save_str(self, obj):
        encoded = obj.encode("utf-8")
        n = len(encoded)
        if n <= 0xff and self.proto >= 4:
            self.write(SHORT_BINUNICODE + struct.pack("<B", n) + encoded)
        elif n > 0xffffffff and self.proto >= 4:
            self.write(BINUNICODE8 + struct.pack("<Q", n) + encoded)
        else:
            self.write(BINUNICODE + struct.pack("<I", n) + encoded)
        self.memoize(obj)

    def save_tuple(self, obj):
        if not obj:
            self.write(EMPTY_TUPLE)
            return
        n = len(obj)
        save = self.save
        memo = self.memo
        if n <= 3:
            for element in obj:
                save(element)
            if id(obj) in memo:
                self.write(POP * n + self.get(memo[id(obj)][0]))
            else:
                self.write((TUPLE1, TUPLE2, TUPLE3)[n - 1])
                self.memoize(obj)
            return
        self.write(MARK)
        for element in obj:
            save(element)
        if id(obj) in memo:
            self.write(POP_MARK + self.get(memo[id(obj)][0]))
            return
        self.write(TUPLE)
        self.memoize(obj)

    def save_list(self, obj):
        self.write(EMPTY_LIST)
        self.memoize(obj)
        self._batch_appends(obj)

    def _batch_appends(self, items):
        items = list(items)
        save = self.save
        write = self.write
        for start in range(0, len(items), _BATCHSIZE):
            batch = items[start:start + _BATCHSIZE]
            if len(batch) > 1:
                write(MARK)
                for x in batch:
                    save(x)
                write(APPENDS)
            else:
                save(batch[0])
                write(APPEND)
            self.framer.commit_frame()

    def save_dict(self, obj):
        self.write(EMPTY_DICT)
        self.memoize(obj)
        self._batch_setitems(iter(obj.items()))

    def _batch_setitems(self, items):
        items = list(items)
        save = self.save
        write = self.write
        for start in range(0, len(items), _BATCHSIZE):
            batch = items[start:start + _BATCHSIZE]
            if len(batch) > 1:
                write(MARK)
                for k, v in batch:
                    save(k)
                    save(v)
                write(SETITEMS)
            else:
                k, v = batch[0]
                save(k)
                save(v)
                write(SETITEM)
            self.framer.commit_frame()

    def save_set(self, obj):
        if self.proto < 4:
            self.save_reduce(set, (list(obj),), obj=obj)
            return
        self.write(EMPTY_SET)
        self.memoize(obj)
        items = list(obj)
        for start in range(0, len(items), _BATCHSIZE):
            self.write(MARK)
            for item in items[start:start + _BATCHSIZE]:
                self.save(item)
            self.write(ADDITEMS)
            self.framer.commit_frame()

    def save_frozenset(self, obj):
        if self.proto < 4:
            self.save_reduce(frozenset, (list(obj),), obj=obj)
            return
        self.write(MARK)
        for item in obj:
            self.save(item)
        if id(obj) in self.memo:
            self.write(POP_MARK + self.get(self.memo[id(obj)][0]))
            return
        self.write(FROZENSET)
        self.memoize(obj)

    def save_global(self, obj, name=None):
        if name is None:
            name = getattr(obj, "__qualname__", None) or obj.__name__
        module_name = _whichmodule(obj, name)
        if self.proto < 3:
            module_name, name = _python2_name(obj, module_name, name)
        if self.proto >= 4:
            self.save(module_name)
            self.save(name)
            self.write(STACK_GLOBAL)
        else:
            if "." in name:
                raise PicklingError("Can't pickle %r: nested names need protocol 4" % (obj,))
            self.write(GLOBAL + module_name.encode("utf-8") + b"\n" +
                       name.encode("utf-8") + b"\n")
        self.memoize(obj)

    _dispatch = {}


Pickler._dispatch = {
    type(None): Pickler.save_none, bool: Pickler.save_bool, int: Pickler.save_long,
    float: Pickler.save_float, bytes: Pickler.save_bytes, bytearray: Pickler.save_bytearray,
    str: Pickler.save_str, tuple: Pickler.save_tuple, list: Pickler.save_list,
    dict: Pickler.save_dict, set: Pickler.save_set, frozenset: Pickler.save_frozenset,
}


# Python 2 spellings protocol 0-2 pickles use for Python 3 names (CPython's table).
_PY2_BUILTINS = {"range": "xrange", "chr": "unichr", "str": "unicode", "int": "long"}
_PY2_ITERTOOLS = {"zip": "izip", "map": "imap", "filter": "ifilter"}
_PY2_OSERRORS = ("BrokenPipeError", "ChildProcessError", "ConnectionAbortedError",
                 "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
                 "FileExistsError", "FileNotFoundError", "InterruptedError",
                 "IsADirectoryError", "NotADirectoryError", "PermissionError",
                 "ProcessLookupError", "TimeoutError")


def _python2_name(obj, module, name):
    if module == "builtins":
        if name in _PY2_BUILTINS:
            return "__builtin__", _PY2_BUILTINS[name]
        if name in _PY2_ITERTOOLS:
            return "itertools", _PY2_ITERTOOLS[name]
        if isinstance(obj, type) and issubclass(obj, BaseException):
            if name in _PY2_OSERRORS:
                return "exceptions", "OSError"
            if name == "ModuleNotFoundError":
                return "exceptions", "ImportError"
            if name not in ("BlockingIOError", "ChildProcessError", "RecursionError",
                            "StopAsyncIteration", "ResourceWarning", "EncodingWarning"):
                return "exceptions", name
        return "__builtin__", name
    if module == "copyreg":
        return "copy_reg", name
    return module, name


def _newobj(cls, *args):
    return cls.__new__(cls, *args)


_newobj.__name__ = "__newobj__"
_newobj.__qualname__ = "__newobj__"
_newobj.__module__ = "copyreg"


def _codecs_encode(obj, encoding="utf-8", errors="strict"):
    return obj.encode(encoding, errors)


_codecs_encode.__name__ = "encode"
_codecs_encode.__qualname__ = "encode"
_codecs_encode.__module__ = "_codecs"

from _unpickle import Unpickler  # noqa: E402


def dump(obj, file, protocol=None, *, fix_imports=True, buffer_callback=None):
    Pickler(file, protocol, fix_imports=fix_imports).dump(obj)


def dumps(obj, protocol=None, *, fix_imports=True, buffer_callback=None):
    f = io.BytesIO()
    Pickler(f, protocol, fix_imports=fix_imports).dump(obj)
    return f.getvalue()


def load(file, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    return Unpickler(file, fix_imports=fix_imports, encoding=encoding,
                     errors=errors).load()


def loads(data, *, fix_imports=True, encoding="ASCII", errors="strict", buffers=None):
    if isinstance(data, str):
        raise TypeError("a bytes-like object is required, not 'str'")
    return Unpickler(io.BytesIO(data), fix_imports=fix_imports, encoding=encoding,
                     errors=errors).load()
