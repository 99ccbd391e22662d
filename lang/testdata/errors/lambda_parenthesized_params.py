f = lambda (a, b): a
