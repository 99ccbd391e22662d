# Reference section 11 (skipped functions), graph break in a loop: a graph break inside a
# for/while loop cannot be resumed, so the frame holding the loop is skipped. The doc:
# 0 graphs, the result is right (eager), and one record: the graph_break() block wrapped
# in "Failed to handle graph break gracefully" plus the "graph break in loop" block.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    for i in range(5):
        x = x + 1
        if i == 3:
            torch._dynamo.graph_break()
    return x


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
