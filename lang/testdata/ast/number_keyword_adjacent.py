x = 1if y else 2
z = [0for i in r]
w = 1or 2
