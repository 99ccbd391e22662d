# torch.nn.modules.module: Module, the base class of every layer. Like PyTorch, a module
# keeps its parameters, buffers and submodules in three ordered dicts (not in the
# instance dict); __setattr__ routes assignments there and __getattr__ finds them again.
# Iterators (parameters(), modules(), ...) are iterators over lists because wick has no
# generators; the order and de-duplication are PyTorch 1.13's.
import torch
from torch.utils import hooks

try:
    from torch._C._nn import Parameter  # wick's native Parameter
except ImportError:
    from torch.nn.parameter import Parameter  # CPython + PyTorch (validate_against_torch.py)

try:
    from collections import OrderedDict
except ImportError:
    # wick has no collections module yet: state dicts are plain (ordered) dicts, which
    # differ from PyTorch's only in their repr.
    OrderedDict = dict


_LEGACY_TENSOR_NAMES = {
    torch.float32: "torch.FloatTensor", torch.float64: "torch.DoubleTensor",
    torch.int64: "torch.LongTensor", torch.int32: "torch.IntTensor",
    torch.bool: "torch.BoolTensor",
}


def _typename(obj):
    # torch.typename: the legacy tensor type name, else the object's qualified type name.
    if isinstance(obj, torch.Tensor):
        return _LEGACY_TENSOR_NAMES.get(obj.dtype, "torch.Tensor")
    module = getattr(obj, "__module__", None)
    prefix = module + "." if module is not None and module != "builtins" else ""
    name = getattr(obj, "__qualname__", None)
    if name is None:
        name = getattr(obj, "__name__", None)
    if name is None:
        name = type(obj).__name__
    return prefix + name


def _addindent(s, num_spaces):
    # Indents every line but the first: nested module reprs line up under their key.
    lines = s.split("\n")
    if len(lines) == 1:
        return s
    first = lines.pop(0)
    return first + "\n" + "\n".join([(num_spaces * " ") + line for line in lines])


class _IncompatibleKeys:
    # load_state_dict's result: a (missing_keys, unexpected_keys) pair.
    def __init__(self, missing_keys, unexpected_keys):
        self.missing_keys = missing_keys
        self.unexpected_keys = unexpected_keys

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return "_IncompatibleKeys(missing_keys={!r}, unexpected_keys={!r})".format(
            self.missing_keys, self.unexpected_keys)

    __str__ = __repr__

    def __len__(self):
        return 2

    def __getitem__(self, index):
        return [self.missing_keys, self.unexpected_keys][index]

    def __iter__(self):
        return iter([self.missing_keys, self.unexpected_keys])


def _forward_unimplemented(self, *input):
    raise NotImplementedError(
        f"Module [{type(self).__name__}] is missing the required \"forward\" function")


def _remove_key(d, name):
    if name in d:
        del d[name]


_STATE_STORES = ("_parameters", "_buffers", "_modules")


def _holds_module(pairs, module):
    for _, m in pairs:
        if m is module:
            return True
    return False


# Hooks every module runs (register_module_forward_pre_hook / _hook), before its own.
_global_forward_pre_hooks = OrderedDict()
_global_forward_hooks = OrderedDict()


def register_module_forward_pre_hook(hook):
    handle = hooks.RemovableHandle(_global_forward_pre_hooks)
    _global_forward_pre_hooks[handle.id] = hook
    return handle


def register_module_forward_hook(hook):
    handle = hooks.RemovableHandle(_global_forward_hooks)
    _global_forward_hooks[handle.id] = hook
    return handle


class _WrappedHook:
    # A load-state-dict pre-hook registered with_module=True gets the module first.
    def __init__(self, hook, module=None):
        self.hook = hook
        self.module = module

    def __call__(self, *args, **kwargs):
        if self.module is not None:
            return self.hook(self.module, *args, **kwargs)
        return self.hook(*args, **kwargs)


