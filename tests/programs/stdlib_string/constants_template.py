# string's constants, capwords and Template.
import string

print(string.ascii_letters, string.ascii_lowercase, string.ascii_uppercase)
print(string.digits, string.hexdigits, string.octdigits, string.punctuation)
print(repr(string.whitespace), len(string.printable))
print(string.capwords("hello  world of   python"), string.capwords("a-b-c", "-"))
t = string.Template("$who likes ${what} for $$5")
print(t.substitute(who="tim", what="pie"), t.substitute({"who": "ann", "what": "tea"}))
print(t.safe_substitute(who="x"), t.get_identifiers(), t.is_valid(), t.template)
try:
    string.Template("$who $").substitute(who=1)
except ValueError as e:
    print("ValueError:", e)
try:
    t.substitute(who="x")
except KeyError as e:
    print("KeyError:", e)
print(all(c in string.printable for c in "Hello, World!"))
