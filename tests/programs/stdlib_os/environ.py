# os.environ and getenv.
import os

os.environ["WICK_STDLIB_VAR"] = "42"
print(os.getenv("WICK_STDLIB_VAR"), os.environ["WICK_STDLIB_VAR"], "WICK_STDLIB_VAR" in os.environ)
print(os.environ.get("WICK_NOT_SET", "default"), os.getenv("WICK_NOT_SET"), os.getenv("WICK_NOT_SET", "d"))
print(os.environ.setdefault("WICK_STDLIB_OTHER", "x"), os.environ.pop("WICK_STDLIB_OTHER"))
del os.environ["WICK_STDLIB_VAR"]
print("WICK_STDLIB_VAR" in os.environ, isinstance(os.environ.copy(), dict))
try:
    os.environ["WICK_STDLIB_NUM"] = 1
except TypeError as e:
    print("TypeError:", e)
try:
    os.environ["WICK_NOT_SET"]
except KeyError as e:
    print("KeyError:", e)
print(int(os.environ.get("WORLD_SIZE", "1")), os.environ.get("LOCAL_RANK", "0"))
