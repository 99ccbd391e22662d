"""pickle.Unpickler for wick (imported by pickle.py): reads protocols 0 to 5 with
CPython's error texts. find_class and persistent_load are the hooks subclasses
override (torch.load restricts the first and supplies the second). In-memory streams
(io.BytesIO, binary files, which wick reads whole) are read through their buffer
directly; other file objects through read() and readline()."""

import io
import struct
import sys

import _wick_stdlib
import pickle as _p

__all__ = ["Unpickler"]

_MARK = object()  # the mark on the stack of marks' owner lists

# Old module names protocol 0-2 pickles written by Python 2 may carry.
_NAME_MAPPING = {("__builtin__", "xrange"): ("builtins", "range"),
                 ("__builtin__", "reduce"): ("functools", "reduce"),
                 ("__builtin__", "intern"): ("sys", "intern"),
                 ("__builtin__", "unichr"): ("builtins", "chr"),
                 ("__builtin__", "unicode"): ("builtins", "str"),
                 ("__builtin__", "long"): ("builtins", "int"),
                 ("__builtin__", "basestring"): ("builtins", "str"),
                 ("itertools", "izip"): ("builtins", "zip"),
                 ("itertools", "imap"): ("builtins", "map"),
                 ("itertools", "ifilter"): ("builtins", "filter")}
_IMPORT_MAPPING = {"__builtin__": "builtins", "copy_reg": "copyreg", "UserDict": "collections",
                   "UserList": "collections", "UserString": "collections"}


class Unpickler:
    def __init__(self, file, *, fix_imports=True, encoding="ASCII", errors="strict",
                 buffers=None):
        self._file = file
        if isinstance(file, io._BinaryBase):
            self._data = file._buf
            self._pos = file._pos
        else:
            if not hasattr(file, "read") or not hasattr(file, "readline"):
                raise TypeError("file must have 'read' and 'readline' attributes")
            self._data = None
            self._pos = 0
        self.memo = {}
        self.encoding = encoding
        self.errors = errors
        self.proto = 0
        self.fix_imports = fix_imports

    # ---- reading -----------------------------------------------------------------------
    def _read(self, n):
        if self._data is None:
            b = self._file.read(n)
            if len(b) < n:
                raise _p.UnpicklingError("pickle data was truncated")
            return b
        end = self._pos + n
        if end > len(self._data):
            raise _p.UnpicklingError("pickle data was truncated")
        b = bytes(self._data[self._pos:end])
        self._pos = end
        return b

    def _readline(self):
        if self._data is None:
            line = self._file.readline()
        else:
            end = self._data.find(b"\n", self._pos)
            end = len(self._data) if end < 0 else end + 1
            line = bytes(self._data[self._pos:end])
            self._pos = end
        if not line.endswith(b"\n"):
            raise _p.UnpicklingError("pickle data was truncated")
        return line

    def _read_byte(self):
        if self._data is None:
            b = self._file.read(1)
            if not b:
                return -1
            return b[0]
        if self._pos >= len(self._data):
            return -1
        c = self._data[self._pos]
        self._pos += 1
        return c

    # ---- the machine -------------------------------------------------------------------
    def load(self):
        if not hasattr(self, "_file"):
            raise _p.UnpicklingError("Unpickler.__init__() was not called by %s.__init__()"
                                     % type(self).__name__)
        self.metastack = []
        self.stack = []
        self.append = self.stack.append
        dispatch = _DISPATCH
        try:
            while True:
                key = self._read_byte()
                if key < 0:
                    raise EOFError("Ran out of input")
                f = dispatch[key]
                if f is None:
                    raise _p.UnpicklingError("invalid load key, '%s'." % _key_text(key))
                f(self)
        except _Stop as stop:
            return stop.value
        finally:
            if self._data is not None:
                self._file._pos = self._pos

    def pop_mark(self):
        items = self.stack
        if not self.metastack:
            raise _p.UnpicklingError("could not find MARK")
        self.stack = self.metastack.pop()
        self.append = self.stack.append
        return items

    def _pop(self):
        if not self.stack:
            raise _p.UnpicklingError("unpickling stack underflow")
        return self.stack.pop()

    def _top(self):
        if not self.stack:
            raise _p.UnpicklingError("unpickling stack underflow")
        return self.stack[-1]

    def persistent_load(self, pid):
        raise _p.UnpicklingError("A load persistent id instruction was encountered,\n"
                                 "but no persistent_load function was specified.")

    def find_class(self, module, name):
        if self.proto < 3 and self.fix_imports:
            if (module, name) in _NAME_MAPPING:
                module, name = _NAME_MAPPING[(module, name)]
            elif module == "exceptions":
                module = "builtins"
            else:
                module = _IMPORT_MAPPING.get(module, module)
        if module in ("_codecs", "codecs") and name == "encode":
            return _p._codecs_encode
        if module == "copyreg" and name == "__newobj__":
            return _p._newobj
        if module == "copyreg" and name == "_reconstructor":
            return _reconstructor
        obj = _wick_stdlib.import_module(module)
        mod = obj
        parts = name.split(".") if self.proto >= 4 else [name]
        for part in parts:
            try:
                obj = getattr(obj, part)
            except AttributeError:
                raise AttributeError("Can't get attribute %r on %r" % (name, mod))
        return obj

    def _decode_string(self, value):
        if self.encoding == "bytes":
            return value
        return value.decode(self.encoding, self.errors)


