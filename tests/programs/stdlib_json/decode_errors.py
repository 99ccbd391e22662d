# JSONDecodeError messages and positions, as CPython's decoder reports them.
import json
from json.decoder import JSONDecodeError

for s in ["", "[1,]", '{"a":1,}', '{"a" 1}', "[1 2]", '"abc', '"a\\x"', "[1] x", "{1:2}",
          '"\\u12"', "tru", '"a\nb"', "-", "01", "1.e5", "[", '{"a":', "  \n  [1,\n  oops]",
          '"é" x']:
    try:
        json.loads(s)
    except JSONDecodeError as e:
        print(repr(s), "->", e, "|", e.msg, e.pos, e.lineno, e.colno)
print(JSONDecodeError is json.JSONDecodeError, issubclass(JSONDecodeError, ValueError))
try:
    json.loads(5)
except TypeError as e:
    print("TypeError:", e)
try:
    json.loads("{oops}")
except ValueError as e:
    print(type(e).__module__, type(e).__name__)
