"""Reference-side prelude: supplies, as no-ops, the APIs PyTorch 1.13 lacks.

Loaded only by run_reference.py (never by wick). It installs an import hook so that the
first `import torch` of a program gets the missing compile APIs (`torch.compile`,
`torch.compiler.*`, `torch._dynamo.*`, `torch._logging.set_logs`, `Module.compile`,
`F.scaled_dot_product_attention`). Anything torch already has is left untouched, so on
a newer PyTorch this file changes nothing. Programs that never import torch never pay
for loading it.
"""

import collections
import contextlib
import functools
import importlib.abc
import math
import sys
import types


# ----------------------------------------------------------------------------------------
# Small helpers: things usable both as a decorator and as a context manager.


class _NoopRegion(contextlib.ContextDecorator):
    """`with x:` and `@x` that do nothing (error_on_graph_break, set_stance, ...)."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def _decorator_with_optional_args(fn=None, *args, **kwargs):
    """`@dec`, `@dec()`, `@dec(recursive=False)` and `dec(fn)` all return fn unchanged."""
    if fn is None or not callable(fn):
        return lambda f: f
    return fn


# ----------------------------------------------------------------------------------------
# torch.compile and nn.Module.compile.


def _compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor",
             mode=None, options=None, disable=False):
    # Eager reference: compiling is the identity, with or without arguments.
    if model is None:
        return lambda m: m
    return model


def _module_compile(self, *args, **kwargs):
    # PyTorch 2.x compiles the module's __call__ in place and returns None.
    return None


# ----------------------------------------------------------------------------------------
# torch._dynamo.config: defaults as upstream (see /work/shared/SEMANTICS.md, decision 4).


class _Config(types.ModuleType):
    _DEFAULTS = {
        "recompile_limit": 8,
        "cache_size_limit": 8,
        "accumulated_recompile_limit": 256,
        "accumulated_cache_size_limit": 256,
        "fail_on_recompile_limit_hit": False,
        "suppress_errors": False,
        "verbose": False,
        "capture_scalar_outputs": False,
        "capture_dynamic_output_shape_ops": False,
        "automatic_dynamic_shapes": True,
        "assume_static_by_default": True,
        "specialize_int": False,
        "specialize_float": False,
        "nested_graph_breaks": False,
        "error_on_recompile": False,
        "reorderable_logging_functions": set(),
    }

    def __init__(self, name):
        super().__init__(name)
        for key, value in self._DEFAULTS.items():
            setattr(self, key, value.copy() if isinstance(value, set) else value)

    def patch(self, arg=None, **changes):
        if isinstance(arg, dict):
            changes = dict(arg, **changes)
        elif isinstance(arg, str):
            # config.patch("name", value) form.
            raise TypeError("use config.patch(name=value)")
        return _ConfigPatch(self, changes)


class _ConfigPatch(contextlib.ContextDecorator):
    def __init__(self, config, changes):
        self._config = config
        self._changes = changes
        self._saved = []

    def __enter__(self):
        saved = {}
        for key, value in self._changes.items():
            if not hasattr(self._config, key):
                raise AttributeError(
                    f"{self._config.__name__}.{key} does not exist")
            saved[key] = getattr(self._config, key)
            setattr(self._config, key, value)
        self._saved.append(saved)
        return self

    def __exit__(self, *exc):
        for key, value in self._saved.pop().items():
            setattr(self._config, key, value)
        return False


# ----------------------------------------------------------------------------------------
# torch._dynamo.testing counters (they stay at zero in eager mode).


class CompileCounter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class CompileCounterWithBackend(CompileCounter):
    def __init__(self, backend):
        super().__init__()
        self.backend = backend
        self.graphs = []


# ----------------------------------------------------------------------------------------
# F.scaled_dot_product_attention: PyTorch 2.x's math path, for programs that use it.


def _sdpa(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False,
          scale=None, enable_gqa=False):
    import torch
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    scores = torch.matmul(query, key.transpose(-2, -1)) * scale_factor
    if is_causal:
        causal = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
        scores = scores.masked_fill(causal.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            scores = scores.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            scores = scores + attn_mask
    weights = torch.softmax(scores, dim=-1)
    if dropout_p > 0.0:
        weights = torch.nn.functional.dropout(weights, p=dropout_p, training=True)
    return torch.matmul(weights, value)


# ----------------------------------------------------------------------------------------
# Installation.


def _module(name, **attrs):
    mod = types.ModuleType(name)
    for key, value in attrs.items():
        setattr(mod, key, value)
    sys.modules[name] = mod
    return mod


def _install(torch):
    """Adds the missing APIs to an imported torch module."""
    if not hasattr(torch, "compile"):
        torch.compile = _compile
    if not hasattr(torch.nn.Module, "compile"):
        torch.nn.Module.compile = _module_compile
    if not hasattr(torch.nn.functional, "scaled_dot_product_attention"):
        torch.nn.functional.scaled_dot_product_attention = _sdpa

    if "torch.compiler" not in sys.modules and not hasattr(torch, "compiler"):
        torch.compiler = _module(
            "torch.compiler",
            disable=_decorator_with_optional_args,
            reset=lambda: None,
            set_stance=lambda *a, **k: _NoopRegion(),
            is_compiling=lambda: False,
            is_dynamo_compiling=lambda: False,
        )

    try:
        import torch._dynamo  # noqa: F401  (a real one wins)
    except ImportError:
        class TorchDynamoException(RuntimeError):
            pass

        exc = _module(
            "torch._dynamo.exc",
            TorchDynamoException=TorchDynamoException,
        )
        for name in ("Unsupported", "BackendCompilerFailed", "InternalTorchDynamoError",
                     "TorchRuntimeError", "RestartAnalysis", "SkipFrame",
                     "RecompileError", "UserError"):
            setattr(exc, name, type(name, (TorchDynamoException,), {}))
        exc.__all__ = []
        config = _Config("torch._dynamo.config")
        sys.modules["torch._dynamo.config"] = config
        testing = _module(
            "torch._dynamo.testing",
            CompileCounter=CompileCounter,
            CompileCounterWithBackend=CompileCounterWithBackend,
        )
        utils = _module(
            "torch._dynamo.utils",
            counters=collections.defaultdict(collections.Counter),
        )
        dynamo = _module(
            "torch._dynamo",
            exc=exc, config=config, testing=testing, utils=utils,
            graph_break=lambda *a, **k: None,
            skip_frame=lambda *a, **k: None,
            disable=_decorator_with_optional_args,
            reset=lambda: None,
            mark_dynamic=lambda *a, **k: None,
            mark_static=lambda *a, **k: None,
            maybe_mark_dynamic=lambda *a, **k: None,
            allow_in_graph=lambda fn: fn,
            error_on_graph_break=lambda *a, **k: _NoopRegion(),
            optimize=lambda *a, **k: (lambda fn: fn),
            is_compiling=lambda: False,
        )
        torch._dynamo = dynamo

    if not hasattr(torch, "_logging"):
        torch._logging = _module("torch._logging", set_logs=lambda **kw: None)


class _TorchHook(importlib.abc.MetaPathFinder):
    """Patches torch right after its first import, then removes itself."""

    def find_spec(self, fullname, path, target=None):
        if fullname != "torch":
            return None
        sys.meta_path.remove(self)
        import importlib.util
        spec = importlib.util.find_spec("torch")
        if spec is None or spec.loader is None:
            return spec
        real_exec = spec.loader.exec_module

        def exec_module(module):
            real_exec(module)
            _install(module)

        spec.loader.exec_module = exec_module
        return spec


def install_import_hook():
    if "torch" in sys.modules:
        _install(sys.modules["torch"])
    else:
        sys.meta_path.insert(0, _TorchHook())
