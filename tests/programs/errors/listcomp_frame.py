# An error inside a list comprehension and a lambda: their frames appear as
# <listcomp> and <lambda> in CPython 3.11 tracebacks.
inverse = lambda v: 1 / v
values = [4, 2, 0, 1]
print([inverse(v) for v in values])
