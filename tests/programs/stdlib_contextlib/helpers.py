# suppress, closing, ExitStack (LIFO unwinding, callbacks, suppression), ContextDecorator,
# alongside the native contextmanager and nullcontext.
import contextlib

with contextlib.suppress(KeyError, IndexError):
    {}["missing"]
print("suppressed")
try:
    with contextlib.suppress(KeyError):
        [][1]
except IndexError as e:
    print("IndexError:", e)

class Resource:
    def __init__(self, name):
        self.name = name
    def close(self):
        print("close", self.name)
    def __enter__(self):
        print("enter", self.name)
        return self
    def __exit__(self, *exc):
        print("exit", self.name, exc[0].__name__ if exc[0] else None)
        return False

with contextlib.closing(Resource("c")) as r:
    print("using", r.name)

with contextlib.ExitStack() as stack:
    a = stack.enter_context(Resource("a"))
    b = stack.enter_context(Resource("b"))
    stack.callback(print, "callback", 1, sep="=")
    print("body", a.name, b.name)

try:
    with contextlib.ExitStack() as stack:
        stack.enter_context(Resource("x"))
        stack.push(lambda *exc: True)
        raise ValueError("swallowed")
    print("ExitStack suppressed the error")
except ValueError:
    print("not reached")

stack = contextlib.ExitStack()
stack.callback(print, "deferred")
moved = stack.pop_all()
stack.close()
print("before close")
moved.close()

@contextlib.contextmanager
def tag(name):
    print("<%s>" % name)
    yield name.upper()
    print("</%s>" % name)

with tag("b") as t, contextlib.nullcontext(5) as five:
    print(t, five)

class traced(contextlib.ContextDecorator):
    def __enter__(self):
        print("start")
        return self
    def __exit__(self, *exc):
        print("stop")
        return False

@traced()
def work(x):
    print("work", x)
    return x * 2

print(work(21))
