# Reference section 11 (skipped functions), isolating a skip: the skip_frame() call moved
# into its own small function, so only that function is skipped. The doc: inlining
# problematic_code fails ("SKIPPED INLINING <code object problematic_code ...>: Skip frame
# due to `torch._dynamo.skip_frame()`. Message: None", logged as a bare graph break
# reason), fn breaks at the call: graph 1 = x + 1 (inner1 inlined), problematic_code runs
# as its own frame and is skipped, torch_dynamo_resume_in_fn_at_<call> = x + 2: 2 graphs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner1(x):
    return x + 1


def inner2(x):
    return x + 2


@torch.compile(backend=cnt)
def fn(x):
    x = inner1(x)

    def problematic_code():
        torch._dynamo.skip_frame()

    problematic_code()
    x = inner2(x)
    return x


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
