# if/elif/else with truthiness of every builtin type.
for v in [0, 1, -1, 0.0, "", "a", [], [0], {}, {"k": 1}, None, (), (0,), set()]:
    if v:
        print(repr(v), "truthy")
    elif v is None:
        print("None branch")
    else:
        print(repr(v), "falsy")
x = 15
if x % 15 == 0:
    print("fizzbuzz")
elif x % 3 == 0:
    print("fizz")
else:
    print("other")
if not x > 20 and x > 10:
    print("between")
