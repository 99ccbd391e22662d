# torch.optim for wick. Optimizers keep PyTorch's parameter groups, defaults, checks,
# reprs and state dicts. SGD, Adam and AdamW step as PyTorch 1.13's single-tensor
# (foreach=False) implementations do; RMSprop and Adagrad refuse step() for now.
from torch.optim.optimizer import Optimizer, SGD, Adam, AdamW, RMSprop, Adagrad
from torch.optim import lr_scheduler
