# torch.nn for wick: Python source embedded in the binary (see prelude.h) so the tracer
# can inline module code as Dynamo does. Only the public torch API is used, plus the
# native Parameter (torch._C._nn.Parameter). The layer classes live in torch.nn.modules.*
# under PyTorch's module names, so their reprs and type names match.
from torch.nn import functional
from torch.nn import init
from torch.nn.modules.module import Module, Parameter
from torch.nn.modules.container import ModuleDict, ModuleList, Sequential
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import (GELU, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax,
                                         Softplus, Tanh)
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.loss import CrossEntropyLoss, MSELoss, NLLLoss
from torch.nn import modules
