# ast.literal_eval on the literal forms configs use.
import ast

print(ast.literal_eval("[1, 2.5, -3, 'a', \"b\", (1,), {'k': None}, True, {1, 2}, set()]"))
print(ast.literal_eval("0x1f"), ast.literal_eval("1_000"), ast.literal_eval("'x' 'y'"), ast.literal_eval("r'\\n'"))
print(ast.literal_eval("(1, 2)"), ast.literal_eval("1, 2"), ast.literal_eval("  {'a': [1, {'b': ()}]}"))
print(ast.literal_eval("-1.5e3"), ast.literal_eval("'\\x41\\u00e9\\n'"), ast.literal_eval("'''tri\nple'''"))
print(ast.literal_eval("{'lr': 1e-3, 'betas': (0.9, 0.999), 'layers': [64, 128]}"))
for bad in ["x", "1 + 2", "f(1)", "[1, 2", "__import__('os')"]:
    try:
        ast.literal_eval(bad)
    except (ValueError, SyntaxError) as e:
        print(type(e).__name__)
