# set()/frozenset()/sorted()/dict(pairs)/next()/callable()/min()/max() inside a compiled function
# trace without a graph break (fullgraph=True fails the run otherwise) and give eager's
# results.
import torch


@torch.compile(fullgraph=True)
def containers(x, names):
    seen = set()
    seen.add(3)
    seen.add(1)
    frozen = frozenset([2, 2, 5])
    order = sorted([3, 1, 2])
    desc = sorted((4, 9, 1), reverse=True)
    d = dict([("a", x + 1), ("b", x * 2)], c=x - 1)
    d2 = dict(zip(names, (1, 2)))
    d3 = dict(d2)
    it = iter([x, x * 3])
    first = next(it)
    second = next(it)
    missing = next(it, None)
    flags = (callable(len), callable(x), callable(names), callable(lambda: 1))
    # min/max with a tensor: torch.clamp / torch.maximum in the graph, as upstream does
    # (the same values as eager's comparisons here).
    total = x.sum()
    bounded = (max(total, 0), min(total, 5.5), max(total, total * 2), min(3, total))
    return (bounded, len(seen), 1 in seen, 2 in frozen, order, desc, d["a"] + d["c"], d["b"],
            sorted(d2), d3["q"], first + second, missing, flags)


out = containers(torch.ones(2), ("p", "q"))
for v in out:
    print(v)


# min/max of plain numbers stay Python's, also for a number read from a tensor (the
# tracer fuzzer found this sent to torch.minimum).
def clamp_number(x, w):
    return max(-8.0, min(8.0, float(x.sum()))) * w


for backend in ("eager", "inductor"):
    torch._dynamo.reset()
    print(torch.compile(clamp_number, backend=backend, dynamic=True)(torch.ones(3), torch.ones(2)))
