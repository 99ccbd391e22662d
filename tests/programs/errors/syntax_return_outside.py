# SyntaxError raised by the compiler rather than the parser: 'return' outside function.
print("never printed")
return 5
