# torch._dynamo.config: module-level settings with upstream's defaults, and patch()
# usable as a context manager and as a decorator. The runtime reads them at every
# compile (runtime/internal/state.cc ReadConfig).
import os as _os

from torch._dynamo._regions import ContextDecorator

recompile_limit = 8
cache_size_limit = 8
accumulated_recompile_limit = 256
accumulated_cache_size_limit = 256
fail_on_recompile_limit_hit = False
suppress_errors = False
# The environment overrides upstream reads at import (its messages name them).
verbose = _os.environ.get("TORCHDYNAMO_VERBOSE", "0") == "1"
capture_scalar_outputs = _os.environ.get("TORCHDYNAMO_CAPTURE_SCALAR_OUTPUTS") == "1"
capture_dynamic_output_shape_ops = (
    _os.environ.get("TORCHDYNAMO_CAPTURE_DYNAMIC_OUTPUT_SHAPE_OPS", "0") == "1")
automatic_dynamic_shapes = True
assume_static_by_default = True
specialize_int = False
specialize_float = False
allow_unspec_int_on_nn_module = False
force_parameter_static_shapes = True
nested_graph_breaks = False
error_on_recompile = False
reorderable_logging_functions = set()


def _this_module():
    # The module object itself (this file's globals), found through its parent.
    from torch._dynamo import config
    return config


# Sets the given settings on entry and restores the previous values on exit; entries
# nest (each `with` remembers its own saved values).
class _ConfigPatch(ContextDecorator):
    def __init__(self, changes):
        self._changes = changes
        self._saved = []

    def __enter__(self):
        config = _this_module()
        saved = {}
        for key, value in self._changes.items():
            if not hasattr(config, key):
                raise AttributeError(f"torch._dynamo.config.{key} does not exist")
            saved[key] = getattr(config, key)
            setattr(config, key, value)
        self._saved.append(saved)
        return self

    def __exit__(self, exc_type, exc, tb):
        config = _this_module()
        for key, value in self._saved.pop().items():
            setattr(config, key, value)
        return False


# config.patch(name=value, ...) or config.patch({"name": value}).
def patch(arg=None, **changes):
    if isinstance(arg, dict):
        changes = dict(arg, **changes)
    elif isinstance(arg, str):
        raise TypeError("use config.patch(name=value)")
    return _ConfigPatch(changes)
