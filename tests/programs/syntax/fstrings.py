# f-strings: expressions, conversions and format specs.
name = "wick"
n = 42
pi = 3.14159265
items = [1, 2, 3]
print(f"hello {name}!")
print(f"{n} {n + 1} {n * 2}")
print(f"{name!r} {name!s} {items!r}")
print(f"{pi:.2f} {pi:10.3f}| {pi:<10.1f}| {pi:e}")
print(f"{n:5d}|{n:<5d}|{n:^5d}|{n:05d}|{n:+d}")
print(f"{n:x} {n:X} {n:o} {n:b} {n:#x}")
print(f"{1234567:,} {0.25:.0%} {12.5:g} {1e20:g}")
print(f"{name:>8}|{name:<8}|{name:^8}|{name:*^9}")
print(f"{'nested'} {items[1]} {len(items)} {{braces}}")
width = 7
print(f"{n:{width}}|")
d = {"k": 5}
print(f"{d['k']} {d}")
print(f"{3 if n > 10 else 4} {n > 10}")
print(f"{None} {True} {1.0} {2.50}")
