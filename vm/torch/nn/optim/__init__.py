# torch.optim for wick. Optimizers keep PyTorch's parameter groups, defaults, checks,
# reprs and state dicts. wick has no autograd yet (issue M16): parameters never hold
# gradients, so step() updates nothing, exactly as PyTorch's step() skips parameters
# whose .grad is None; a gradient, should one appear, is refused with
# NotImplementedError rather than ignored.
from torch.optim.optimizer import Optimizer, SGD, Adam, AdamW, RMSprop, Adagrad
from torch.optim import lr_scheduler
