# default= and JSONEncoder subclasses; round trips.
import json

print(json.dumps({"a": {3, 1, 2}}, default=sorted))
class Enc(json.JSONEncoder):
    def default(self, o):
        if isinstance(o, set):
            return sorted(o)
        return super().default(o)
print(json.dumps({"s": {3, 1}}, cls=Enc), Enc(indent=1).encode([1]))
class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
print(json.dumps([Point(1, 2), Point(3, 4)], default=lambda p: {"x": p.x, "y": p.y}))
for value in [{"nested": [1, {"deep": ["x", 1.5, None]}]}, [True, False, "ü"], {"": 0}]:
    text = json.dumps(value)
    print(text, json.loads(text) == value)
try:
    json.dumps(Point(0, 0), cls=Enc)
except TypeError as e:
    print("TypeError:", e)
