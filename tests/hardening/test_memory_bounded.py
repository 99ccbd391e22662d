# Bounded resources (M13): memory stays flat over many compiled calls, many tensor
# creations and many distinct input shapes (the compile caches are bounded by the
# recompile limits). Modest counts here; RSS growth is read from /proc/self/statm.
# Under PyTorch 1.13 (no torch.compile) the functions run eagerly: the bounds hold there
# too, so the expected output is CPython's.
import torch

compile = getattr(torch, "compile", lambda f: f)


def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 / 2**20


@compile
def step(x, y):
    return (x * y + 1).relu().sum()


x, y = torch.randn(64), torch.randn(64)
for _ in range(2000):
    step(x, y)
before = rss_mb()
for _ in range(20000):
    step(x, y)
print("20,000 compiled calls: growth under 8 MB", rss_mb() - before < 8)

before = rss_mb()
for _ in range(100000):
    torch.empty(16)
print("100,000 tensor creations: growth under 8 MB", rss_mb() - before < 8)


@compile
def shaped(x):
    return x.sin() + x.numel()


for n in range(1, 50):
    shaped(torch.ones(n))
before = rss_mb()
for n in range(50, 2050):
    shaped(torch.ones(n))
print("2,000 distinct shapes: growth under 16 MB", rss_mb() - before < 16)
