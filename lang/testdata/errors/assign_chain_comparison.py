b = x < y = v
