# copy: shallow and deep copies (copy.copy, copy.deepcopy) with __copy__ / __deepcopy__
# and a memo, as CPython's copy module behaves for what wick's objects are: builtin
# containers, instances with a __dict__ (nn.Modules included: their __dict__ is copied
# without calling __setattr__, as pickling's state restore does), and tensors.
import sys


class Error(Exception):
    pass


error = Error

# Objects that are their own copy (the builtin types of these names that exist here).
import builtins as _builtins

_ATOMIC = tuple(getattr(_builtins, name) for name in (
    "int", "float", "bool", "complex", "str", "bytes", "type", "range", "slice",
    "frozenset") if hasattr(_builtins, name)) + (
        type(None), type(len), type(Ellipsis), type(NotImplemented), type(sys))
del _builtins


def _is_atomic(x):
    if isinstance(x, _ATOMIC):
        return True
    return type(x).__name__ in ("function", "property", "code")


def _torch():
    return sys.modules.get("torch")


def _tensor_copy(x, deep, memo):
    torch = _torch()
    if torch is None or not isinstance(x, torch.Tensor):
        return None
    if not deep:
        raise Error("un(shallow)copyable object of type %s" % type(x))
    if isinstance(x, torch.nn.Parameter):
        y = torch.nn.Parameter(x.detach().clone(), requires_grad=x.requires_grad)
    else:
        y = x.clone()
        y.requires_grad = x.requires_grad
    extra = getattr(x, "__dict__", None)
    if extra:
        for key, value in extra.items():
            setattr(y, key, deepcopy(value, memo))
    return y


def copy(x):
    """A shallow copy of x."""
    cls = type(x)
    if _is_atomic(x):
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is set:
        return set(x)
    if cls is tuple:
        return x
    copier = getattr(cls, "__copy__", None)
    if copier is not None:
        return copier(x)
    return _copy_instance(x, None)


def deepcopy(x, memo=None, _nil=[]):
    """A deep copy of x; memo maps id() of what was copied to its copy."""
    if memo is None:
        memo = {}
    key = id(x)
    y = memo.get(key, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if _is_atomic(x):
        return x
    if cls is list:
        y = []
        memo[key] = y
        for item in x:
            y.append(deepcopy(item, memo))
    elif cls is dict:
        y = {}
        memo[key] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls is set:
        y = {deepcopy(item, memo) for item in x}
    elif cls is tuple:
        items = [deepcopy(item, memo) for item in x]
        if key in memo:  # it was reached through itself
            return memo[key]
        y = x if all(a is b for a, b in zip(items, x)) else tuple(items)
    else:
        copier = getattr(x, "__deepcopy__", None)
        if copier is not None:
            y = copier(memo)
        else:
            y = _tensor_copy(x, True, memo)
            if y is None:
                y = _copy_instance(x, memo)
    if y is not x:
        memo[key] = y
        _keep_alive(x, memo)
    return y


def _keep_alive(x, memo):
    # As CPython's: the originals stay referenced by the memo while it lives, so their
    # ids cannot be reused by new objects during the copy.
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _slot_state(x):
    """The __slots__ values set on x, over its whole MRO (copyreg's _slotnames)."""
    state = {}
    for klass in type(x).__mro__:
        slots = klass.__dict__.get("__slots__", ())
        if isinstance(slots, str):
            slots = (slots,)
        for name in slots:
            if name not in ("__dict__", "__weakref__") and hasattr(x, name):
                state[name] = getattr(x, name)
    return state


def _copy_instance(x, memo):
    cls = type(x)
    has_dict = hasattr(x, "__dict__")
    if not has_dict:
        if isinstance(x, (list, dict, tuple, set)):  # a subclass without __dict__ state
            base = list if isinstance(x, list) else dict if isinstance(x, dict) else \
                tuple if isinstance(x, tuple) else set
            items = base(x) if memo is None else deepcopy(base(x), memo)
            return cls(items)
        if not any("__slots__" in klass.__dict__ for klass in cls.__mro__):
            raise Error("un(%s)copyable object of type %s"
                        % ("deep" if memo is not None else "shallow", cls))
    y = cls.__new__(cls)
    if memo is not None:
        memo[id(x)] = y
    # A dict/list subclass keeps its items too.
    if isinstance(x, dict):
        for k, v in x.items():
            dict.__setitem__(y, k if memo is None else deepcopy(k, memo),
                             v if memo is None else deepcopy(v, memo))
    elif isinstance(x, list):
        for v in x:
            list.append(y, v if memo is None else deepcopy(v, memo))
    if has_dict:
        state = x.__dict__
        if memo is not None:
            state = deepcopy(state, memo)
        setstate = getattr(y, "__setstate__", None)
        if setstate is not None and getattr(cls, "__setstate__", None) is not None:
            setstate(state)
        else:
            y.__dict__.update(state)
    for name, value in _slot_state(x).items():
        setattr(y, name, value if memo is None else deepcopy(value, memo))
    return y
