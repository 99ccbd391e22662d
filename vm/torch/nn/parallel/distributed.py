# torch.nn.parallel.distributed: DistributedDataParallel, for isinstance checks; wick has
# no process groups, so constructing one fails as it does in PyTorch before
# init_process_group.
from torch.nn.modules.module import Module


class DistributedDataParallel(Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0,
                 broadcast_buffers=True, process_group=None, bucket_cap_mb=25,
                 find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False):
        super().__init__()
        raise RuntimeError("Default process group has not been initialized, please make sure "
                           "to call init_process_group.")
