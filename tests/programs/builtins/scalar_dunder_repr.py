# The scalar types' own __repr__/__str__ called directly, and through super() in a list
# subclass: what repr()/str() give, never object's default <... object at 0x...>.
print((2.5).__repr__(), int.__repr__(3), "a".__str__(), "a".__repr__(), None.__repr__())
print(True.__repr__(), (1 + 2j).__repr__(), (7).__str__(), float.__str__(1e20), str.__str__("x"))
print(bool.__str__(False), float.__repr__(0.1), int.__str__(-12))


class L(list):
    def __repr__(self):
        return "L" + super().__repr__()


print(L([1, 2]), repr(L()), "__repr__" in dir(float), "__str__" in vars(int))
