"""weakref: ref (native, _wick_weakref), WeakValueDictionary, WeakKeyDictionary and
WeakSet. A referent counts as dead once only weak references hold it; wick notices
that when a reference is used (r(), lookups, len, iteration), so callbacks run then
rather than at the moment of the last del. proxy and finalize are not written."""

import _wick_weakref

__all__ = ["ref", "ReferenceType", "getweakrefcount", "getweakrefs", "WeakValueDictionary",
           "WeakKeyDictionary", "WeakSet", "proxy", "finalize", "WeakMethod"]

ref = _wick_weakref.ref
ReferenceType = ref
getweakrefcount = _wick_weakref.getweakrefcount


def getweakrefs(obj):
    raise NotImplementedError("weakref.getweakrefs is not supported by wick")


def proxy(obj, callback=None):
    raise NotImplementedError("weakref.proxy is not supported by wick")


class finalize:
    def __init__(self, obj, func, *args, **kwargs):
        raise NotImplementedError("weakref.finalize is not supported by wick")


class WeakMethod:
    def __init__(self, meth, callback=None):
        raise NotImplementedError("weakref.WeakMethod is not supported by wick")


class WeakValueDictionary:
    """Mapping whose values are held weakly; entries go when their value dies."""

    def __init__(self, other=(), **kw):
        self._data = {}
        self.update(other, **kw)

    def _live(self):
        dead = [k for k, r in self._data.items() if r() is None]
        for k in dead:
            del self._data[k]
        return self._data

    def __getitem__(self, key):
        o = self._data[key]()
        if o is None:
            del self._data[key]
            raise KeyError(key)
        return o

    def __setitem__(self, key, value):
        self._data[key] = ref(value)

    def __delitem__(self, key):
        self._live()
        del self._data[key]

    def __contains__(self, key):
        r = self._data.get(key)
        return r is not None and r() is not None

    def __len__(self):
        return len(self._live())

    def __iter__(self):
        return iter(list(self._live()))

    def __repr__(self):
        return "<WeakValueDictionary>"

    def get(self, key, default=None):
        r = self._data.get(key)
        if r is None:
            return default
        o = r()
        return default if o is None else o

    def keys(self):
        return list(self._live())

    def values(self):
        return [r() for r in self._live().values()]

    def items(self):
        return [(k, r()) for k, r in self._live().items()]

    def pop(self, key, *default):
        r = self._data.pop(key, None)
        o = None if r is None else r()
        if o is None:
            if default:
                return default[0]
            raise KeyError(key)
        return o

    def setdefault(self, key, default=None):
        o = self.get(key)
        if o is None:
            self[key] = default
            return default
        return o

    def update(self, other=(), **kw):
        items = other.items() if hasattr(other, "items") else other
        for k, v in items:
            self[k] = v
        for k in kw:
            self[k] = kw[k]

    def clear(self):
        self._data.clear()

    def copy(self):
        return WeakValueDictionary(self.items())


class WeakKeyDictionary:
    """Mapping whose keys are held weakly; entries go when their key dies."""

    def __init__(self, dict=None):
        self._data = {}
        if dict is not None:
            self.update(dict)

    def _live(self):
        dead = [r for r in self._data if r() is None]
        for r in dead:
            del self._data[r]
        return self._data

    def __getitem__(self, key):
        return self._data[ref(key)]

    def __setitem__(self, key, value):
        self._data[ref(key)] = value

    def __delitem__(self, key):
        del self._data[ref(key)]

    def __contains__(self, key):
        try:
            r = ref(key)
        except TypeError:
            return False
        return r in self._data

    def __len__(self):
        return len(self._live())

    def __iter__(self):
        return iter([r() for r in list(self._live())])

    def __repr__(self):
        return "<WeakKeyDictionary>"

    def get(self, key, default=None):
        return self._data.get(ref(key), default)

    def keys(self):
        return [r() for r in self._live()]

    def values(self):
        return list(self._live().values())

    def items(self):
        return [(r(), v) for r, v in self._live().items()]

    def pop(self, key, *default):
        return self._data.pop(ref(key), *default)

    def setdefault(self, key, default=None):
        return self._data.setdefault(ref(key), default)

    def update(self, dict=None, **kwargs):
        if dict is not None:
            items = dict.items() if hasattr(dict, "items") else dict
            for k, v in items:
                self[k] = v
        if kwargs:
            self.update(kwargs)

    def clear(self):
        self._data.clear()


class WeakSet:
    """Set whose members are held weakly."""

    def __init__(self, data=None):
        self._data = {}
        if data is not None:
            for x in data:
                self.add(x)

    def _live(self):
        dead = [r for r in self._data if r() is None]
        for r in dead:
            del self._data[r]
        return self._data

    def add(self, item):
        self._data[ref(item)] = None

    def discard(self, item):
        self._data.pop(ref(item), None)

    def remove(self, item):
        del self._data[ref(item)]

    def __contains__(self, item):
        try:
            return ref(item) in self._data
        except TypeError:
            return False

    def __len__(self):
        return len(self._live())

    def __iter__(self):
        return iter([r() for r in list(self._live())])

    def __repr__(self):
        return "{%s}" % ", ".join([repr(x) for x in self])

    def clear(self):
        self._data.clear()
