x = 1x