def _reconstructor(cls, base, state):
    if base is object:
        return object.__new__(cls)
    obj = base.__new__(cls, state)
    if base.__init__ != object.__init__:
        base.__init__(obj, state)
    return obj


class _Stop(Exception):
    def __init__(self, value):
        self.value = value


def _key_text(key):
    if 32 <= key < 127:
        return chr(key)
    return "\\x%02x" % key


def _load_proto(u):
    proto = u._read(1)[0]
    if not 0 <= proto <= _p.HIGHEST_PROTOCOL:
        raise ValueError("unsupported pickle protocol: %d" % proto)
    u.proto = proto


def _load_frame(u):
    u._read(8)  # frames only group reads; wick reads the stream as it goes


def _load_persid(u):
    try:
        pid = u._readline()[:-1].decode("ascii")
    except UnicodeDecodeError:
        raise _p.UnpicklingError("persistent IDs in protocol 0 must be ASCII strings")
    u.append(u.persistent_load(pid))


def _load_binpersid(u):
    pid = u._pop()
    u.append(u.persistent_load(pid))


def _load_none(u):
    u.append(None)


def _load_false(u):
    u.append(False)


def _load_true(u):
    u.append(True)


def _load_int(u):
    data = u._readline()
    if data == b"00\n":
        val = False
    elif data == b"01\n":
        val = True
    else:
        val = int(data.decode("ascii").strip())
    u.append(val)


def _load_binint(u):
    u.append(struct.unpack("<i", u._read(4))[0])


def _load_binint1(u):
    u.append(u._read(1)[0])


def _load_binint2(u):
    u.append(struct.unpack("<H", u._read(2))[0])


def _load_long(u):
    val = u._readline()[:-1].decode("ascii")
    if val and val[-1] == "L":
        val = val[:-1]
    u.append(int(val))


def _load_long1(u):
    n = u._read(1)[0]
    u.append(_p._decode_long(u._read(n)))


def _load_long4(u):
    n = struct.unpack("<i", u._read(4))[0]
    if n < 0:
        raise _p.UnpicklingError("LONG pickle has negative byte count")
    u.append(_p._decode_long(u._read(n)))


def _load_float(u):
    u.append(float(u._readline()[:-1].decode("ascii")))


def _load_binfloat(u):
    u.append(struct.unpack(">d", u._read(8))[0])


def _load_string(u):
    data = u._readline()[:-1]
    if len(data) >= 2 and data[0] == data[-1] and data[0] in b"\"'":
        data = data[1:-1]
    else:
        raise _p.UnpicklingError("the STRING opcode argument must be quoted")
    u.append(u._decode_string(_unescape(data)))


def _unescape(data):
    # Python 2 str reprs: \\, \', \", \n, \t, \r, \xhh.
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        c = data[i]
        if c == 92 and i + 1 < n:
            e = data[i + 1]
            simple = {110: 10, 116: 9, 114: 13, 92: 92, 39: 39, 34: 34, 48: 0}
            if e == 120 and i + 3 < n:
                out.append(int(bytes(data[i + 2:i + 4]).decode("ascii"), 16))
                i += 4
                continue
            if e in simple:
                out.append(simple[e])
                i += 2
                continue
        out.append(c)
        i += 1
    return bytes(out)


def _load_binstring(u):
    n = struct.unpack("<i", u._read(4))[0]
    if n < 0:
        raise _p.UnpicklingError("BINSTRING pickle has negative byte count")
    u.append(u._decode_string(u._read(n)))


def _load_short_binstring(u):
    n = u._read(1)[0]
    u.append(u._decode_string(u._read(n)))


def _load_unicode(u):
    u.append(u._readline()[:-1].decode("latin-1"))


def _load_binunicode(u):
    n = struct.unpack("<I", u._read(4))[0]
    u.append(u._read(n).decode("utf-8"))


def _load_binunicode8(u):
    n = struct.unpack("<Q", u._read(8))[0]
    u.append(u._read(n).decode("utf-8"))


