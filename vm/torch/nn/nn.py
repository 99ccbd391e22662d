# torch.nn for wick: Python source embedded in the binary (see prelude.h) so the tracer
# can inline module code as Dynamo does. Only the public torch API is used, plus the
# native Parameter (torch._C._nn.Parameter). The layer classes live in torch.nn.modules.*
# under PyTorch's module names, so their reprs and type names match.
from torch.nn import functional
from torch.nn import init
from torch.nn.modules.module import Module, Parameter
from torch.nn.modules.container import ModuleDict, ModuleList, Sequential
from torch.nn.modules.linear import Identity, Linear
from torch.nn.modules.activation import (GELU, Hardsigmoid, Hardswish, Hardtanh, LogSoftmax,
                                         ReLU, ReLU6, Sigmoid, SiLU, Softmax, Softplus, Tanh)
from torch.nn.modules.normalization import LayerNorm
from torch.nn.modules.sparse import Embedding
from torch.nn.modules.dropout import Dropout
from torch.nn.modules.loss import CrossEntropyLoss, CTCLoss, MSELoss, NLLLoss
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from torch.nn.modules.normalization import GroupNorm, LocalResponseNorm
from torch.nn.modules.upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d
from torch.nn.modules.pixelshuffle import PixelShuffle, PixelUnshuffle
from torch.nn.modules.flatten import Flatten, Unflatten
from torch.nn.modules.fold import Fold, Unfold
from torch.nn.modules.conv import (Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d,
                                   ConvTranspose3d)
from torch.nn.modules.pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,
                                      AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, AvgPool3d,
                                      MaxPool1d, MaxPool2d, MaxPool3d)
from torch.nn.modules.padding import (ConstantPad1d, ConstantPad2d, ConstantPad3d,
                                      ReflectionPad1d, ReflectionPad2d, ReflectionPad3d,
                                      ReplicationPad1d, ReplicationPad2d, ReplicationPad3d,
                                      ZeroPad2d)
from torch.nn import modules
from torch.nn.modules.rnn import (GRU, GRUCell, LSTM, LSTMCell, RNN, RNNBase, RNNCell,
                                  RNNCellBase)
from torch.nn import utils
from torch.nn.parallel import DataParallel
from torch.nn import parallel
from torch.nn.modules.activation import (CELU, ELU, GLU, LeakyReLU, LogSigmoid, Mish, PReLU,
                                         SELU, Softmin, Softsign, Tanhshrink, Threshold)
from torch.nn.modules.loss import (BCEWithLogitsLoss, HuberLoss, KLDivLoss, L1Loss,
                                   SmoothL1Loss)
from torch.nn.modules.container import ParameterDict, ParameterList
from torch.nn.modules.linear import Bilinear
from torch.nn.modules.distance import CosineSimilarity, PairwiseDistance
from torch.nn.modules.loss import (BCELoss, CosineEmbeddingLoss, GaussianNLLLoss,
                                   HingeEmbeddingLoss, MarginRankingLoss,
                                   MultiLabelSoftMarginLoss, PoissonNLLLoss, SoftMarginLoss,
                                   TripletMarginLoss)
from torch.nn.modules.activation import MultiheadAttention
from torch.nn.modules.transformer import (Transformer, TransformerDecoder,
                                          TransformerDecoderLayer, TransformerEncoder,
                                          TransformerEncoderLayer)
