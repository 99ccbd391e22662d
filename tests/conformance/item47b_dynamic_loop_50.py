# env: TORCH_LOGS=recompiles,dynamic
# Dynamic shapes (issue M5): a model run over 50 different sequence lengths compiles at
# most twice under the default settings (static, then automatic dynamic on the first
# size change) and never reaches the recompile limit. The log shows one recompile (its
# first failing check is the stride of dim 0, which follows the size of dim 1, as
# upstream checks them) and the symbol it creates, then nothing more. Every result
# equals eager.
import torch
from torch._dynamo.testing import CompileCounter

torch.manual_seed(0)
w = torch.randn(8, 8)


def model(x):
    b, n, d = x.shape
    h = x.reshape(b * n, d) @ w
    h = h.view(b, n, d).softmax(dim=-1)
    return (h * x).sum(dim=1) / n


cnt = CompileCounter()
opt = torch.compile(model, backend=cnt)
ok = True
for n in range(2, 52):
    x = torch.randn(2, n, 8)
    ok = ok and torch.allclose(opt(x), model(x), atol=1e-6)
print("lengths: 50 all equal:", ok, "graphs:", cnt.frame_count)
