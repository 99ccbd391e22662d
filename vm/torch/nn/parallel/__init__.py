# torch.nn.parallel: DataParallel and DistributedDataParallel as CPU-only PyTorch has them.
from torch.nn.parallel.data_parallel import DataParallel
from torch.nn.parallel.distributed import DistributedDataParallel
