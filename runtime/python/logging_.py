# torch._logging for wick, registered by the runtime: set_logs configures the same log
# channels and artifacts as TORCH_LOGS (upstream's keywords, levels and errors).
import _wick_runtime


def set_logs(**kwargs):
    return _wick_runtime.set_logs(**kwargs)
