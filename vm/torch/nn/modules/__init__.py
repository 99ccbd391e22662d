# torch.nn.modules: the package of layer classes; torch.nn re-exports these names.
from torch.nn.modules.module import Module
from torch.nn.modules.container import ModuleDict, ModuleList, Sequential
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import (GELU, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax,
                                         Softplus, Tanh)
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.loss import CrossEntropyLoss, MSELoss, NLLLoss
