total = 0
def add(n):
    global total
    total = total + n
    del total
def reader():
    return total + len(items)
class K:
    global g
    g = 1
    h = g
