# Uncaught TypeError from an unsupported binary operation.
def combine(label, value):
    return label + value


print(combine("a", "b"))
print(combine("count: ", 3))
