# int, float, str, bool, list, tuple, dict, set conversions.
print(int("42"), int("-7"), int(" 12 "), int(3.9), int(True), int("ff", 16), int("0b101", 0))
print(float("1.5"), float("-inf"), float(3), float(" 2e3 "), float("nan") != float("nan"))
print(str(12), str(1.5), str([1, "a"]), str(None), str("x"))
print(bool(0), bool(1), bool(""), bool("0"), bool([]), bool([0]), bool(0.0), bool({}))
print(list("abc"), list((1, 2)), list({"a": 1, "b": 2}), list(range(3)))
print(tuple([1, 2]), tuple("hi"), tuple())
print(dict([("a", 1), ("b", 2)]), dict(a=1, b=2), dict({"x": 1}, y=2))
print(sorted(set([3, 1, 3, 2])), set(), sorted(set("banana")))
print(list(), dict(), str(), int(), float(), bool())
for bad in ["abc", "1.5", ""]:
    try:
        int(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    float("x1")
except ValueError as e:
    print("ValueError:", e)
