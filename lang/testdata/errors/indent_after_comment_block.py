x = 1
# c
  # d
    y = 2
