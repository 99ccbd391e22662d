x
1
"docstring"
f(x)
x.y
x[0]
-x
x + y
(yield_ for yield_ in z)
...
