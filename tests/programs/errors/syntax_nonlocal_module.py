# SyntaxError: nonlocal declaration at module level.
print("never printed")
nonlocal x
