a = x[*idx]
b = x[1, *idx]
