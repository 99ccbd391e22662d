"""heapq: the binary min-heap on a list, with CPython's sift order (so heap layouts
and tie orders print the same), plus nlargest/nsmallest/merge."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

__all__ = ["heappush", "heappop", "heapify", "heapreplace", "merge", "nlargest",
           "nsmallest", "heappushpop"]


def _check(heap, name):
    if not isinstance(heap, list):
        raise TypeError("%s() argument 1 must be list, not %s" % (name, type(heap).__name__))


def _siftdown(heap, startpos, pos):
    newitem = heap[pos]
    while pos > startpos:
        parentpos = (pos - 1) >> 1
        parent = heap[parentpos]
        if newitem < parent:
            heap[pos] = parent
            pos = parentpos
            continue
        break
    heap[pos] = newitem


def _siftup(heap, pos):
    endpos = len(heap)
    startpos = pos
    newitem = heap[pos]
    childpos = 2 * pos + 1
    while childpos < endpos:
        rightpos = childpos + 1
        if rightpos < endpos and not heap[childpos] < heap[rightpos]:
            childpos = rightpos
        heap[pos] = heap[childpos]
        pos = childpos
        childpos = 2 * pos + 1
    heap[pos] = newitem
    _siftdown(heap, startpos, pos)


def heappush(heap, item):
    _check(heap, "heappush")
    heap.append(item)
    _siftdown(heap, 0, len(heap) - 1)


def heappop(heap):
    _check(heap, "heappop")
    if not heap:
        raise IndexError("index out of range")
    lastelt = heap.pop()
    if heap:
        returnitem = heap[0]
        heap[0] = lastelt
        _siftup(heap, 0)
        return returnitem
    return lastelt


def heapreplace(heap, item):
    _check(heap, "heapreplace")
    if not heap:
        raise IndexError("index out of range")
    returnitem = heap[0]
    heap[0] = item
    _siftup(heap, 0)
    return returnitem


def heappushpop(heap, item):
    _check(heap, "heappushpop")
    if heap and heap[0] < item:
        item, heap[0] = heap[0], item
        _siftup(heap, 0)
    return item


def heapify(x):
    _check(x, "heapify")
    n = len(x)
    for i in reversed(range(n // 2)):
        _siftup(x, i)


def nsmallest(n, iterable, key=None):
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = min(it, default=sentinel, key=key) if key is not None else \
            min(it, default=sentinel)
        return [] if result is sentinel else [result]
    if n <= 0:
        return []
    items = list(iterable)
    if key is None:
        return sorted(items)[:n]
    return sorted(items, key=key)[:n]


def nlargest(n, iterable, key=None):
    if n == 1:
        it = iter(iterable)
        sentinel = object()
        result = max(it, default=sentinel, key=key) if key is not None else \
            max(it, default=sentinel)
        return [] if result is sentinel else [result]
    if n <= 0:
        return []
    items = list(iterable)
    if key is None:
        return sorted(items, reverse=True)[:n]
    return sorted(items, key=key, reverse=True)[:n]


def merge(*iterables, key=None, reverse=False):
    # The head of each input, (key, input order, value, iterator); the next value is
    # the smallest key (largest with reverse), the earliest input on ties, as CPython.
    heads = []
    for order, it in enumerate(iterables):
        it = iter(it)
        for v in it:
            heads.append([v if key is None else key(v), order, v, it])
            break
    while heads:
        best = 0
        for i in range(1, len(heads)):
            k = heads[i][0]
            bk = heads[best][0]
            if (bk < k) if reverse else (k < bk):
                best = i
        entry = heads[best]
        yield entry[2]
        for v in entry[3]:
            entry[0] = v if key is None else key(v)
            entry[2] = v
            break
        else:
            del heads[best]
