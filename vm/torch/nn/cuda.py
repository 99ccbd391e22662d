# torch.cuda for wick, which runs on the CPU only: what PyTorch built without CUDA
# answers. Queries say there is no device; anything that needs one raises PyTorch's
# AssertionError; seeding is accepted and does nothing, as it does there.
_NOT_COMPILED = "Torch not compiled with CUDA enabled"


def is_available():
    return False


def device_count():
    return 0


def is_initialized():
    return False


def _lazy_init():
    raise AssertionError(_NOT_COMPILED)


def init():
    _lazy_init()


def current_device():
    _lazy_init()


def set_device(device):
    _lazy_init()


def get_device_name(device=None):
    _lazy_init()


def get_device_properties(device):
    _lazy_init()


def get_device_capability(device=None):
    _lazy_init()


def synchronize(device=None):
    _lazy_init()


def empty_cache():
    pass


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass


def seed():
    pass


def seed_all():
    pass


def memory_allocated(device=None):
    return 0


def max_memory_allocated(device=None):
    return 0


def memory_reserved(device=None):
    return 0


def is_bf16_supported():
    return False
