# An abandoned generator is closed as CPython closes it (GeneratorExit at its yield, so
# finally blocks and context managers' __exit__ run): a generator that entered
# torch.no_grad() left grad mode off for the rest of the script.
import torch


def batches():
    try:
        with torch.no_grad():
            for i in range(5):
                yield i
    finally:
        print("batches: finally")


for b in batches():
    if b == 1:
        break
print("grad mode after break:", torch.is_grad_enabled())


def counted():
    try:
        yield 1
        yield 2
    finally:
        print("counted: closed")


it = counted()
print(next(it))
del it
print("after del")


def catches():
    try:
        yield 1
    except GeneratorExit:
        print("catches: GeneratorExit")
        raise


c = catches()
next(c)
c = None
print("after rebinding")


def unstarted():
    try:
        yield 1
    finally:
        print("never printed: it never started")


u = unstarted()
del u


def finished():
    yield 1


f = finished()
print(list(f))
del f


def raises_in_finally():
    try:
        yield 1
    finally:
        raise ValueError("reported on stderr, not raised")


r = raises_in_finally()
next(r)
r = None
print("still running")
