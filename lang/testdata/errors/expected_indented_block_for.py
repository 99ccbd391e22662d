for x in y:
# comment
z = 1
