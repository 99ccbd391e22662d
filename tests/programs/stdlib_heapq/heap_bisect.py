# heapq layouts and pops (CPython's sift order), nlargest/nsmallest, merge; bisect.
import bisect
import heapq

h = []
for x in [5, 1, 8, 3, 9, 2, 7, 1]:
    heapq.heappush(h, x)
print(h)
print([heapq.heappop(h) for _ in range(3)], h)
data = [9, 4, 7, 1, 8, 2, 6, 3, 5, 0]
heapq.heapify(data)
print(data, heapq.heapreplace(data, 10), data, heapq.heappushpop(data, -1), data)
print(heapq.nlargest(3, [5, 1, 8, 3, 9]), heapq.nsmallest(2, [5, 1, 8, 3, 9]))
words = ["pear", "fig", "apple", "kiwi", "banana", "date"]
print(heapq.nlargest(2, words, key=len), heapq.nsmallest(3, words, key=len), heapq.nsmallest(1, []))
print(list(heapq.merge([1, 4, 7], [2, 5, 8], [0, 9])), list(heapq.merge([3, 1], [2])))
print(list(heapq.merge(["b", "dd"], ["a", "ccc"], key=len)), list(heapq.merge([7, 3], [5, 1], reverse=True)))
tasks = []
for prio, name in [(2, "write"), (1, "read"), (3, "sleep"), (1, "eat")]:
    heapq.heappush(tasks, (prio, name))
print([heapq.heappop(tasks) for _ in range(len(tasks))])
beams = [(-0.5, "a"), (-0.1, "b"), (-0.9, "c"), (-0.3, "d")]
print(heapq.nsmallest(2, beams))
try:
    heapq.heappop([])
except IndexError as e:
    print("IndexError:", e)
a = [1, 2, 4, 4, 8]
print(bisect.bisect_left(a, 4), bisect.bisect_right(a, 4), bisect.bisect(a, 5), bisect.bisect_left(a, 0))
bisect.insort(a, 3)
bisect.insort_left(a, 4)
print(a)
recs = [(1, "a"), (3, "c"), (5, "e")]
print(bisect.bisect_left(recs, 3, key=lambda r: r[0]))
bisect.insort(recs, (4, "d"), key=lambda r: r[0])
print(recs)
grades = "FDCBA"
print([grades[bisect.bisect([60, 70, 80, 90], s)] for s in [33, 99, 77, 70, 89, 90, 100]])
