match = 1
case = 2
_ = 3
match.x = 4
match(x)
print(match, case, _)
match[0] = 1
