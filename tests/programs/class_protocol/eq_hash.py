# __eq__ without __hash__ makes a class unhashable, also through inheritance.
class Value:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return isinstance(other, Value) and self.v == other.v


class Sub(Value):
    pass


class Hashable(Value):
    def __hash__(self):
        return hash(self.v)


print(Value(1) == Value(1), Value.__hash__, "__hash__" in Value.__dict__)
print(hash(Hashable(5)) == hash(5), len({Hashable(1), Hashable(1)}))
for cls in (Value, Sub):
    try:
        hash(cls(1))
    except TypeError as e:
        print("TypeError:", e)
