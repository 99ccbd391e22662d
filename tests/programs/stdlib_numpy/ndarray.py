# numpy.ndarray over torch tensors (vm/stdlib/numpy/_array.py), compared with NumPy 1.24:
# Tensor.numpy() sharing memory, shape/dtype, indexing to arrays and scalars, iteration,
# NumPy's result dtypes in arithmetic, reductions, torch.from_numpy/tensor/as_tensor, and
# repr/str with NumPy's layout (padding, wrapping at 75 columns, summarized large arrays,
# nan/inf, scientific notation, dtype suffixes).
import numpy as np
import torch
t = torch.tensor([[1, 2, 3], [4, 5, 6]])
a = t.numpy()
print(type(a).__name__, a.shape, a.dtype, a.ndim, a.size)
print(repr(a))
print(a)
print(a[1], a[1, 2], repr(a[0, 0]))
print([x for x in reversed(a[0, :2])])
a[0, 0] = 10
print(t)
f = torch.tensor([0.1, 2.5, -3.0]).numpy()
print(repr(f), f, f[0], repr(f[0]), f.dtype)
d = torch.tensor([0.1, 2.5, -3.0], dtype=torch.float64).numpy()
print(repr(d), d[0])
b = torch.tensor([True, False]).numpy()
print(repr(b), b)
print(repr(np.array([1.0, 2.0])), repr(np.array([1, 2]) / 2), repr(np.array([1, 2]) + 1.5))
print(repr(a * 2), repr(a.sum()), a.mean(), a.max(axis=0), a.argmax())
print(repr(np.zeros((2, 2))), repr(np.arange(5)), repr(np.array([], dtype=np.float32)))
print(repr(np.arange(30).reshape(3, 10) * 1000))
print(torch.from_numpy(f), torch.tensor(d).dtype, torch.as_tensor(a).dtype)
print(a.tolist(), repr(np.array(3.5)), np.array(3.5), repr(np.array([[1.5, float('nan')], [float('inf'), -2]])))
print(repr(np.arange(2000)))
print(repr(np.float32(0.1)), np.float32(0.1) * 2, np.int64(3), repr(np.array([1, 2], dtype=np.int32)))
x = torch.ones(2, requires_grad=True)
try:
    x.numpy()
except RuntimeError as e:
    print("RuntimeError", e)
print(repr(np.array([0.001, 0.5])), repr(np.array([123456.789, 1.5])))
print(repr(np.array([[1e-5, 1.0], [2.5, -3e6]])), np.array([1e10, -2.0]))
print(repr(np.array([1, 2], dtype=np.int32) + np.array([1.5, 2.5], dtype=np.float32)))
print(repr(np.array([3, -7]) // 2), repr(np.array([3, -7]) % 2), repr(np.array([1, 2]) ** 2))
print(repr(np.array([1.0, 2.0]) == 1.0), repr(-np.array([1, 2])), abs(np.array([-1.5])))
c = np.arange(6).reshape(2, 3)
print(c.T, c.transpose().shape, c.flatten(), c.copy().ravel(), c.astype(np.float32))
print(np.concatenate([c, c]).shape, np.stack([c, c], axis=1).shape, np.argmax(c), np.mean(c))
print(c.min(), c.max(axis=1), c.sum(axis=0), c.all(), c.any(), len(c), 4 in c)
print(np.array([[True, False], [False, False]]).any(axis=1))
try:
    bool(c)
except ValueError as e:
    print("ValueError", e)
try:
    np.array([1, 2]).max() + np.zeros(0).max()
except ValueError as e:
    print("ValueError", e)
print(repr(np.ones((2, 3), dtype=np.float32)), repr(np.full(3, 7)), np.zeros_like(c).dtype)
big = np.arange(2000.0).reshape(40, 50) / 7
print(repr(big))
print(str(np.arange(12).reshape(2, 2, 3)))
