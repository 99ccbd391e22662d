# torch.nn.parallel for wick: wick runs on the CPU only, so DataParallel (like PyTorch's
# without CUDA devices) runs its module directly.
from torch.nn.parallel.data_parallel import DataParallel, data_parallel
