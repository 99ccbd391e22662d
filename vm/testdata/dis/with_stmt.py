with open(p) as f:
    data = f.read()
with a, b as (x, y):
    use(x, y)
def g():
    with lock:
        return value()
