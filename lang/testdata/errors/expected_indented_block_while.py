while x:

break
