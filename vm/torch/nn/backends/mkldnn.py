# torch.backends.mkldnn: wick computes on oneDNN (MKL-DNN's new name).
enabled = True


def is_available():
    return True
