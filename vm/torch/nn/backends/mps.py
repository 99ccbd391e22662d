# torch.backends.mps: no Apple GPU backend in wick.
def is_available():
    return False


def is_built():
    return False
