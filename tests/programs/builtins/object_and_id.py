# object(), id() comparisons (never id values), identity.
a = object()
b = object()
print(type(a).__name__, a is b, a == b, a == a, a != b)
print(id(a) == id(a), id(a) == id(b))
x = [1]
y = x
print(id(x) == id(y), x is y)
print(isinstance(a, object), isinstance(3, object), issubclass(int, object))
print(type(id(a)).__name__)
s = {a, a, b}
print(len(s))
