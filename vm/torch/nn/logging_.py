# torch._logging for wick. With the runtime linked, set_logs configures the same log
# channels and artifacts as TORCH_LOGS (upstream's keywords, levels and errors); without
# it (builds of //vm alone) it accepts any settings and ignores them.


def set_logs(**kwargs):
    return None


try:
    import _wick_runtime
except ImportError:
    _wick_runtime = None

if _wick_runtime is not None:
    def set_logs(**kwargs):
        return _wick_runtime.set_logs(**kwargs)
