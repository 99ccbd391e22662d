x = 5 if y
