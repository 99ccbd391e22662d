"""collections for wick: OrderedDict, defaultdict, Counter, namedtuple and deque.

OrderedDict, defaultdict and Counter are dict subclasses and namedtuple classes are
tuple subclasses, as in CPython, so isinstance checks, equality with plain dicts and
tuples, and unpacking behave the same. ChainMap, UserDict, UserList and UserString are
not provided (importing them raises ImportError naming them)."""

import _wick_stdlib

__all__ = ["namedtuple", "deque", "defaultdict", "OrderedDict", "Counter"]

_KEYWORDS = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
    "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass",
    "raise", "return", "try", "while", "with", "yield",
}


def _class_name(obj):
    return type(obj).__name__


# ---- OrderedDict ----------------------------------------------------------------------

class _OrderedView:
    def __init__(self, kind, mapping):
        self._kind = kind
        self._mapping = mapping

    def _items(self):
        if self._kind == "keys":
            return list(dict.keys(self._mapping))
        if self._kind == "values":
            return list(dict.values(self._mapping))
        return list(dict.items(self._mapping))

    def __iter__(self):
        return iter(self._items())

    def __reversed__(self):
        return reversed(self._items())

    def __len__(self):
        return len(self._mapping)

    def __contains__(self, x):
        return x in self._items()

    def __eq__(self, other):
        if self._kind == "values":
            return self is other
        return set(self) == set(other)

    def __repr__(self):
        return "odict_%s(%r)" % (self._kind, self._items())


class OrderedDict(dict):
    """Dictionary that remembers insertion order (as every dict does) and adds
    order-aware equality, move_to_end and popitem(last=)."""

    def move_to_end(self, key, last=True):
        value = dict.pop(self, key)
        if last:
            dict.__setitem__(self, key, value)
            return
        rest = list(dict.items(self))
        dict.clear(self)
        dict.__setitem__(self, key, value)
        for k, v in rest:
            dict.__setitem__(self, k, v)

    def popitem(self, last=True):
        if not self:
            raise KeyError("dictionary is empty")
        keys = list(dict.keys(self))
        key = keys[-1] if last else keys[0]
        return key, dict.pop(self, key)

    def keys(self):
        return _OrderedView("keys", self)

    def values(self):
        return _OrderedView("values", self)

    def items(self):
        return _OrderedView("items", self)

    def __reversed__(self):
        return reversed(list(dict.keys(self)))

    def __reduce__(self):
        # CPython's: the class, no args, the instance dict (torch's state dicts carry
        # _metadata there) and the items, which pickle writes as SETITEMS.
        state = dict(vars(self)) or None
        return self.__class__, (), state, None, iter(list(dict.items(self)))

    def __eq__(self, other):
        if isinstance(other, OrderedDict):
            return dict.__eq__(self, other) and list(dict.keys(self)) == list(dict.keys(other))
        return dict.__eq__(self, other)

    def __ne__(self, other):
        result = self.__eq__(other)
        if result is NotImplemented:
            return result
        return not result

    __hash__ = None

    def copy(self):
        return self.__class__(self)

    def __copy__(self):
        return self.copy()

    @classmethod
    def fromkeys(cls, iterable, value=None):
        result = cls()
        for key in iterable:
            result[key] = value
        return result

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = self.__class__(self)
        result.update(other)
        return result

    def __ror__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = self.__class__(other)
        result.update(self)
        return result

    def __ior__(self, other):
        self.update(other)
        return self

    def __repr__(self):
        if not self:
            return "%s()" % (_class_name(self),)
        return "%s(%r)" % (_class_name(self), list(dict.items(self)))


# ---- defaultdict ----------------------------------------------------------------------

