# IndentationError: unexpected indent.
a = 1
    b = 2
