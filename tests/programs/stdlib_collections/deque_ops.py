from collections import deque

d = deque([1, 2, 3], maxlen=3)
d.append(4)
d.appendleft(0)
print(d, d.maxlen, len(d), d[0], d[-1], list(d), 2 in d)
print(d.popleft(), d.pop(), d)
q = deque()
q.extend("abc")
q.extendleft("xy")
print(q, q.count("a"), q.index("b"))
q.rotate(2)
print(q)
q.rotate(-1)
print(q)
q.remove("a")
q.reverse()
print(q, q == deque(["c", "b", "x", "y"][::-1][::-1]), bool(deque()), deque(range(3)) + deque([9]))
for call in (lambda: deque().pop(), lambda: deque().popleft(), lambda: deque([1])[5], lambda: deque([1]).remove(2)):
    try:
        call()
    except (IndexError, ValueError) as e:
        print(type(e).__name__ + ":", e)
window = deque(maxlen=2)
for i in range(5):
    window.append(i)
    print(list(window), end=" ")
print()
