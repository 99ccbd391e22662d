x = "\U0011ffff"
