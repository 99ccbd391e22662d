x = 1
"""doc
more

still
