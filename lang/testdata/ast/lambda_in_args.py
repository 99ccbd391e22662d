sorted(xs, key=lambda p: (p[1], -p[0]))
map(lambda: None, [])
