x = lambda *a, *b
