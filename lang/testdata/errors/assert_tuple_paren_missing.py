assert x y
