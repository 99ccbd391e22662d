"""dataclasses for wick: @dataclass with init/repr/eq/order/unsafe_hash/frozen/
match_args/kw_only, field(), fields, asdict, astuple, replace, is_dataclass,
FrozenInstanceError and InitVar.

wick has no exec, so the generated methods are closures over the field list rather
than source text; their behaviour (argument errors included) and printed forms are
CPython's."""

__all__ = ["dataclass", "field", "Field", "FrozenInstanceError", "InitVar", "KW_ONLY",
           "MISSING", "fields", "asdict", "astuple", "replace", "is_dataclass"]


class FrozenInstanceError(AttributeError):
    pass


class _MISSING_TYPE:
    pass


MISSING = _MISSING_TYPE()


class _KW_ONLY_TYPE:
    pass


KW_ONLY = _KW_ONLY_TYPE()


class _FieldKind:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


_FIELD = _FieldKind("_FIELD")
_FIELD_CLASSVAR = _FieldKind("_FIELD_CLASSVAR")
_FIELD_INITVAR = _FieldKind("_FIELD_INITVAR")


class InitVar:
    def __init__(self, type):
        self.type = type

    def __repr__(self):
        if isinstance(self.type, type):
            name = self.type.__name__
        else:
            name = repr(self.type)
        return "dataclasses.InitVar[%s]" % (name,)

    def __class_getitem__(cls, type):
        return InitVar(type)


class Field:
    def __init__(self, default, default_factory, init, repr, hash, compare, metadata,
                 kw_only):
        self.name = None
        self.type = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.hash = hash
        self.compare = compare
        self.metadata = {} if metadata is None else metadata
        self.kw_only = kw_only
        self._field_type = None

    def __repr__(self):
        return ("Field(name=%r,type=%r,default=%r,default_factory=%r,init=%r,repr=%r,"
                "hash=%r,compare=%r,metadata=%r,kw_only=%r,_field_type=%r)"
                % (self.name, self.type, self.default, self.default_factory, self.init,
                   self.repr, self.hash, self.compare, self.metadata, self.kw_only,
                   self._field_type))


def field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None,
          compare=True, metadata=None, kw_only=MISSING):
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return Field(default, default_factory, init, repr, hash, compare, metadata, kw_only)


def _is_classvar(annotation):
    if isinstance(annotation, str):
        return annotation.startswith("ClassVar") or annotation.startswith("typing.ClassVar")
    text = repr(annotation)
    return text == "typing.ClassVar" or text.startswith("typing.ClassVar[")


def _is_initvar(annotation):
    if isinstance(annotation, str):
        return annotation.startswith("InitVar") or annotation.startswith("dataclasses.InitVar")
    return annotation is InitVar or isinstance(annotation, InitVar)


def _is_kw_only_marker(annotation):
    if isinstance(annotation, str):
        return annotation in ("KW_ONLY", "dataclasses.KW_ONLY")
    return annotation is _KW_ONLY_TYPE


def _make_field(cls, name, annotation, kw_only):
    default = cls.__dict__.get(name, MISSING)
    if isinstance(default, Field):
        f = default
    else:
        f = field(default=default)
    f.name = name
    f.type = annotation
    f._field_type = _FIELD
    if _is_classvar(annotation):
        f._field_type = _FIELD_CLASSVAR
    elif _is_initvar(annotation):
        f._field_type = _FIELD_INITVAR
    if f._field_type is not _FIELD:
        if f.default_factory is not MISSING:
            raise TypeError("field %s cannot have a default factory" % (name,))
    if f._field_type in (_FIELD, _FIELD_INITVAR):
        if f.kw_only is MISSING:
            f.kw_only = kw_only
    else:
        f.kw_only = False
    if f._field_type is _FIELD and f.default is not MISSING:
        d = f.default
        if isinstance(d, (list, dict, set)):
            raise ValueError("mutable default %s for field %s is not allowed: use "
                             "default_factory" % (type(d), name))
    return f


