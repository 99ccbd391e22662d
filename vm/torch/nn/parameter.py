# torch.nn.parameter: the native Parameter under its PyTorch module name.
from torch._C._nn import Parameter
