# assert with and without messages.
assert True
assert 1 + 1 == 2, "never shown"
try:
    assert False
except AssertionError as e:
    print(repr(e), e.args)
try:
    assert [] , "empty list is falsy"
except AssertionError as e:
    print("AssertionError:", e)
try:
    x = 5
    assert x < 3, f"x was {x}"
except AssertionError as e:
    print("AssertionError:", e)
