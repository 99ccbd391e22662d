# SyntaxError: 'break' outside loop.
if True:
    break
