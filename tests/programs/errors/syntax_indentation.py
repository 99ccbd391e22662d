# IndentationError: a block that is not indented.
def g():
    if True:
    return 1
