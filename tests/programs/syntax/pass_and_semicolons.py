# pass, semicolon-separated statements, one-line compound statements.
x = 1; y = 2; print(x + y)
if x: print("one-line if")
for i in range(2): print("loop", i)
while False: pass
def f(): return "one-line def"
print(f())
class Empty: pass
print(type(Empty()).__name__)
if x > 5:
    pass
elif x > 0:
    pass  # comment after pass
print("done")  # trailing comment
# A comment line
	# an indented comment line (tab) does not start a block
print(  1,
        2,
        3)
total = (1 +
         2 +
         3)
print(total, [
    1, 2,
], {"k":
    "v"})
