# torch._dynamo.utils: `counters`, upstream a defaultdict(Counter) keyed by category
# ("stats", "graph_break", ...). wick has no collections module, so two tiny classes
# give the parts programs use. M2 EAGER STAND-IN: nothing increments them until M3.


# A Counter-like mapping: missing keys read as 0.
class _Counter:
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        return self._data.get(key, 0)

    def __setitem__(self, key, value):
        self._data[key] = value

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def clear(self):
        self._data.clear()

    def total(self):
        return sum(self._data.values())

    def __repr__(self):
        if not self._data:
            return "Counter()"
        return f"Counter({self._data!r})"


# A defaultdict(Counter)-like mapping: a missing category reads as a new empty counter.
class _Counters:
    def __init__(self):
        self._data = {}

    def __getitem__(self, key):
        if key not in self._data:
            self._data[key] = _Counter()
        return self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __len__(self):
        return len(self._data)

    def __iter__(self):
        return iter(self._data)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def clear(self):
        self._data.clear()


counters = _Counters()
