match(x)
print(1 2 3)
