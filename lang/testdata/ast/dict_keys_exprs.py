d = {a + b: c, f(x): [1], (1, 2): {}, **{}, None: ...}
e = {x if y else z: w}
