print(*args)
x = *a, *b
for x in *a, *b:
    pass
