f(x=1 for y in z)
