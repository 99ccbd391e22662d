x = [c g]