class defaultdict(dict):
    """dict whose missing keys are filled by calling default_factory()."""

    def __init__(self, default_factory=None, *args, **kwargs):
        if default_factory is not None and not callable(default_factory):
            raise TypeError("first argument must be callable or None")
        dict.__init__(self, *args, **kwargs)
        self.default_factory = default_factory

    def __missing__(self, key):
        if self.default_factory is None:
            raise KeyError(key)
        value = self.default_factory()
        self[key] = value
        return value

    def copy(self):
        return self.__class__(self.default_factory, self)

    def __copy__(self):
        return self.copy()

    def __or__(self, other):
        if not isinstance(other, dict):
            return NotImplemented
        result = self.copy()
        result.update(other)
        return result

    def __repr__(self):
        return "%s(%r, %s)" % (_class_name(self), self.default_factory, dict.__repr__(self))


# ---- Counter --------------------------------------------------------------------------

def _count_of(item):
    return item[1]


class Counter(dict):
    """dict subclass for counting hashable items."""

    def __init__(self, iterable=None, /, **kwds):
        dict.__init__(self)
        self.update(iterable, **kwds)

    def __missing__(self, key):
        return 0

    def total(self):
        return sum(self.values())

    def most_common(self, n=None):
        ordered = sorted(self.items(), key=_count_of, reverse=True)
        if n is None:
            return ordered
        return ordered[:max(n, 0)]

    def elements(self):
        for elem, count in self.items():
            for _ in range(count):
                yield elem

    @classmethod
    def fromkeys(cls, iterable, v=None):
        raise NotImplementedError(
            "Counter.fromkeys() is undefined.  Use Counter(iterable) instead.")

    def update(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                if self:
                    for elem, count in iterable.items():
                        self[elem] = count + self.get(elem, 0)
                else:
                    dict.update(self, iterable)
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) + 1
        if kwds:
            self.update(kwds)

    def subtract(self, iterable=None, /, **kwds):
        if iterable is not None:
            if isinstance(iterable, dict):
                for elem, count in iterable.items():
                    self[elem] = self.get(elem, 0) - count
            else:
                for elem in iterable:
                    self[elem] = self.get(elem, 0) - 1
        if kwds:
            self.subtract(kwds)

    def copy(self):
        return self.__class__(self)

    def __delitem__(self, elem):
        if elem in self:
            dict.__delitem__(self, elem)

    def __repr__(self):
        if not self:
            return "%s()" % (_class_name(self),)
        try:
            shown = dict(self.most_common())
        except TypeError:
            shown = dict(self)
        return "%s(%r)" % (_class_name(self), shown)

    def __eq__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return all(self[e] == other[e] for c in (self, other) for e in c)

    def __ne__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        return not self == other

    __hash__ = None

    def _keep_positive(self):
        for elem in [e for e, count in self.items() if not count > 0]:
            dict.__delitem__(self, elem)
        return self

    def __add__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            total = count + other[elem]
            if total > 0:
                result[elem] = total
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __sub__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            diff = count - other[elem]
            if diff > 0:
                result[elem] = diff
        for elem, count in other.items():
            if elem not in self and count < 0:
                result[elem] = 0 - count
        return result

    def __or__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            new = other_count if count < other_count else count
            if new > 0:
                result[elem] = new
        for elem, count in other.items():
            if elem not in self and count > 0:
                result[elem] = count
        return result

    def __and__(self, other):
        if not isinstance(other, Counter):
            return NotImplemented
        result = Counter()
        for elem, count in self.items():
            other_count = other[elem]
            new = count if count < other_count else other_count
            if new > 0:
                result[elem] = new
        return result

    def __pos__(self):
        result = Counter()
        for elem, count in self.items():
            if count > 0:
                result[elem] = count
        return result

    def __neg__(self):
        result = Counter()
        for elem, count in self.items():
            if count < 0:
                result[elem] = 0 - count
        return result

    def __iadd__(self, other):
        for elem, count in other.items():
            self[elem] += count
        return self._keep_positive()

    def __isub__(self, other):
        for elem, count in other.items():
            self[elem] -= count
        return self._keep_positive()


# ---- namedtuple -----------------------------------------------------------------------

