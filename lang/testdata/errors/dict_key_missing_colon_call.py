d = {a: c, f(b e): 1}
