# lru_cache (bounded, unbounded, typed) and cache, with cache_info.
import functools

@functools.lru_cache(maxsize=2)
def sq(x):
    print("compute", x)
    return x * x

print(sq(2), sq(2), sq(3), sq(4), sq(2))
print(sq.cache_info())
sq.cache_clear()
print(sq.cache_info(), sq.__name__, sq.cache_parameters())

@functools.cache
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)

print(fib(80), fib.cache_info())

@functools.lru_cache
def add(a, b=1):
    print("add", a, b)
    return a + b

print(add(1), add(1), add(1, b=2), add(1, b=2), add(a=1), add.cache_info().hits)

@functools.lru_cache(maxsize=None, typed=True)
def kind(x):
    return type(x).__name__

print(kind(1), kind(1.0), kind.cache_info().currsize)
try:
    add([1])
except TypeError as e:
    print("TypeError:", e)
try:
    functools.lru_cache("x")
except TypeError as e:
    print("TypeError:", e)