def _load_short_binunicode(u):
    n = u._read(1)[0]
    u.append(u._read(n).decode("utf-8"))


def _load_binbytes(u):
    n = struct.unpack("<I", u._read(4))[0]
    u.append(u._read(n))


def _load_binbytes8(u):
    n = struct.unpack("<Q", u._read(8))[0]
    u.append(u._read(n))


def _load_short_binbytes(u):
    n = u._read(1)[0]
    u.append(u._read(n))


def _load_bytearray8(u):
    n = struct.unpack("<Q", u._read(8))[0]
    u.append(bytearray(u._read(n)))


def _load_tuple(u):
    items = u.pop_mark()
    u.append(tuple(items))


def _load_empty_tuple(u):
    u.append(())


def _load_tuple1(u):
    u.stack[-1] = (u._top(),)


def _load_tuple2(u):
    if len(u.stack) < 2:
        raise _p.UnpicklingError("unpickling stack underflow")
    u.stack[-2:] = [(u.stack[-2], u.stack[-1])]


def _load_tuple3(u):
    if len(u.stack) < 3:
        raise _p.UnpicklingError("unpickling stack underflow")
    u.stack[-3:] = [(u.stack[-3], u.stack[-2], u.stack[-1])]


def _load_empty_list(u):
    u.append([])


def _load_empty_dict(u):
    u.append({})


def _load_empty_set(u):
    u.append(set())


def _load_frozenset(u):
    items = u.pop_mark()
    u.append(frozenset(items))


def _load_list(u):
    items = u.pop_mark()
    u.append(items)


def _load_dict(u):
    items = u.pop_mark()
    d = {}
    for i in range(0, len(items), 2):
        d[items[i]] = items[i + 1]
    u.append(d)


def _instantiate(u, klass, args):
    if args or not isinstance(klass, type) or hasattr(klass, "__getinitargs__"):
        value = klass(*args)
    else:
        value = klass.__new__(klass)
    u.append(value)


def _load_inst(u):
    module = u._readline()[:-1].decode("ascii")
    name = u._readline()[:-1].decode("ascii")
    klass = u.find_class(module, name)
    _instantiate(u, klass, u.pop_mark())


def _load_obj(u):
    args = u.pop_mark()
    cls = args.pop(0)
    _instantiate(u, cls, args)


def _load_newobj(u):
    args = u._pop()
    cls = u._pop()
    if not isinstance(cls, type):
        raise _p.UnpicklingError("NEWOBJ class argument isn't a type object")
    if not isinstance(args, tuple):
        raise _p.UnpicklingError("NEWOBJ args argument isn't a tuple")
    u.append(cls.__new__(cls, *args))


def _load_newobj_ex(u):
    kwargs = u._pop()
    args = u._pop()
    cls = u._pop()
    u.append(cls.__new__(cls, *args, **kwargs))


def _load_global(u):
    module = u._readline()[:-1].decode("utf-8")
    name = u._readline()[:-1].decode("utf-8")
    u.append(u.find_class(module, name))


def _load_stack_global(u):
    name = u._pop()
    module = u._pop()
    if type(name) is not str or type(module) is not str:
        raise _p.UnpicklingError("STACK_GLOBAL requires str")
    u.append(u.find_class(module, name))


def _load_ext(u):
    raise _p.UnpicklingError("pickle extension codes (EXT1/2/4) are not supported by wick")


def _load_reduce(u):
    args = u._pop()
    func = u._top()
    if not isinstance(args, tuple):
        raise _p.UnpicklingError("REDUCE args argument isn't a tuple")
    u.stack[-1] = func(*args)


def _load_pop(u):
    if u.stack:
        u.stack.pop()
    else:
        u.pop_mark()


def _load_pop_mark(u):
    u.pop_mark()


def _load_dup(u):
    u.append(u._top())


def _memo_get(u, i):
    if i not in u.memo:
        raise _p.UnpicklingError("Memo value not found at index %d" % i)
    u.append(u.memo[i])


def _load_get(u):
    _memo_get(u, int(u._readline()[:-1].decode("ascii")))


def _load_binget(u):
    _memo_get(u, u._read(1)[0])


def _load_long_binget(u):
    _memo_get(u, struct.unpack("<I", u._read(4))[0])


def _load_put(u):
    i = int(u._readline()[:-1].decode("ascii"))
    if i < 0:
        raise ValueError("negative PUT argument")
    u.memo[i] = u._top()


def _load_binput(u):
    u.memo[u._read(1)[0]] = u._top()


def _load_long_binput(u):
    i = struct.unpack("<I", u._read(4))[0]
    u.memo[i] = u._top()


