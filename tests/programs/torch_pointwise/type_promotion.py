# Type promotion between dtypes and with Python scalars (wrapped numbers).
import torch

f32 = torch.ones(2)
f64 = torch.ones(2, dtype=torch.float64)
i64 = torch.ones(2, dtype=torch.int64)
i32 = torch.ones(2, dtype=torch.int32)
b = torch.ones(2, dtype=torch.bool)
pairs = [(f32, f64), (f32, i64), (i64, i32), (i32, b), (b, b), (i64, f64), (i32, f32)]
for x, y in pairs:
    print(x.dtype, y.dtype, (x + y).dtype, (x * y).dtype, (x / y).dtype)
for scalar in [1, 2.5, True]:
    print(type(scalar).__name__, (i64 + scalar).dtype, (i32 * scalar).dtype,
          (f32 + scalar).dtype, (b + scalar).dtype, (f64 * scalar).dtype)
print((i64 / 2).dtype, (i64 // 2).dtype, (i32 ** 2).dtype, (i32 ** 0.5).dtype)
print(torch.tensor(1.5, dtype=torch.float64) + f32, (torch.tensor(2) * f32).dtype)
print((torch.tensor(3) + i32).dtype, (torch.tensor(3.0, dtype=torch.float64) + i32).dtype)
print(torch.result_type(i32, 1.0), torch.promote_types(torch.int32, torch.float32))
