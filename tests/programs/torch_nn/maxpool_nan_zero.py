# Max pooling's values with NaNs (the window's NaN wins), signed zeros (the first of equal
# maxima wins: -0.0 before 0.0 stays -0.0), -inf and padding, with and without indices.
import torch
import torch.nn.functional as F
x = torch.tensor([[[[1.0, float("nan"), -0.0, 0.0], [0.0, -0.0, -1.0, 2.0], [float("-inf"), float("-inf"), 3.0, float("nan")], [-0.0, 0.0, 0.0, -0.0]]]])
for k, s, p in ((2, 2, 0), (3, 1, 1), (2, 1, 0), (3, 2, 1)):
    y = F.max_pool2d(x, k, s, p)
    print(k, s, p, y.flatten().tolist(), [str(float(t)) for t in y.flatten()])
    v, i = F.max_pool2d(x, k, s, p, return_indices=True)
    print("  idx", i.flatten().tolist())
print(F.max_pool1d(torch.tensor([[-0.0, 0.0, float("nan"), 5.0, -0.0]]), 2, 1).tolist())
