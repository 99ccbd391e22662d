# torch.backends.cuda: no CUDA in wick; the matmul/SDPA flags keep PyTorch's defaults.
class _MatmulFlags:
    def __init__(self):
        self.allow_tf32 = False
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True


matmul = _MatmulFlags()


def is_built():
    return False
