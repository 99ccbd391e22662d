# dtype objects: names, aliases, attributes, printing, tensor dtype queries.
import torch

for dt in [torch.float32, torch.float, torch.float64, torch.double, torch.int64,
           torch.long, torch.int32, torch.int, torch.bool]:
    print(dt, repr(dt), dt.is_floating_point, torch.zeros(1, dtype=dt).element_size())
print(torch.float is torch.float32, torch.long == torch.int64, torch.int == torch.int32)
print(torch.get_default_dtype(), torch.tensor(1.0).dtype, torch.tensor(1).dtype)
x = torch.ones(2, dtype=torch.int32)
print(x.dtype == torch.int32, x.is_floating_point(), x.float().is_floating_point())
print(str(torch.float64), type(torch.float64).__name__)
