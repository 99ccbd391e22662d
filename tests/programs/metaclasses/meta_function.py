# A plain function as the metaclass: called with (name, bases, namespace).
def make_record(name, bases, ns):
    fields = [k for k in ns if not k.startswith("__")]
    print("make_record", name, bases, fields)
    return type(name, bases, dict(ns, fields=fields))


class Record(metaclass=make_record):
    x = 1
    y = 2


print(Record.fields, type(Record).__name__, Record.__name__)


def returns_other(name, bases, ns):
    return 42


class Weird(metaclass=returns_other):
    pass


print(Weird)
