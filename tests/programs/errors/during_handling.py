# Uncaught exception raised while handling another: implicit context is printed.
def cleanup():
    raise ValueError("cleanup failed")


try:
    [1, 2, 3][10]
except IndexError:
    cleanup()
