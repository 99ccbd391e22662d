# SyntaxError: invalid syntax.
x = 1
y = x +* 2
print(y)
