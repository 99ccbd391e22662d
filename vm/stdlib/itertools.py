"""itertools, written over generators. Arguments are checked (and iterables
materialised where CPython does) when the function is called, as CPython's do."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

import sys as _sys


def _check_int(name, value):
    if not isinstance(value, int):
        raise TypeError("'%s' object cannot be interpreted as an integer"
                        % type(value).__name__)


def _count(start, step):
    n = start
    while True:
        yield n
        n += step


def count(start=0, step=1):
    for v in (start, step):
        if not isinstance(v, (int, float)):
            raise TypeError("a number is required")
    return _count(start, step)


def _cycle(it):
    saved = []
    for element in it:
        yield element
        saved.append(element)
    if not saved:
        return
    while True:
        for element in saved:
            yield element


def cycle(iterable):
    return _cycle(iter(iterable))


def _repeat(obj, times):
    if times is None:
        while True:
            yield obj
    else:
        for _ in range(times):
            yield obj


def repeat(object, times=None):
    if times is not None:
        _check_int("times", times)
    return _repeat(object, times)


def _accumulate(it, func, initial):
    total = initial
    if initial is None:
        try:
            total = next(it)
        except StopIteration:
            return
    yield total
    for element in it:
        total = total + element if func is None else func(total, element)
        yield total


def accumulate(iterable, func=None, *, initial=None):
    return _accumulate(iter(iterable), func, initial)


def _chain(iterables):
    for it in iterables:
        for element in it:
            yield element


def chain(*iterables):
    return _chain(iterables)


def _from_iterable(iterables):
    return _chain(iterables)


chain.from_iterable = _from_iterable


def _compress(data, selectors):
    for d, s in zip(data, selectors):
        if s:
            yield d


def compress(data, selectors):
    return _compress(iter(data), iter(selectors))


def _dropwhile(predicate, it):
    for x in it:
        if not predicate(x):
            yield x
            break
    for x in it:
        yield x


def dropwhile(predicate, iterable):
    return _dropwhile(predicate, iter(iterable))


def _takewhile(predicate, it):
    for x in it:
        if predicate(x):
            yield x
        else:
            break


def takewhile(predicate, iterable):
    return _takewhile(predicate, iter(iterable))


def _filterfalse(predicate, it):
    if predicate is None:
        predicate = bool
    for x in it:
        if not predicate(x):
            yield x


def filterfalse(function, iterable):
    return _filterfalse(function, iter(iterable))


class groupby:
    """groupby(iterable, key=None): (key, group iterator) pairs of consecutive runs."""

    def __init__(self, iterable, key=None):
        self._keyfunc = key
        self._it = iter(iterable)
        self._tgtkey = self._currkey = self._currvalue = _marker
        self._id = 0

    def __iter__(self):
        return self

    def __next__(self):
        self._id += 1
        while self._currkey is not _marker and self._currkey == self._tgtkey:
            self._advance()
        if self._currkey is _marker:
            self._advance()
        self._tgtkey = self._currkey
        return (self._currkey, self._grouper(self._tgtkey, self._id))

    def _advance(self):
        self._currvalue = next(self._it)
        self._currkey = (self._currvalue if self._keyfunc is None
                         else self._keyfunc(self._currvalue))

    def _grouper(self, tgtkey, gid):
        while self._id == gid and self._currkey == tgtkey:
            yield self._currvalue
            try:
                self._advance()
            except StopIteration:
                return


_marker = object()


def _islice(it, start, stop, step):
    i = 0
    nexti = start
    if stop is not None and start >= stop:
        # Consume nothing past what CPython would.
        return
    for element in it:
        if i == nexti:
            yield element
            nexti += step
            if stop is not None and nexti >= stop:
                return
        i += 1
        if stop is not None and i >= stop:
            return


def islice(iterable, *args):
    if not 1 <= len(args) <= 3:
        if not args:
            raise TypeError("islice expected at least 2 arguments, got 1")
        raise TypeError("islice expected at most 4 arguments, got %d" % (len(args) + 1))
    s = slice(*args)
    start, stop, step = s.start, s.stop, s.step
    if start is None:
        start = 0
    if step is None:
        step = 1
    if stop is not None and (not isinstance(stop, int) or stop < 0):
        raise ValueError("Stop argument for islice() must be None or an integer: "
                         "0 <= x <= sys.maxsize.")
    if not isinstance(start, int) or start < 0 or not isinstance(step, int) or step <= 0:
        if isinstance(step, int) and isinstance(start, int) and start >= 0:
            raise ValueError("Step for islice() must be a positive integer or None.")
        raise ValueError("Indices for islice() must be None or an integer: "
                         "0 <= x <= sys.maxsize.")
    return _islice(iter(iterable), start, stop, step)


def _starmap(function, it):
    for args in it:
        yield function(*args)


def starmap(function, iterable):
    return _starmap(function, iter(iterable))


class _TeeBuffer:
    def __init__(self, it):
        self.it = it
        self.items = []
        self.base = 0      # index of items[0] in the stream
        self.positions = []


def _tee_gen(buf, slot):
    while True:
        pos = buf.positions[slot]
        index = pos - buf.base
        if index >= len(buf.items):
            try:
                value = next(buf.it)
            except StopIteration:
                return
            buf.items.append(value)
        value = buf.items[index]
        buf.positions[slot] = pos + 1
        low = min(buf.positions)
        if low > buf.base:
            del buf.items[:low - buf.base]
            buf.base = low
        yield value


def tee(iterable, n=2):
    _check_int("n", n)
    if n < 0:
        raise ValueError("n must be >= 0")
    buf = _TeeBuffer(iter(iterable))
    buf.positions = [0] * n
    return tuple([_tee_gen(buf, i) for i in range(n)])


def _zip_longest(iterators, fillvalue):
    num_active = len(iterators)
    if not num_active:
        return
    iterators = list(iterators)
    while True:
        values = []
        for i, it in enumerate(iterators):
            try:
                value = next(it)
            except StopIteration:
                num_active -= 1
                if not num_active:
                    return
                iterators[i] = _repeat(fillvalue, None)
                value = fillvalue
            values.append(value)
        yield tuple(values)


def zip_longest(*iterables, fillvalue=None):
    return _zip_longest([iter(it) for it in iterables], fillvalue)


def _product(pools):
    result = [[]]
    for pool in pools:
        result = [x + [y] for x in result for y in pool]
    for prod in result:
        yield tuple(prod)


def product(*iterables, repeat=1):
    _check_int("repeat", repeat)
    if repeat < 0:
        raise ValueError("repeat argument cannot be negative")
    pools = [tuple(pool) for pool in iterables] * repeat
    return _product(pools)


def _permutations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(n))
    cycles = list(range(n, n - r, -1))
    yield tuple([pool[i] for i in indices[:r]])
    while n:
        for i in reversed(range(r)):
            cycles[i] -= 1
            if cycles[i] == 0:
                indices[i:] = indices[i + 1:] + indices[i:i + 1]
                cycles[i] = n - i
            else:
                j = cycles[i]
                indices[i], indices[-j] = indices[-j], indices[i]
                yield tuple([pool[i] for i in indices[:r]])
                break
        else:
            return


def permutations(iterable, r=None):
    pool = tuple(iterable)
    if r is None:
        r = len(pool)
    else:
        _check_int("r", r)
        if r < 0:
            raise ValueError("r must be non-negative")
    return _permutations(pool, r)


def _combinations(pool, r):
    n = len(pool)
    if r > n:
        return
    indices = list(range(r))
    yield tuple([pool[i] for i in indices])
    while True:
        for i in reversed(range(r)):
            if indices[i] != i + n - r:
                break
        else:
            return
        indices[i] += 1
        for j in range(i + 1, r):
            indices[j] = indices[j - 1] + 1
        yield tuple([pool[i] for i in indices])


def combinations(iterable, r):
    _check_int("r", r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations(tuple(iterable), r)


def _combinations_with_replacement(pool, r):
    n = len(pool)
    if not n and r:
        return
    indices = [0] * r
    yield tuple([pool[i] for i in indices])
    while True:
        for i in reversed(range(r)):
            if indices[i] != n - 1:
                break
        else:
            return
        indices[i:] = [indices[i] + 1] * (r - i)
        yield tuple([pool[i] for i in indices])


def combinations_with_replacement(iterable, r):
    _check_int("r", r)
    if r < 0:
        raise ValueError("r must be non-negative")
    return _combinations_with_replacement(tuple(iterable), r)


def _pairwise(it):
    try:
        a = next(it)
    except StopIteration:
        return
    for b in it:
        yield (a, b)
        a = b


def pairwise(iterable):
    return _pairwise(iter(iterable))
