x = 0
def outer():
    y = 1
    def inner():
        nonlocal y
        global x
        y += 1
        x += 1
    global a, b, c
    return inner
