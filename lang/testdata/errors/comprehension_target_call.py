x = [a for f() in b]
