# time.perf_counter: only relations are printed (values are timing dependent).
import time

t0 = time.perf_counter()
total = 0
for i in range(1000):
    total += i
t1 = time.perf_counter()
print(total, t1 >= t0, type(t0).__name__, (t1 - t0) < 60)
