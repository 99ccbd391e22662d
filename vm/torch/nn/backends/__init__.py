# torch.backends for wick: the flags CPU scripts set and read. wick's kernels are its own
# (oneDNN underneath), so the cuDNN/MPS flags only hold what a script stores in them.
from torch.backends import cpu, cuda, cudnn, mkldnn, mps, openmp