def _load_memoize(u):
    u.memo[len(u.memo)] = u._top()


def _load_append(u):
    value = u._pop()
    u._top().append(value)


def _load_appends(u):
    items = u.pop_mark()
    list_obj = u._top()
    if isinstance(list_obj, list):
        list_obj.extend(items)
    else:
        for item in items:
            list_obj.append(item)


def _load_setitem(u):
    value = u._pop()
    key = u._pop()
    u._top()[key] = value


def _load_setitems(u):
    items = u.pop_mark()
    d = u._top()
    for i in range(0, len(items), 2):
        d[items[i]] = items[i + 1]


def _load_additems(u):
    items = u.pop_mark()
    s = u._top()
    if isinstance(s, set):
        s.update(items)
    else:
        for item in items:
            s.add(item)


def _load_build(u):
    state = u._pop()
    inst = u._top()
    setstate = getattr(inst, "__setstate__", None)
    if setstate is not None:
        setstate(state)
        return
    slotstate = None
    if isinstance(state, tuple) and len(state) == 2:
        state, slotstate = state
    if state:
        inst_dict = inst.__dict__
        for k, v in state.items():
            if type(k) is str:
                k = sys.intern(k) if hasattr(sys, "intern") else k
            inst_dict[k] = v
    if slotstate:
        for k, v in slotstate.items():
            setattr(inst, k, v)


def _load_mark(u):
    u.metastack.append(u.stack)
    u.stack = []
    u.append = u.stack.append


def _load_stop(u):
    raise _Stop(u._pop())


_DISPATCH = [None] * 256
for _op, _fn in [
        (_p.PROTO, _load_proto), (_p.FRAME, _load_frame), (_p.PERSID, _load_persid),
        (_p.BINPERSID, _load_binpersid), (_p.NONE, _load_none), (_p.NEWFALSE, _load_false),
        (_p.NEWTRUE, _load_true), (_p.INT, _load_int), (_p.BININT, _load_binint),
        (_p.BININT1, _load_binint1), (_p.BININT2, _load_binint2), (_p.LONG, _load_long),
        (_p.LONG1, _load_long1), (_p.LONG4, _load_long4), (_p.FLOAT, _load_float),
        (_p.BINFLOAT, _load_binfloat), (_p.STRING, _load_string),
        (_p.BINSTRING, _load_binstring), (_p.SHORT_BINSTRING, _load_short_binstring),
        (_p.UNICODE, _load_unicode), (_p.BINUNICODE, _load_binunicode),
        (_p.BINUNICODE8, _load_binunicode8), (_p.SHORT_BINUNICODE, _load_short_binunicode),
        (_p.BINBYTES, _load_binbytes), (_p.BINBYTES8, _load_binbytes8),
        (_p.SHORT_BINBYTES, _load_short_binbytes), (_p.BYTEARRAY8, _load_bytearray8),
        (_p.TUPLE, _load_tuple), (_p.EMPTY_TUPLE, _load_empty_tuple), (_p.TUPLE1, _load_tuple1),
        (_p.TUPLE2, _load_tuple2), (_p.TUPLE3, _load_tuple3), (_p.EMPTY_LIST, _load_empty_list),
        (_p.EMPTY_DICT, _load_empty_dict), (_p.EMPTY_SET, _load_empty_set),
        (_p.FROZENSET, _load_frozenset), (_p.LIST, _load_list), (_p.DICT, _load_dict),
        (_p.INST, _load_inst), (_p.OBJ, _load_obj), (_p.NEWOBJ, _load_newobj),
        (_p.NEWOBJ_EX, _load_newobj_ex), (_p.GLOBAL, _load_global),
        (_p.STACK_GLOBAL, _load_stack_global), (_p.EXT1, _load_ext), (_p.EXT2, _load_ext),
        (_p.EXT4, _load_ext), (_p.REDUCE, _load_reduce), (_p.POP, _load_pop),
        (_p.POP_MARK, _load_pop_mark), (_p.DUP, _load_dup), (_p.GET, _load_get),
        (_p.BINGET, _load_binget), (_p.LONG_BINGET, _load_long_binget), (_p.PUT, _load_put),
        (_p.BINPUT, _load_binput), (_p.LONG_BINPUT, _load_long_binput),
        (_p.MEMOIZE, _load_memoize), (_p.APPEND, _load_append), (_p.APPENDS, _load_appends),
        (_p.SETITEM, _load_setitem), (_p.SETITEMS, _load_setitems),
        (_p.ADDITEMS, _load_additems), (_p.BUILD, _load_build), (_p.MARK, _load_mark),
        (_p.STOP, _load_stop)]:
    _DISPATCH[_op[0]] = _fn
