# torch.nn.parallel.data_parallel: with no CUDA devices PyTorch's DataParallel keeps an
# empty device_ids list and its forward calls the wrapped module; wick does the same.
from torch.nn.modules.module import Module


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []
        self.dim = dim
        self.output_device = None
        self.src_device_obj = None

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0,
                  module_kwargs=None):
    if not isinstance(inputs, tuple):
        inputs = (inputs,) if inputs is not None else ()
    return module(*inputs, **(module_kwargs or {}))
