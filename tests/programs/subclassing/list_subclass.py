# list subclasses: construction, overridden methods, slicing returns plain lists.
class Doubling(list):
    def append(self, x):
        super().append(x * 2)


class Stack(Doubling):
    def push(self, x):
        self.append(x)
        return self

    def peek(self):
        return self[-1]


s = Stack([1, 2])
s.push(5).push(7)
print(s, type(s).__name__, s.peek(), len(s), s[1:], type(s[1:]).__name__)
print(s + [0], s == [1, 2, 10, 14], isinstance(s, list), sorted(s, reverse=True))
s.label = "stack"
print(s.label, s.__dict__)
for i, v in enumerate(s):
    print(i, v, end="; ")
print()


class Recording(list):
    def __init__(self, items=()):
        super().__init__(items)
        self.log = []

    def __setitem__(self, index, value):
        self.log.append(index)
        super().__setitem__(index, value)

    def __len__(self):
        return super().__len__() + 100


r = Recording("ab")
r[0] = "z"
print(r, r.log, len(r), list.__len__(r), bool(Recording()))
print(list.__getitem__([4, 5], 1), next(list.__iter__([1])))
