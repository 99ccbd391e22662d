# SyntaxError: unterminated string literal.
name = "wick
print(name)
