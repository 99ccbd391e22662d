# Item 58: an int attribute of an nn.Module is specialised (its attributes are not
# made dynamic): a counter incremented in forward recompiles on every call. With
# torch._dynamo.config.allow_unspec_int_on_nn_module = True it becomes symbolic after
# one recompile: 2 graphs for 5 calls. Both give eager's results.
import torch
from torch._dynamo.testing import CompileCounter


class Counter(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c = 0

    def forward(self, x):
        self.c += 1
        return x * self.c


for allow in (False, True):
    torch._dynamo.reset()
    torch._dynamo.config.allow_unspec_int_on_nn_module = allow
    cnt = CompileCounter()
    mod = Counter()
    opt = torch.compile(mod, backend=cnt)
    for i in range(5):
        print(opt(torch.ones(2)))
    print("allow", allow, "graphs:", cnt.frame_count, "c:", mod.c)
