# global and nonlocal declarations.
counter = 0


def bump():
    global counter
    counter += 1
    return counter


bump()
bump()
print(counter)


def make():
    total = 0

    def add(n):
        nonlocal total
        total += n
        return total

    def get():
        return total

    return add, get


add, get = make()
add(5)
add(7)
print(get())


def shadow():
    counter = 100
    return counter


print(shadow(), counter)


def define_global():
    global created
    created = "made inside"


define_global()
print(created)


def outer():
    x = "outer"

    def middle():
        def inner():
            nonlocal x
            x = "inner"
        inner()
    middle()
    return x


print(outer())
