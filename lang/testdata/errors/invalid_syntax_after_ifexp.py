x = 1 if 2 else 3 4
