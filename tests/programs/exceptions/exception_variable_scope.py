# The `as` name is unbound after the handler; exceptions as values; args indexing.
try:
    raise ValueError("scoped")
except ValueError as err:
    saved = err
try:
    print(err)
except NameError as e:
    print("NameError:", e)
print(saved, saved.args[0], type(saved) is ValueError)
errors = []
for v in ["1", "x", "2", "y"]:
    try:
        errors.append(int(v))
    except ValueError as e:
        errors.append(str(e))
print(errors)
e = KeyError("key", "extra")
print(e.args, str(e), repr(e))
print(str(KeyError("single")), str(KeyError()), repr(Exception("a", 1)))
