# isinstance() refuses a parameterized generic.
items = [1, 2]
print(isinstance(items, list | tuple))
print(isinstance(items, list[int]))
