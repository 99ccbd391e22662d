# nn.DataParallel on a CPU-only build (wraps the module, no device ids, state_dict keys
# under "module.") and nn.parallel.DistributedDataParallel for isinstance checks.
import torch
import torch.nn as nn
torch.manual_seed(0)
m = nn.DataParallel(nn.Linear(2, 3))
print(m, m.device_ids, type(m).__module__, list(m.state_dict().keys()), nn.parallel.DataParallel is nn.DataParallel)
with torch.no_grad():
    print(m(torch.ones(1, 2)), m.module)
print(nn.parallel.DistributedDataParallel.__module__, isinstance(m, (nn.DataParallel, nn.parallel.DistributedDataParallel)))
try:
    nn.parallel.DistributedDataParallel(nn.Linear(2, 3))
except Exception as e:
    print(type(e).__name__, e)
