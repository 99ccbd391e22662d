# torch.nn.parallel.data_parallel: DataParallel where no accelerator is available, as in a
# CPU-only PyTorch: it keeps the module (state_dict keys gain "module."), has no device
# ids, and its forward calls the module.
from torch.nn.modules.module import Module


class DataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)
