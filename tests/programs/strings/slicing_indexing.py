# Indexing and slicing strings.
s = "0123456789"
print(s[0], s[-1], s[3:6], s[:3], s[7:], s[:], s[::2], s[::-1], s[-3:], s[1:-1:3])
print(s[5:2], s[100:], s[-100:2], s[2:100:4])
try:
    s[10]
except IndexError as e:
    print("IndexError:", e)
try:
    s[0] = "x"
except TypeError as e:
    print("TypeError:", e)
print(len(s[::3]), s[slice(2, 5)], s[slice(None, None, -2)])