class Module:
    dump_patches = False
    _version = 1
    # The same dicts as the module globals, where the compiler looks for them.
    _global_forward_hooks = _global_forward_hooks
    _global_forward_pre_hooks = _global_forward_pre_hooks

    def __init__(self):
        # object.__setattr__ skips Module.__setattr__, which needs these dicts to exist.
        object.__setattr__(self, "training", True)
        object.__setattr__(self, "_parameters", OrderedDict())
        object.__setattr__(self, "_buffers", OrderedDict())
        object.__setattr__(self, "_non_persistent_buffers_set", set())
        object.__setattr__(self, "_modules", OrderedDict())
        object.__setattr__(self, "_backward_hooks", OrderedDict())
        object.__setattr__(self, "_forward_hooks", OrderedDict())
        object.__setattr__(self, "_forward_pre_hooks", OrderedDict())
        object.__setattr__(self, "_state_dict_hooks", OrderedDict())
        object.__setattr__(self, "_load_state_dict_pre_hooks", OrderedDict())
        object.__setattr__(self, "_load_state_dict_post_hooks", OrderedDict())

    forward = _forward_unimplemented

    def _call_impl(self, *input, **kwargs):
        # Pre-hooks may replace the positional inputs (a non-tuple result is wrapped);
        # forward hooks see those inputs and may replace the output. The compiler
        # inlines this for a module with hooks, forward alone otherwise.
        if not (self._forward_hooks or self._forward_pre_hooks or _global_forward_hooks
                or _global_forward_pre_hooks):
            return self.forward(*input, **kwargs)
        for hook in list(_global_forward_pre_hooks.values()) + \
                list(self._forward_pre_hooks.values()):
            result = hook(self, input)
            if result is not None:
                if not isinstance(result, tuple):
                    result = (result,)
                input = result
        result = self.forward(*input, **kwargs)
        for hook in list(_global_forward_hooks.values()) + list(self._forward_hooks.values()):
            hook_result = hook(self, input, result)
            if hook_result is not None:
                result = hook_result
        return result

    __call__ = _call_impl

    def compile(self, *args, **kwargs):
        # PyTorch 2.x's Module.compile compiles __call__ in place and returns None; in
        # eager mode it changes nothing observable.
        return None

    # --- Hooks ------------------------------------------------------------------------------

    def register_forward_pre_hook(self, hook):
        handle = hooks.RemovableHandle(self._forward_pre_hooks)
        self._forward_pre_hooks[handle.id] = hook
        return handle

    def register_forward_hook(self, hook):
        handle = hooks.RemovableHandle(self._forward_hooks)
        self._forward_hooks[handle.id] = hook
        return handle

    def register_full_backward_hook(self, hook):
        raise NotImplementedError("register_full_backward_hook: autograd is not available "
                                  "in wick yet")

    register_backward_hook = register_full_backward_hook

    def _register_state_dict_hook(self, hook):
        handle = hooks.RemovableHandle(self._state_dict_hooks)
        self._state_dict_hooks[handle.id] = hook
        return handle

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        handle = hooks.RemovableHandle(self._load_state_dict_pre_hooks)
        self._load_state_dict_pre_hooks[handle.id] = _WrappedHook(
            hook, self if with_module else None)
        return handle

    def register_load_state_dict_post_hook(self, hook):
        handle = hooks.RemovableHandle(self._load_state_dict_post_hooks)
        self._load_state_dict_post_hooks[handle.id] = hook
        return handle

    # --- Registration ---------------------------------------------------------------------

    def register_buffer(self, name, tensor, persistent=True):
        if getattr(self, "_buffers", None) is None:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError("buffer name should be a string. Got {}".format(_typename(name)))
        elif "." in name:
            raise KeyError("buffer name can't contain \".\"")
        elif name == "":
            raise KeyError("buffer name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._buffers:
            raise KeyError("attribute '{}' already exists".format(name))
        elif tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '{}' object to buffer '{}' "
                            "(torch Tensor or None required)".format(_typename(tensor), name))
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if getattr(self, "_parameters", None) is None:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        elif not isinstance(name, str):
            raise TypeError("parameter name should be a string. Got {}".format(_typename(name)))
        elif "." in name:
            raise KeyError("parameter name can't contain \".\"")
        elif name == "":
            raise KeyError("parameter name can't be empty string \"\"")
        elif hasattr(self, name) and name not in self._parameters:
            raise KeyError("attribute '{}' already exists".format(name))
        if param is not None and not isinstance(param, Parameter):
            raise TypeError("cannot assign '{}' object to parameter '{}' "
                            "(torch.nn.Parameter or None required)".format(_typename(param), name))
        self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError("{} is not a Module subclass".format(_typename(module)))
        elif not isinstance(name, str):
            raise TypeError("module name should be a string. Got {}".format(_typename(name)))
        elif hasattr(self, name) and name not in self._modules:
            raise KeyError("attribute '{}' already exists".format(name))
        elif "." in name:
            raise KeyError("module name can't contain \".\", got: {}".format(name))
        elif name == "":
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    # --- Attribute routing ----------------------------------------------------------------

    def __getattr__(self, name):
        # Only reached when ordinary lookup fails: look in the three stores.
        if name not in _STATE_STORES:
            for store_name in _STATE_STORES:
                store = getattr(self, store_name, None)
                if store is not None and name in store:
                    return store[name]
        raise AttributeError("'{}' object has no attribute '{}'".format(
            type(self).__name__, name))

    def __setattr__(self, name, value):
        params = getattr(self, "_parameters", None)
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            self._forget(name, "_parameters")
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError("cannot assign '{}' as parameter '{}' "
                                "(torch.nn.Parameter or None expected)".format(_typename(value), name))
            self.register_parameter(name, value)
        else:
            self._set_module_buffer_or_attr(name, value)

    def _set_module_buffer_or_attr(self, name, value):
        modules = getattr(self, "_modules", None)
        if isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            self._forget(name, "_modules")
            modules[name] = value
        elif modules is not None and name in modules:
            if value is not None:
                raise TypeError("cannot assign '{}' as child module '{}' "
                                "(torch.nn.Module or None expected)".format(_typename(value), name))
            modules[name] = value
        else:
            buffers = getattr(self, "_buffers", None)
            if buffers is not None and name in buffers:
                if value is not None and not isinstance(value, torch.Tensor):
                    raise TypeError("cannot assign '{}' as buffer '{}' "
                                    "(torch.Tensor or None expected)".format(_typename(value), name))
                buffers[name] = value
            else:
                object.__setattr__(self, name, value)

    def _forget(self, name, keep):
        # Removes `name` from the instance dict and every store except `keep`.
        _remove_key(vars(self), name)
        for store_name in _STATE_STORES:
            if store_name != keep:
                _remove_key(getattr(self, store_name), name)
        self._non_persistent_buffers_set.discard(name)

    def __delattr__(self, name):
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    # --- Traversal --------------------------------------------------------------------------

    def _named_members(self, get_members, prefix="", recurse=True):
        # Each member once (by identity), in module order, with its dotted name.
        seen = set()
        out = []
        modules = self.named_modules(prefix=prefix) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in get_members(module):
                if v is None or id(v) in seen:
                    continue
                seen.add(id(v))
                out.append((module_prefix + ("." if module_prefix else "") + k, v))
        return out

    def named_parameters(self, prefix="", recurse=True):
        return iter(self._named_members(lambda m: m._parameters.items(), prefix, recurse))

    def parameters(self, recurse=True):
        return iter([p for _, p in self.named_parameters(recurse=recurse)])

    def named_buffers(self, prefix="", recurse=True):
        return iter(self._named_members(lambda m: m._buffers.items(), prefix, recurse))

    def buffers(self, recurse=True):
        return iter([b for _, b in self.named_buffers(recurse=recurse)])

    def named_children(self):
        # Each child once (by identity), in registration order. A scan of the pairs
        # rather than a set, so that forward code iterating children traces into one
        # graph (modules have few children).
        out = []
        for name, module in self._modules.items():
            if module is not None and not _holds_module(out, module):
                out.append((name, module))
        return iter(out)

    def children(self):
        return iter([m for _, m in self.named_children()])

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        out = []
        self._collect_modules(memo, prefix, remove_duplicate, out)
        return iter(out)

    def _collect_modules(self, memo, prefix, remove_duplicate, out):
        # Pre-order walk: this module, then each child subtree. Without a caller's memo
        # set, the modules already listed are the memo (traceable, as named_children).
        if memo is not None:
            if self in memo:
                return
            if remove_duplicate:
                memo.add(self)
        elif remove_duplicate and _holds_module(out, self):
            return
        out.append((prefix, self))
        for name, module in self._modules.items():
            if module is not None:
                sub_prefix = prefix + ("." if prefix else "") + name
                module._collect_modules(memo, sub_prefix, remove_duplicate, out)

    def modules(self):
        return iter([m for _, m in self.named_modules()])

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # --- Modes ------------------------------------------------------------------------------

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=False):
        # Without autograd no parameter has a gradient; kept for scripts that call it.
        for p in self.parameters():
            if getattr(p, "grad", None) is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad.zero_()

    # --- Conversions --------------------------------------------------------------------------

    def _apply(self, fn):
        # Converted parameters keep their identity (PyTorch swaps .data in place), so that
        # a parameter shared by two modules (tied weights) stays shared; their .grad too.
        for module in self.children():
            module._apply(fn)
        for key, param in self._parameters.items():
            if param is None:
                continue
            with torch.no_grad():
                converted = fn(param)
            if converted is not param:
                param.data = converted
                if param.grad is not None:
                    with torch.no_grad():
                        grad = fn(param.grad)
                    if grad is not param.grad:
                        param.grad.data = grad
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def float(self):
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self):
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    def cpu(self):
        return self

    def to(self, *args, **kwargs):
        # Module.to(dtype), .to(device), .to(tensor): only floating tensors change dtype.
        dtype = kwargs.get("dtype", None)
        for arg in args:
            if isinstance(arg, torch.Tensor):
                dtype = arg.dtype
            elif isinstance(arg, type(torch.float32)):
                dtype = arg
        if dtype is None:
            return self
        if not dtype.is_floating_point:
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, "
                            "but got desired dtype={}".format(dtype))
        return self._apply(lambda t: t.to(dtype) if t.is_floating_point() else t)

    # --- State dicts --------------------------------------------------------------------------

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, destination=None, prefix="", keep_vars=False):
        if destination is None:
            destination = OrderedDict()
            _set_metadata(destination, OrderedDict())
        local_metadata = {"version": self._version}
        metadata = getattr(destination, "_metadata", None)
        if metadata is not None:
            metadata[prefix[:-1]] = local_metadata
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".",
                                  keep_vars=keep_vars)
        for hook in self._state_dict_hooks.values():
            hook_result = hook(self, destination, prefix, local_metadata)
            if hook_result is not None:
                destination = hook_result
        return destination

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict,
                              missing_keys, unexpected_keys, error_msgs):
        for hook in self._load_state_dict_pre_hooks.values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                 error_msgs)
        local_state = {}
        for k, v in self._parameters.items():
            if v is not None:
                local_state[k] = v
        for k, v in self._buffers.items():
            if v is not None and k not in self._non_persistent_buffers_set:
                local_state[k] = v
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                error = _copy_param(key, param, state_dict[key])
                if error is not None:
                    error_msgs.append(error)
            elif strict:
                missing_keys.append(key)
        if strict:
            for key in state_dict.keys():
                if key.startswith(prefix) and key != prefix + "_extra_state":
                    input_name = key[len(prefix):].split(".", 1)[0]
                    if input_name not in self._modules and input_name not in local_state:
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True):
        if not isinstance(state_dict, dict) and not hasattr(state_dict, "keys"):
            raise TypeError("Expected state_dict to be dict-like, got {}.".format(type(state_dict)))
        missing_keys = []
        unexpected_keys = []
        error_msgs = []
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)
        if metadata is not None:
            _set_metadata(state_dict, metadata)
        self._load_recursive(state_dict, "", missing_keys, unexpected_keys, error_msgs,
                             metadata)
        if strict:
            if len(unexpected_keys) > 0:
                error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(['"{}"'.format(k) for k in unexpected_keys])))
            if len(missing_keys) > 0:
                error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(['"{}"'.format(k) for k in missing_keys])))
        if len(error_msgs) > 0:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                type(self).__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    def _load_recursive(self, local_state_dict, prefix, missing_keys, unexpected_keys,
                        error_msgs, metadata):
        # Each module checks the keys under its prefix; children get the filtered dict.
        # The versions state_dict() recorded reach each module (none for a plain dict).
        local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
        self._load_from_state_dict(local_state_dict, prefix, local_metadata, True,
                                   missing_keys, unexpected_keys, error_msgs)
        for name, child in self._modules.items():
            if child is not None:
                child_prefix = prefix + name + "."
                child_state = {}
                for k, v in local_state_dict.items():
                    if k.startswith(child_prefix):
                        child_state[k] = v
                child._load_recursive(child_state, child_prefix, missing_keys,
                                      unexpected_keys, error_msgs, metadata)
        incompatible_keys = _IncompatibleKeys(missing_keys, unexpected_keys)
        for hook in self._load_state_dict_post_hooks.values():
            out = hook(self, incompatible_keys)
            if out is not None:
                raise AssertionError(
                    "Hooks registered with ``register_load_state_dict_post_hook`` are not"
                    "expected to return new values, if incompatible_keys need to be modified,"
                    "it should be done inplace.")

    # --- Printing -----------------------------------------------------------------------------

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        # extra_repr's lines, then one "(key): repr" line per child, indented.
        extra_lines = []
        extra_repr = self.extra_repr()
        if extra_repr:
            extra_lines = extra_repr.split("\n")
        child_lines = []
        for key, module in self._modules.items():
            child_lines.append("(" + key + "): " + _addindent(repr(module), 2))
        lines = extra_lines + child_lines
        main_str = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main_str += extra_lines[0]
            else:
                main_str += "\n  " + "\n  ".join(lines) + "\n"
        return main_str + ")"


def _set_metadata(state_dict, metadata):
    # state_dict._metadata: the per-module versions (a plain dict cannot hold it).
    try:
        state_dict._metadata = metadata
    except AttributeError:
        pass


def _copy_param(key, param, input_param):
    # Copies one checkpoint entry into `param`; returns an error message or None.
    if not isinstance(input_param, torch.Tensor):
        return ('While copying the parameter named "{}", expected torch.Tensor or '
                "Tensor-like object from checkpoint but received {}".format(key, type(input_param)))
    # Backward compatibility: a 1-element 1-d checkpoint entry loads into a 0-d tensor.
    if len(param.shape) == 0 and len(input_param.shape) == 1:
        input_param = input_param[0]
    if input_param.shape != param.shape:
        return ("size mismatch for {}: copying a param with shape {} from checkpoint, "
                "the shape in current model is {}.".format(key, input_param.shape, param.shape))
    try:
        with torch.no_grad():
            param.copy_(input_param)
    except Exception as ex:
        return ('While copying the parameter named "{}", whose dimensions in the model are '
                "{} and whose dimensions in the checkpoint are {}, an exception occurred : "
                "{}.".format(key, param.size(), input_param.size(), ex.args))
    return None
