# Tensor shifts (<<, >>, bitwise_left_shift/right_shift): integer dtypes only, counts taken
# modulo the bit width as PyTorch 1.13 does on x86.
import torch
a = torch.tensor([5, -7, 64])
print(a >> 1, a << 2, 1 << a[:2], a >> torch.tensor([1, 2, 3]), torch.bitwise_right_shift(a, 1), torch.bitwise_left_shift(a, 70), a >> 70, a >> -1, (a << -1))
for fn in (lambda: torch.tensor([True]) >> 1, lambda: torch.tensor([True]) >> torch.tensor([True]), lambda: a.int() >> 1, lambda: (a.int() >> 40), lambda: 100 >> a, lambda: 2.5 >> a, lambda: a >> 1.5, lambda: a.int() >> torch.tensor(2), lambda: torch.tensor([1], dtype=torch.int32) << torch.tensor([40]), lambda: torch.tensor([5., -7.]) >> 1):
    try:
        r = fn(); print(r)
    except Exception as e:
        print(type(e).__name__, e)
a >>= 1; print(a)
b = a.int(); b <<= 3; print(b)
print(a.bitwise_left_shift(2), torch.compile(lambda t: (t >> 1) + (t << 1))(a))
