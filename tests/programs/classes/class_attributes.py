# Class attributes vs instance attributes, shared mutable class attributes, __dict__-free
# introspection through getattr/hasattr.
class Registry:
    items = []
    name = "reg"

    def register(self, v):
        self.items.append(v)


r1, r2 = Registry(), Registry()
r1.register(1)
r2.register(2)
print(Registry.items, r1.items is r2.items)
r1.name = "own"
print(r1.name, r2.name, Registry.name)
del r1.name
print(r1.name)
Registry.name = "changed"
print(r2.name)


class WithDefault:
    color = "red"

    def paint(self, color=None):
        if color:
            self.color = color
        return self.color


w = WithDefault()
print(w.paint(), w.paint("blue"), WithDefault().paint())
