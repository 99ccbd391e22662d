# leading comment
x = 1  # trailing comment
# between
def f():  # on def
    # inside
    return x  # trailing
    # end of block
# after
