f = lambda x: yield x