def _plural(n, word):
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def _quoted_list(names):
    quoted = ["'%s'" % n for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return quoted[0] + " and " + quoted[1]
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _bind(qualname, positional, keyword_only, has_default, args, kwargs):
    if len(args) > len(positional):
        most = len(positional) + 1
        least = most - len([n for n in positional if n in has_default])
        takes = (_plural(most, "positional argument") if least == most
                 else "from %d to %d positional arguments" % (least, most))
        given = len(args) + 1
        raise TypeError("%s() takes %s but %d %s given"
                        % (qualname, takes, given, "was" if given == 1 else "were"))
    values = dict(zip(positional, args))
    for key, value in kwargs.items():
        if key not in positional and key not in keyword_only:
            raise TypeError("%s() got an unexpected keyword argument '%s'" % (qualname, key))
        if key in values:
            raise TypeError("%s() got multiple values for argument '%s'" % (qualname, key))
        values[key] = value
    missing = [n for n in positional if n not in values and n not in has_default]
    if missing:
        raise TypeError("%s() missing %s: %s"
                        % (qualname, _plural(len(missing), "required positional argument"),
                           _quoted_list(missing)))
    missing = [n for n in keyword_only if n not in values and n not in has_default]
    if missing:
        raise TypeError("%s() missing %s: %s"
                        % (qualname, _plural(len(missing), "required keyword-only argument"),
                           _quoted_list(missing)))
    return values


def _make_init(cls, all_fields, frozen):
    init_fields = [f for f in all_fields if f._field_type is not _FIELD_CLASSVAR]
    params = [f for f in init_fields if f.init or f._field_type is _FIELD_INITVAR]
    positional = [f.name for f in params if not f.kw_only]
    keyword_only = [f.name for f in params if f.kw_only]
    has_default = set(f.name for f in params
                      if f.default is not MISSING or f.default_factory is not MISSING)
    seen_default = None
    for f in params:
        if f.kw_only:
            continue
        if f.name in has_default:
            seen_default = f.name
        elif seen_default is not None:
            raise TypeError("non-default argument '%s' follows default argument" % (f.name,))
    qualname = cls.__qualname__ + ".__init__"
    set_attr = object.__setattr__

    def __init__(self, *args, **kwargs):
        values = _bind(qualname, positional, keyword_only, has_default, args, kwargs)
        initvars = []
        for f in init_fields:
            if f._field_type is _FIELD_INITVAR:
                initvars.append(values[f.name] if f.name in values else f.default)
                continue
            if f.name in values:
                value = values[f.name]
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.init and f.default is not MISSING:
                value = f.default
            else:
                continue
            if frozen:
                set_attr(self, f.name, value)
            else:
                setattr(self, f.name, value)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init(*initvars)

    __init__.__qualname__ = qualname
    return __init__


def _make_repr(repr_fields):
    names = [f.name for f in repr_fields]

    def __repr__(self):
        return type(self).__qualname__ + "(" + ", ".join(
            "%s=%r" % (name, getattr(self, name)) for name in names) + ")"

    return __repr__


def _make_compare(cls, compare_fields, op):
    names = [f.name for f in compare_fields]

    def values(obj):
        return tuple(getattr(obj, n) for n in names)

    if op == "eq":
        def method(self, other):
            if other.__class__ is self.__class__:
                return values(self) == values(other)
            return NotImplemented
    elif op == "lt":
        def method(self, other):
            if other.__class__ is self.__class__:
                return values(self) < values(other)
            return NotImplemented
    elif op == "le":
        def method(self, other):
            if other.__class__ is self.__class__:
                return values(self) <= values(other)
            return NotImplemented
    elif op == "gt":
        def method(self, other):
            if other.__class__ is self.__class__:
                return values(self) > values(other)
            return NotImplemented
    else:
        def method(self, other):
            if other.__class__ is self.__class__:
                return values(self) >= values(other)
            return NotImplemented
    method.__qualname__ = cls.__qualname__ + ".__" + op + "__"
    return method


def _make_hash(hash_fields):
    names = [f.name for f in hash_fields]

    def __hash__(self):
        return hash(tuple(getattr(self, n) for n in names))

    return __hash__


def _make_frozen(cls, field_names):
    def __setattr__(self, name, value):
        if type(self) is cls or name in field_names:
            raise FrozenInstanceError("cannot assign to field %r" % (name,))
        super(cls, self).__setattr__(name, value)

    def __delattr__(self, name):
        if type(self) is cls or name in field_names:
            raise FrozenInstanceError("cannot delete field %r" % (name,))
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args, kw_only):
    all_fields = {}
    for base in reversed(cls.__mro__[1:]):
        base_fields = base.__dict__.get("__dataclass_fields__")
        if base_fields is not None:
            for f in base_fields.values():
                all_fields[f.name] = f
    annotations = cls.__dict__.get("__annotations__", {})
    own = []
    kw_only_now = kw_only
    for name, annotation in annotations.items():
        if _is_kw_only_marker(annotation):
            kw_only_now = True
            continue
        f = _make_field(cls, name, annotation, kw_only_now)
        own.append(f)
        all_fields[name] = f
    for f in own:
        if isinstance(cls.__dict__.get(f.name), Field):
            if f.default is MISSING:
                delattr(cls, f.name)
            else:
                setattr(cls, f.name, f.default)
    for name, value in cls.__dict__.items():
        if isinstance(value, Field) and name not in annotations:
            raise TypeError("%r is a field but has no type annotation" % (name,))
    cls.__dataclass_fields__ = all_fields
    cls.__dataclass_params__ = _DataclassParams(init, repr, eq, order, unsafe_hash, frozen)
    field_list = [f for f in all_fields.values() if f._field_type is _FIELD]
    if init:
        cls.__init__ = _make_init(cls, list(all_fields.values()), frozen)
    if repr and "__repr__" not in cls.__dict__:
        method = _make_repr([f for f in field_list if f.repr])
        method.__qualname__ = cls.__qualname__ + ".__repr__"
        cls.__repr__ = method
    compare_fields = [f for f in field_list if f.compare]
    if eq and "__eq__" not in cls.__dict__:
        cls.__eq__ = _make_compare(cls, compare_fields, "eq")
    if order:
        for op in ("lt", "le", "gt", "ge"):
            if "__%s__" % op in cls.__dict__:
                raise TypeError("Cannot overwrite attribute __%s__ in class %s. Consider "
                                "using functools.total_ordering" % (op, cls.__name__))
            setattr(cls, "__%s__" % op, _make_compare(cls, compare_fields, op))
    if frozen:
        for name in ("__setattr__", "__delattr__"):
            if name in cls.__dict__:
                raise TypeError("Cannot overwrite attribute %s in class %s"
                                % (name, cls.__name__))
        setter, deleter = _make_frozen(cls, set(f.name for f in field_list))
        cls.__setattr__ = setter
        cls.__delattr__ = deleter
    has_own_hash = "__hash__" in cls.__dict__ and cls.__dict__["__hash__"] is not None
    hash_fields = [f for f in field_list if (f.compare if f.hash is None else f.hash)]
    if unsafe_hash:
        if has_own_hash:
            raise TypeError("Cannot overwrite attribute __hash__ in class %s" % (cls.__name__,))
        cls.__hash__ = _make_hash(hash_fields)
    elif eq and frozen:
        if not has_own_hash:
            cls.__hash__ = _make_hash(hash_fields)
    elif eq:
        if not has_own_hash:
            cls.__hash__ = None
    if match_args and "__match_args__" not in cls.__dict__:
        cls.__match_args__ = tuple(f.name for f in field_list if f.init and not f.kw_only)
    return cls


