# A class-based context manager that records, times nothing, and handles errors.
class Recorder:
    def __init__(self):
        self.log = []

    def section(self, name):
        return _Section(self, name)


class _Section:
    def __init__(self, rec, name):
        self.rec = rec
        self.name = name

    def __enter__(self):
        self.rec.log.append("begin " + self.name)
        return self

    def __exit__(self, exc_type, exc, tb):
        status = "ok" if exc_type is None else "error " + exc_type.__name__
        self.rec.log.append(f"end {self.name} {status}")
        return exc_type is ZeroDivisionError


rec = Recorder()
with rec.section("outer"):
    with rec.section("inner"):
        1 / 0
    with rec.section("second") as s:
        rec.log.append("inside " + s.name)
try:
    with rec.section("bad"):
        raise ValueError("no")
except ValueError:
    rec.log.append("caught")
print("\n".join(rec.log))
