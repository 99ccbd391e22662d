# Sizes 0 and 1 are specialised even when a dim is dynamic (a symbol stands for sizes
# >= 2 only), so they get graphs of their own; every result still equals eager.
# - f on x [n, 4] for n = 3, 1, 0, 5, 7 (4 is never a size of dim 0: no duck sizing):
#   dynamic=True: n = 3 compiles a graph for n >= 2; 1 and 0 each compile their own;
#   5 and 7 reuse the first: graphs 3. Automatic: static 3; 1 makes dim 0 dynamic but
#   1 is specialised (graph 2); 0 likewise (graph 3); 5 fails all three and compiles the
#   symbolic graph (graph 4), which 7 reuses: graphs 4.
# - g(x [a, 1], y [b]) -> x + y, a broadcast whose 1s matter, for (a, b) = (3, 5), (1, 5),
#   (3, 1), (1, 1), (4, 6), (0, 2): dynamic=True: (3, 5) symbols a, b >= 2; (1, 5) a
#   specialised to 1; (3, 1) b specialised; (1, 1) both; (4, 6) reuses the first; (0, 2)
#   a = 0 with symbolic b: graphs 5. Automatic: static (3, 5); (1, 5) only a changed: a
#   dynamic (specialised 1), b static 5; (3, 1) fails both and now b changed too: a
#   symbol, b specialised 1; (1, 1): both specialised; (4, 6): the earlier entries all
#   need a 1, a static 5 or the static (3, 5), so a fifth graph with two symbols;
#   (0, 2): a sixth (a = 0): graphs 6.
# - dynamic=False on f for n = 0, 1, 2, 3, 2: graphs 4.
# - The default backend gives the same counts (counters["stats"]["unique_graphs"]; the
#   backend only adds guards that hold for every input used here).
import torch
from torch._dynamo.utils import counters
from _common import same, run


def f(x):
    n = x.shape[0]
    return (x * 2 + x.sum(0), x.flatten(), torch.ones(n, 2) * n, x.t() @ x,
            x.softmax(1), x.reshape(n * 2, 2), x[: n // 2])


def g(x, y):
    return x + y, (x * y).sum(1), (x - y).sum(0)


torch.manual_seed(0)
fs = [(torch.randn(n, 4),) for n in (3, 1, 0, 5, 7)]
gs = [(torch.randn(a, 1), torch.randn(b))
      for a, b in [(3, 5), (1, 5), (3, 1), (1, 1), (4, 6), (0, 2)]]
print("f shapes:", [[list(t.shape) for t in f(*args)] for args in fs[1:3]])
print("g shapes:", [[list(t.shape) for t in g(*args)] for args in gs[1:4]])
for dynamic in (True, None):
    for backend in ("count", "default"):
        run("f", f, fs, dynamic, backend)
        run("g", g, gs, dynamic, backend)
run("f", f, [(torch.randn(n, 4),) for n in (0, 1, 2, 3, 2)], False)