class _DataclassParams:
    def __init__(self, init, repr, eq, order, unsafe_hash, frozen):
        self.init = init
        self.repr = repr
        self.eq = eq
        self.order = order
        self.unsafe_hash = unsafe_hash
        self.frozen = frozen

    def __repr__(self):
        return ("_DataclassParams(init=%r,repr=%r,eq=%r,order=%r,unsafe_hash=%r,frozen=%r)"
                % (self.init, self.repr, self.eq, self.order, self.unsafe_hash, self.frozen))


def dataclass(cls=None, /, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False,
              frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False):
    if order and not eq:
        raise ValueError("eq must be true if order is true")

    def wrap(cls):
        return _process_class(cls, init, repr, eq, order, unsafe_hash, frozen, match_args,
                              kw_only)

    if cls is None:
        return wrap
    return wrap(cls)


def is_dataclass(obj):
    cls = obj if isinstance(obj, type) else type(obj)
    return hasattr(cls, "__dataclass_fields__")


def fields(class_or_instance):
    try:
        all_fields = class_or_instance.__dataclass_fields__
    except AttributeError:
        raise TypeError("must be called with a dataclass type or instance") from None
    return tuple(f for f in all_fields.values() if f._field_type is _FIELD)


def _is_dataclass_instance(obj):
    return hasattr(type(obj), "__dataclass_fields__")


def _convert(obj, dict_factory, as_tuple):
    if _is_dataclass_instance(obj):
        items = [(f.name, _convert(getattr(obj, f.name), dict_factory, as_tuple))
                 for f in fields(obj)]
        if as_tuple:
            return tuple(v for _, v in items)
        return dict_factory(items)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*[_convert(v, dict_factory, as_tuple) for v in obj])
    if isinstance(obj, (list, tuple)):
        return type(obj)(_convert(v, dict_factory, as_tuple) for v in obj)
    if isinstance(obj, dict):
        if hasattr(obj, "default_factory"):
            result = type(obj)(obj.default_factory)
        else:
            result = type(obj)()
        for k, v in obj.items():
            result[_convert(k, dict_factory, as_tuple)] = _convert(v, dict_factory, as_tuple)
        return result
    return obj


def asdict(obj, *, dict_factory=dict):
    if not _is_dataclass_instance(obj):
        raise TypeError("asdict() should be called on dataclass instances")
    return _convert(obj, dict_factory, False)


def astuple(obj, *, tuple_factory=tuple):
    if not _is_dataclass_instance(obj):
        raise TypeError("astuple() should be called on dataclass instances")
    return tuple_factory(_convert(obj, dict, True))


def replace(obj, /, **changes):
    if not _is_dataclass_instance(obj):
        raise TypeError("replace() should be called on dataclass instances")
    for f in obj.__dataclass_fields__.values():
        if f._field_type is _FIELD_CLASSVAR:
            continue
        if not f.init:
            if f.name in changes:
                raise ValueError("field %s is declared with init=False, it cannot be "
                                 "specified with replace()" % (f.name,))
            continue
        if f.name not in changes:
            if f._field_type is _FIELD_INITVAR and f.default is MISSING:
                raise ValueError("InitVar %r must be specified with replace()" % (f.name,))
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
