sum(x for x in xs)
f(x * 2 for x in range(10) if x)
any(a == b for a, b in pairs)
