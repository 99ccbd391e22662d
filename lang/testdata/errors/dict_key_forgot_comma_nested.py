d = {a: c, (b e): 1}