def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _quoted_list(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _bind_arguments(qualname, names, defaults, args, kwargs):
    """Binds args/kwargs to `names` like a def with those parameters (defaults: a dict
    of name -> value); raises TypeError with CPython's messages, counting self."""
    if len(args) > len(names):
        most = len(names) + 1
        least = most - len(defaults)
        if least == most:
            takes = _plural(most, "positional argument")
        else:
            takes = "from %d to %d positional arguments" % (least, most)
        given = len(args) + 1
        raise TypeError("%s() takes %s but %d %s given"
                        % (qualname, takes, given, "was" if given == 1 else "were"))
    values = dict(zip(names, args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (qualname, key))
        if key in values:
            raise TypeError("%s() got multiple values for argument '%s'" % (qualname, key))
        values[key] = value
    missing = [n for n in names if n not in values and n not in defaults]
    if missing:
        raise TypeError("%s() missing %s: %s"
                        % (qualname, _plural(len(missing), "required positional argument"),
                           _quoted_list(missing)))
    return [values[n] if n in values else defaults[n] for n in names]


def _field_property(index):
    def get(self):
        return self[index]
    return property(get, doc="Alias for field number %d" % index)


def namedtuple(typename, field_names, *, rename=False, defaults=None, module=None):
    """Returns a new tuple subclass named typename with fields accessible by name."""
    if isinstance(field_names, str):
        field_names = field_names.replace(",", " ").split()
    field_names = list(map(str, field_names))
    typename = str(typename)
    if rename:
        seen = set()
        for index, name in enumerate(field_names):
            if (not name.isidentifier() or name in _KEYWORDS or name.startswith("_")
                    or name in seen):
                field_names[index] = "_%d" % index
            seen.add(name)
    for name in [typename] + field_names:
        if type(name) is not str:
            raise TypeError("Type names and field names must be strings")
        if not name.isidentifier():
            raise ValueError("Type names and field names must be valid identifiers: %r" % (name,))
        if name in _KEYWORDS:
            raise ValueError("Type names and field names cannot be a keyword: %r" % (name,))
    seen = set()
    for name in field_names:
        if name.startswith("_") and not rename:
            raise ValueError("Field names cannot start with an underscore: %r" % (name,))
        if name in seen:
            raise ValueError("Encountered duplicate field name: %r" % (name,))
        seen.add(name)
    field_defaults = {}
    if defaults is not None:
        defaults = tuple(defaults)
        if len(defaults) > len(field_names):
            raise TypeError("Got more default values than field names")
        for name, value in zip(field_names[len(field_names) - len(defaults):], defaults):
            field_defaults[name] = value
    fields = tuple(field_names)
    num_fields = len(fields)
    new_qualname = typename + ".__new__"

    def __new__(_cls, *args, **kwargs):
        return tuple.__new__(_cls, _bind_arguments(new_qualname, fields, field_defaults,
                                                   args, kwargs))

    __new__.__qualname__ = new_qualname
    __new__.__doc__ = "Create new instance of %s(%s)" % (typename, ", ".join(fields))

    def _make(cls, iterable):
        result = tuple.__new__(cls, iterable)
        if len(result) != num_fields:
            raise TypeError("Expected %d arguments, got %d" % (num_fields, len(result)))
        return result

    def _replace(self, /, **kwds):
        result = self._make([kwds.pop(name, value) for name, value in zip(fields, self)])
        if kwds:
            raise ValueError("Got unexpected field names: %r" % (list(kwds),))
        return result

    def __repr__(self):
        return self.__class__.__name__ + "(" + ", ".join(
            "%s=%r" % (name, value) for name, value in zip(fields, self)) + ")"

    def _asdict(self):
        return dict(zip(fields, self))

    def __getnewargs__(self):
        return tuple(self)

    namespace = {
        "__doc__": "%s(%s)" % (typename, ", ".join(fields)),
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": field_defaults,
        "__new__": __new__,
        "_make": classmethod(_make),
        "_replace": _replace,
        "__repr__": __repr__,
        "_asdict": _asdict,
        "__getnewargs__": __getnewargs__,
        "__match_args__": fields,
        "__qualname__": typename,
    }
    for index, name in enumerate(fields):
        namespace[name] = _field_property(index)
    if module is None:
        module = _wick_stdlib.caller_module(1)
    if module is not None:
        namespace["__module__"] = module
    return type(typename, (tuple,), namespace)


# ---- deque ----------------------------------------------------------------------------

class deque:
    """Double-ended queue with an optional maximum length (a list underneath)."""

    def __init__(self, iterable=(), maxlen=None):
        if maxlen is not None:
            if not isinstance(maxlen, int):
                raise TypeError("an integer is required")
            if maxlen < 0:
                raise ValueError("maxlen must be non-negative")
        self._maxlen = maxlen
        self._items = []
        self.extend(iterable)

    @property
    def maxlen(self):
        return self._maxlen

    def _trim_left(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[:len(self._items) - self._maxlen]

    def _trim_right(self):
        if self._maxlen is not None and len(self._items) > self._maxlen:
            del self._items[self._maxlen:]

    def append(self, x):
        self._items.append(x)
        self._trim_left()

    def appendleft(self, x):
        self._items.insert(0, x)
        self._trim_right()

    def extend(self, iterable):
        for x in list(iterable):
            self.append(x)

    def extendleft(self, iterable):
        for x in list(iterable):
            self.appendleft(x)

    def pop(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop()

    def popleft(self):
        if not self._items:
            raise IndexError("pop from an empty deque")
        return self._items.pop(0)

    def clear(self):
        self._items.clear()

    def copy(self):
        return deque(self._items, self._maxlen)

    def __copy__(self):
        return self.copy()

    def count(self, x):
        return self._items.count(x)

    def index(self, x, start=0, stop=None):
        end = len(self._items) if stop is None else stop
        for i in range(start, end):
            if self._items[i] == x:
                return i
        raise ValueError("%r is not in deque" % (x,))

    def insert(self, i, x):
        if self._maxlen is not None and len(self._items) >= self._maxlen:
            raise IndexError("deque already at its maximum size")
        self._items.insert(i, x)

    def remove(self, value):
        for i, item in enumerate(self._items):
            if item == value:
                del self._items[i]
                return
        raise ValueError("%r is not in deque" % (value,))

    def reverse(self):
        self._items.reverse()

    def rotate(self, n=1):
        if not self._items:
            return
        n = n % len(self._items)
        if n:
            self._items[:] = self._items[-n:] + self._items[:-n]

    def __len__(self):
        return len(self._items)

    def __bool__(self):
        return bool(self._items)

    def __iter__(self):
        return iter(self._items)

    def __reversed__(self):
        return reversed(self._items)

    def __contains__(self, x):
        return x in self._items

    def __getitem__(self, index):
        if not isinstance(index, int):
            raise TypeError("sequence index must be integer, not '%s'" % (type(index).__name__,))
        try:
            return self._items[index]
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __setitem__(self, index, value):
        try:
            self._items[index] = value
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __delitem__(self, index):
        try:
            del self._items[index]
        except IndexError:
            raise IndexError("deque index out of range") from None

    def __eq__(self, other):
        if not isinstance(other, deque):
            return NotImplemented
        return self._items == other._items

    __hash__ = None

    def __add__(self, other):
        if not isinstance(other, deque):
            raise TypeError('can only concatenate deque (not "%s") to deque'
                            % (type(other).__name__,))
        return deque(self._items + other._items, self._maxlen)

    def __iadd__(self, other):
        self.extend(other)
        return self

    def __repr__(self):
        if self._maxlen is None:
            return "deque(%r)" % (self._items,)
        return "deque(%r, maxlen=%d)" % (self._items, self._maxlen)
