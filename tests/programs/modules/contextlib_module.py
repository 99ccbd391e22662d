# contextlib.nullcontext, and contextmanager (which needs generators).
import contextlib

with contextlib.nullcontext() as v:
    print("null", v)
with contextlib.nullcontext(42) as v:
    print("null", v)


@contextlib.contextmanager
def tag(name):
    print(f"<{name}>")
    try:
        yield name.upper()
    finally:
        print(f"</{name}>")


with tag("b") as t:
    print("inside", t)
try:
    with tag("err"):
        raise ValueError("boom")
except ValueError as e:
    print("caught", e)
