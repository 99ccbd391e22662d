# Concatenation, repetition, comparison, iteration over strings.
a = "ab"
print(a + "cd", a * 3, 3 * a, a * 0, "-" * 10)
print("abc" < "abd", "abc" < "ab", "B" < "a", "a" == "a", "a" != "b", "Z" >= "Z")
print(sorted(["b", "A", "a", "B"]), max("hello"), min("hello"))
for ch in "hey":
    print(ch, end=",")
print()
acc = ""
for i in range(5):
    acc += str(i)
print(acc, len(acc))
print("x".join(["1", "2"]) + "!", str(1) + str(2.5))
try:
    "a" + 1
except TypeError as e:
    print("TypeError:", e)
