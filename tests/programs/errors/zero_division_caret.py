# Uncaught ZeroDivisionError inside an expression (3.11 caret markers).
def ratio(a, b):
    return a / b


total = 10
counts = [5, 0]
print(ratio(total, counts[0]))
print(ratio(total, counts[1]) + 1)
