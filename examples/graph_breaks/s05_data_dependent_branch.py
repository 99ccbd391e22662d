# Reference section 5 (common graph breaks): a data-dependent `if` and a `.item()` call.
# The doc: two graph breaks are logged, "Data-dependent branching" at the `if`, then, in
# torch_dynamo_resume_in_fn_at_<if line>, "Unsupported Tensor.item() call with
# capture_scalar_outputs=False". Graphs: [sum, gt] before the branch; the resume entry
# has nothing before `.item()` (no graph); after it, [add] -> 2 graphs, 3 ops.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    y = x.sum()
    if y > 0:
        return x + y.item()
    return x - y.item()


print(fn(torch.ones(3, 3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
