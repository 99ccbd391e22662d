if x:
    a = 1
  b = 2
