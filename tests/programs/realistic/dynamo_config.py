# torch._dynamo.config: reading defaults, patch() as context manager and decorator,
# CompileCounter as a backend (its counts are compiler behaviour, so not printed here).
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter

cfg = torch._dynamo.config
print(cfg.cache_size_limit, cfg.suppress_errors, cfg.capture_scalar_outputs)
with cfg.patch(cache_size_limit=2, capture_scalar_outputs=True):
    print(cfg.cache_size_limit, cfg.capture_scalar_outputs)
print(cfg.cache_size_limit, cfg.capture_scalar_outputs)


@cfg.patch(suppress_errors=True)
def inside():
    return cfg.suppress_errors


print(inside(), cfg.suppress_errors)
counter = CompileCounter()


@torch.compile(backend=counter)
def step(x):
    return (x * 2).relu()


print(step(torch.tensor([-1.0, 1.0])), type(counter).__name__)
try:
    raise torch._dynamo.exc.Unsupported("example")
except torch._dynamo.exc.Unsupported as e:
    print("caught", e, isinstance(e, RuntimeError))
with torch._dynamo.error_on_graph_break(False):
    print(step(torch.ones(2)))
torch._logging.set_logs(graph_breaks=False)
print("done")
