# SyntaxError: assignment to a literal.
1 = x
