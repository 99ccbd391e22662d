# F.scaled_dot_product_attention with a symbolic sequence length t (and, under
# dynamic=True, symbolic batch, heads and head dim), q = k = v [2, 3, t, 8] for
# t = 4, 5, 6, 7, plus the causal variant. Upstream the op is captured whole in the
# graph (its size checks hold for every input), so dynamic=True gives graphs 1 and
# automatic dynamic (only t, and the strides that follow it, change) graphs 2. Every
# result equals eager.
import torch
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter


def sdpa(q):
    return (F.scaled_dot_product_attention(q, q, q),
            F.scaled_dot_product_attention(q, q, q, is_causal=True))


torch.manual_seed(0)
qs = [torch.randn(2, 3, t, 8) for t in (4, 5, 6, 7)]
print("shapes:", [list(t.shape) for t in sdpa(qs[0])])
for dynamic in (True, None):
    torch._dynamo.reset()
    cnt = CompileCounter()
    opt = torch.compile(sdpa, backend=cnt, dynamic=dynamic)
    ok = True
    for q in qs:
        a, b = opt(q)
        c, d = sdpa(q)
        if not (torch.allclose(a, c, atol=1e-6) and torch.allclose(b, d, atol=1e-6)):
            ok = False
    print(f"sdpa dynamic={dynamic} equal: {ok} graphs: {cnt.frame_count}")
