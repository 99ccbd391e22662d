# Multiple inheritance where one base is a builtin: dict, list, exceptions.
class AttrMixin:
    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


class LoggingMixin:
    def log(self):
        return f"{type(self).__name__}: {len(self)} items"


class Config(AttrMixin, LoggingMixin, dict):
    pass


c = Config(lr=0.1, epochs=3)
print(c.lr, c.epochs, c["lr"], c.log(), c)
print(isinstance(c, dict), Config.__base__ is dict)
try:
    c.missing
except AttributeError as e:
    print("AttributeError:", e)


class Stack(LoggingMixin, list):
    def push(self, x):
        self.append(x)
        return self


s = Stack().push(1).push(2)
print(s, s.log(), s[-1], len(s))


class DetailedError(LoggingMixin, ValueError):
    def __len__(self):
        return len(self.args)


try:
    raise DetailedError("bad", 42)
except ValueError as e:
    print(repr(e), e.log(), isinstance(e, LoggingMixin))

try:
    class Broken(list, dict):
        pass
except TypeError as e:
    print("TypeError:", e)
