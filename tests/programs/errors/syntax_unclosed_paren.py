# SyntaxError: a parenthesis that is never closed.
print("start")
total = (1 +
         2
print(total)
