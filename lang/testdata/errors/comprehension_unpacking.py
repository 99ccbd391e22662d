x = [*a for a in b]
