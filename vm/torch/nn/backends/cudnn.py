# torch.backends.cudnn: no cuDNN in wick; the flags keep PyTorch's defaults and whatever a
# script sets.
enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None
