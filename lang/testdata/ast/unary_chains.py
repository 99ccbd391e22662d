a = - - x
b = not not not x
c = -~+x
d = - x ** - y
