del (a, f())
