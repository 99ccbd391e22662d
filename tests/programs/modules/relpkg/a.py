def double(x):
    return 2 * x


print("relpkg.a:", __name__, __package__)
