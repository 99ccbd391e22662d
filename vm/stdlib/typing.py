"""typing for wick: the names programs use at run time, with CPython 3.11's reprs,
equality and isinstance behaviour.

Differences that come from wick having neither metaclasses nor multiple inheritance:
a class subscripting a generic alias as its base (`class Foo(Generic[T])`,
`class Bar(List[int])`) gets only the alias's origin as its base (Generic is dropped
when the class has another base); NamedTuple and TypedDict classes are built by
__init_subclass__ of a hidden base class, which therefore appears in __mro__.
"""

import collections
import _wick_stdlib

TYPE_CHECKING = False

_NoneType = type(None)
_BUILTINS = __builtins__ if isinstance(__builtins__, dict) else __builtins__.__dict__
_FunctionType = type(lambda: None)


def _type_repr(obj):
    if isinstance(obj, type) and not isinstance(obj, _BaseAlias):
        if obj.__module__ == "builtins":
            return obj.__qualname__
        return obj.__module__ + "." + obj.__qualname__
    if obj is Ellipsis:
        return "..."
    if isinstance(obj, _FunctionType):
        return obj.__module__ + "." + obj.__qualname__
    return repr(obj)


def _type_check(arg, msg):
    if arg is None:
        return _NoneType
    if isinstance(arg, str):
        return ForwardRef(arg)
    if isinstance(arg, _SpecialForm) and arg._name in ("ClassVar", "Final", "Generic",
                                                        "Protocol"):
        raise TypeError("Plain %s is not valid as type argument" % (arg,))
    return arg


def _as_tuple(params):
    return params if isinstance(params, tuple) else (params,)


def _collect_parameters(args):
    params = []
    for a in args:
        if isinstance(a, TypeVar):
            if a not in params:
                params.append(a)
        else:
            for p in getattr(a, "__parameters__", ()) if not isinstance(a, type) else ():
                if p not in params:
                    params.append(p)
    return tuple(params)


class ForwardRef:
    """A string annotation standing for a type not yet defined."""

    def __init__(self, arg, is_argument=True, module=None, *, is_class=False):
        if not isinstance(arg, str):
            raise TypeError("Forward reference must be a string -- got %r" % (arg,))
        self.__forward_arg__ = arg
        self.__forward_evaluated__ = False
        self.__forward_value__ = None
        self.__forward_module__ = module

    def __eq__(self, other):
        if not isinstance(other, ForwardRef):
            return NotImplemented
        return self.__forward_arg__ == other.__forward_arg__

    def __hash__(self):
        return hash(self.__forward_arg__)

    def __repr__(self):
        return "ForwardRef(%r)" % (self.__forward_arg__,)

    def _evaluate(self, globalns, localns):
        return _eval_string(self.__forward_arg__, globalns, localns)


class TypeVar:
    """Type variable: T = TypeVar('T'), with optional constraints or bound."""

    def __init__(self, name, *constraints, bound=None, covariant=False,
                 contravariant=False):
        if covariant and contravariant:
            raise ValueError("Bivariant types are not supported.")
        if len(constraints) == 1:
            raise TypeError("A single constraint is not allowed")
        self.__name__ = name
        self.__constraints__ = tuple(constraints)
        self.__bound__ = _type_check(bound, "Bound must be a type.") if bound is not None else None
        self.__covariant__ = bool(covariant)
        self.__contravariant__ = bool(contravariant)
        module = _wick_stdlib.caller_module(1)
        if module != "typing":
            self.__module__ = module

    def __repr__(self):
        prefix = "+" if self.__covariant__ else "-" if self.__contravariant__ else "~"
        return prefix + self.__name__

    def __typing_subst__(self, arg):
        return arg

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]


class _BaseAlias:
    """What every typing alias shares: calling, isinstance refusal, `|`."""

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        raise TypeError("Subscripted generics cannot be used with class and instance checks")

    def __mro_entries__(self, bases):
        # As CPython 3.11: Generic[T] gives way to Protocol or a later generic base;
        # List[int] (a named alias of a class) adds Generic unless a later base is generic;
        # a user generic Foo[int] stands for Foo.
        origin = self.__origin__
        later = list(bases)
        for i, b in enumerate(bases):
            if b is self:
                later = list(bases[i + 1:])
                break
        if origin is Generic:
            if Protocol in bases:
                return ()
            for b in later:
                if isinstance(b, _BaseAlias) and b is not self:
                    return ()
            return (origin,)
        if origin is Protocol or not self._name or not isinstance(origin, type) \
                or issubclass(origin, Generic):
            return (origin,)
        res = [] if origin in bases else [origin]
        for b in later:
            if isinstance(b, _BaseAlias) or (isinstance(b, type) and issubclass(b, Generic)):
                break
        else:
            res.append(Generic)
        return tuple(res)


class _GenericAlias(_BaseAlias):
    """List[int], Dict[str, X], Foo[int]: an origin and its arguments."""

    def __init__(self, origin, args, *, inst=True, name=None):
        self.__origin__ = origin
        self.__args__ = _as_tuple(args)
        self.__parameters__ = _collect_parameters(self.__args__)
        self._inst = inst
        self._name = name

    def copy_with(self, args):
        return _GenericAlias(self.__origin__, args, inst=self._inst, name=self._name)

    def __repr__(self):
        if self._name:
            name = "typing." + self._name
        else:
            name = _type_repr(self.__origin__)
        if self.__args__:
            args = ", ".join(_type_repr(a) for a in self.__args__)
        else:
            args = "()"
        return "%s[%s]" % (name, args)

    def __eq__(self, other):
        if not isinstance(other, _GenericAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__args__ == other.__args__

    def __hash__(self):
        return hash((self.__origin__, self.__args__))

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError("Type %s cannot be instantiated; use %s() instead"
                            % (self._name, self.__origin__.__name__.lower()))
        result = self.__origin__(*args, **kwargs)
        try:
            result.__orig_class__ = self
        except (AttributeError, TypeError):
            pass
        return result

    def __getitem__(self, params):
        if not self.__parameters__:
            raise TypeError("%r is not a generic class" % (self,))
        params = _as_tuple(params)
        if len(params) != len(self.__parameters__):
            raise TypeError("Too %s arguments for %r; actual %d, expected %d"
                            % ("many" if len(params) > len(self.__parameters__) else "few",
                               self, len(params), len(self.__parameters__)))
        subst = dict(zip(self.__parameters__, params))
        return self.copy_with(tuple(_substitute(a, subst) for a in self.__args__))

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)


def _substitute(arg, subst):
    if isinstance(arg, TypeVar):
        return subst.get(arg, arg)
    params = getattr(arg, "__parameters__", ()) if not isinstance(arg, type) else ()
    if params:
        return arg[tuple(subst.get(p, p) for p in params)]
    return arg


class _SpecialGenericAlias(_BaseAlias):
    """List, Dict, Iterable, ...: an unsubscripted alias of a class."""

    def __init__(self, origin, nparams, *, inst=True, name=None):
        self.__origin__ = origin
        self._nparams = nparams
        self._inst = inst
        self._name = name or origin.__name__
        self.__parameters__ = ()

    def __repr__(self):
        return "typing." + self._name

    def __getitem__(self, params):
        params = _as_tuple(params)
        msg = "Parameters to generic types must be types."
        params = tuple(_type_check(p, msg) for p in params)
        if len(params) != self._nparams:
            raise TypeError("Too %s arguments for %r; actual %d, expected %d"
                            % ("many" if len(params) > self._nparams else "few", self,
                               len(params), self._nparams))
        return _GenericAlias(self.__origin__, params, inst=self._inst, name=self._name)

    def __call__(self, *args, **kwargs):
        if not self._inst:
            raise TypeError("Type %s cannot be instantiated; use %s() instead"
                            % (self._name, self.__origin__.__name__.lower()))
        return self.__origin__(*args, **kwargs)

    def __instancecheck__(self, obj):
        return isinstance(obj, self.__origin__)

    def __subclasscheck__(self, cls):
        return issubclass(cls, self.__origin__)

    def __eq__(self, other):
        if not isinstance(other, _SpecialGenericAlias):
            return NotImplemented
        return self.__origin__ is other.__origin__ and self._name == other._name

    def __hash__(self):
        return hash((self.__origin__, self._name))

    def __getattr__(self, attr):
        if attr.startswith("__") and attr.endswith("__"):
            raise AttributeError(attr)
        return getattr(self.__origin__, attr)


class _AbcAlias(_SpecialGenericAlias):
    """Iterable, Mapping, ...: aliases of collections.abc classes, which are imported
    on first use (most programs only annotate with them)."""

    def __init__(self, abc_name, nparams, *, name=None):
        self._abc_name = abc_name
        self._nparams = nparams
        self._inst = True
        self._name = name or abc_name
        self.__parameters__ = ()

    @property
    def __origin__(self):
        import collections.abc
        return getattr(collections.abc, self._abc_name)


class _TupleAlias(_SpecialGenericAlias):
    def __getitem__(self, params):
        if params == ():
            return _GenericAlias(tuple, (), inst=False, name="Tuple")
        params = _as_tuple(params)
        if len(params) == 2 and params[1] is Ellipsis:
            return _GenericAlias(tuple, (_type_check(params[0], "Tuple[t, ...]: t must be a type."),
                                         Ellipsis), inst=False, name="Tuple")
        msg = "Tuple[t0, t1, ...]: each t must be a type."
        return _GenericAlias(tuple, tuple(_type_check(p, msg) for p in params), inst=False,
                             name="Tuple")


class _CallableGenericAlias(_GenericAlias):
    def __init__(self, args):
        self.__args__ = args
        self.__parameters__ = _collect_parameters(args)
        self._inst = True
        self._name = "Callable"

    @property
    def __origin__(self):
        import collections.abc
        return collections.abc.Callable

    def __repr__(self):
        args = self.__args__
        if len(args) == 2 and args[0] is Ellipsis:
            return "typing.Callable[..., %s]" % (_type_repr(args[1]),)
        return "typing.Callable[[%s], %s]" % (", ".join(_type_repr(a) for a in args[:-1]),
                                              _type_repr(args[-1]))

    def copy_with(self, args):
        return _CallableGenericAlias(args)


class _CallableAlias(_AbcAlias):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) != 2:
            raise TypeError("Callable must be used as Callable[[arg, ...], result].")
        args, result = params
        if args is Ellipsis:
            flat = (Ellipsis, _type_check(result, "Callable[args, result]: result must be a type."))
        elif isinstance(args, list):
            flat = tuple(_type_check(a, "Callable[[arg, ...], result]: each arg must be a type.")
                         for a in args) + (_type_check(result, "Callable[args, result]: result must be a type."),)
        else:
            raise TypeError("Callable[args, result]: args must be a list. Got %s"
                            % (_type_repr(args),))
        return _CallableGenericAlias(flat)

    def __instancecheck__(self, obj):
        return callable(obj)


class _UnionGenericAlias(_GenericAlias):
    def copy_with(self, args):
        return Union[args]

    def __repr__(self):
        args = self.__args__
        if len(args) == 2:
            if args[0] is _NoneType:
                return "typing.Optional[%s]" % (_type_repr(args[1]),)
            if args[1] is _NoneType:
                return "typing.Optional[%s]" % (_type_repr(args[0]),)
        return "typing.Union[%s]" % (", ".join(_type_repr(a) for a in args),)

    def __eq__(self, other):
        if not isinstance(other, _UnionGenericAlias) and type(other) is not type(int | str):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        h = 0
        for a in self.__args__:
            h ^= hash(a)
        return h

    def __instancecheck__(self, obj):
        return self.__subclasscheck__(type(obj))

    def __subclasscheck__(self, cls):
        for arg in self.__args__:
            if issubclass(cls, arg):
                return True
        return False


class _LiteralGenericAlias(_GenericAlias):
    def __eq__(self, other):
        if not isinstance(other, _LiteralGenericAlias):
            return NotImplemented
        return set(self.__args__) == set(other.__args__)

    def __hash__(self):
        h = 0
        for a in self.__args__:
            h ^= hash(a)
        return h


class _AnnotatedAlias(_GenericAlias):
    def __init__(self, origin, metadata):
        _GenericAlias.__init__(self, origin, (origin,), name="Annotated")
        self.__metadata__ = metadata

    def __repr__(self):
        return "typing.Annotated[%s, %s]" % (_type_repr(self.__origin__),
                                              ", ".join(repr(m) for m in self.__metadata__))

    def __eq__(self, other):
        if not isinstance(other, _AnnotatedAlias):
            return NotImplemented
        return self.__origin__ == other.__origin__ and self.__metadata__ == other.__metadata__

    def __hash__(self):
        return hash((self.__origin__, self.__metadata__))


class _SpecialForm:
    """Any, Union, Optional, ClassVar, Final, Literal, ...: subscripted by a function."""

    def __init__(self, name, getitem=None, doc=""):
        self._name = name
        self._getitem = getitem
        self.__doc__ = doc

    def __repr__(self):
        return "typing." + self._name

    def __getitem__(self, parameters):
        if self._getitem is None:
            raise TypeError("%r is not subscriptable" % (self,))
        return self._getitem(self, parameters)

    def __call__(self, *args, **kwds):
        if self._name == "Any":
            raise TypeError("Any cannot be instantiated")
        raise TypeError("Cannot instantiate %r" % (self,))

    def __instancecheck__(self, obj):
        raise TypeError("%r cannot be used with isinstance()" % (self,))

    def __subclasscheck__(self, cls):
        raise TypeError("%r cannot be used with issubclass()" % (self,))

    def __or__(self, right):
        return Union[self, right]

    def __ror__(self, left):
        return Union[left, self]

    def __mro_entries__(self, bases):
        raise TypeError("Cannot subclass %r" % (self,))


def _union_getitem(self, parameters):
    if parameters == ():
        raise TypeError("Cannot take a Union of no types.")
    parameters = _as_tuple(parameters)
    msg = "Union[arg, ...]: each arg must be a type."
    args = []
    for p in parameters:
        p = _type_check(p, msg)
        inner = ()
        if isinstance(p, _UnionGenericAlias) or type(p) is type(int | str):
            inner = p.__args__
        else:
            inner = (p,)
        for a in inner:
            if a not in args:
                args.append(a)
    if len(args) == 1:
        return args[0]
    return _UnionGenericAlias(Union, tuple(args), name="Union")


def _optional_getitem(self, parameters):
    if isinstance(parameters, tuple):
        raise TypeError("typing.Optional requires a single type. Got %r." % (parameters,))
    arg = _type_check(parameters, "Optional[t] requires a single type.")
    return Union[arg, _NoneType]


def _single_getitem(self, parameters):
    item = _type_check(parameters, "%s accepts only single type." % (self._name,))
    return _GenericAlias(self, (item,), name=self._name)


def _literal_getitem(self, parameters):
    parameters = _as_tuple(parameters)
    unique = []
    for p in parameters:
        if p not in unique:
            unique.append(p)
    return _LiteralGenericAlias(self, tuple(unique), name="Literal")


def _type_getitem(self, parameters):
    return _GenericAlias(type, (_type_check(parameters, "Type[t] requires a type."),),
                         name="Type")


Any = _SpecialForm("Any", doc="Special type indicating an unconstrained type.")
NoReturn = _SpecialForm("NoReturn")
Never = _SpecialForm("Never")
Self = _SpecialForm("Self")
LiteralString = _SpecialForm("LiteralString")
TypeAlias = _SpecialForm("TypeAlias")
Union = _SpecialForm("Union", _union_getitem)
Optional = _SpecialForm("Optional", _optional_getitem)
ClassVar = _SpecialForm("ClassVar", _single_getitem)
Final = _SpecialForm("Final", _single_getitem)
TypeGuard = _SpecialForm("TypeGuard", _single_getitem)
Required = _SpecialForm("Required", _single_getitem)
NotRequired = _SpecialForm("NotRequired", _single_getitem)
Literal = _SpecialForm("Literal", _literal_getitem)


class _AnnotatedForm(_SpecialForm):
    def __getitem__(self, params):
        if not isinstance(params, tuple) or len(params) < 2:
            raise TypeError("Annotated[...] should be used with at least two arguments "
                            "(a type and an annotation).")
        origin = _type_check(params[0], "Annotated[t, ...]: t must be a type.")
        return _AnnotatedAlias(origin, tuple(params[1:]))


Annotated = _AnnotatedForm("Annotated")

Hashable = _AbcAlias("Hashable", 0)
Sized = _AbcAlias("Sized", 0)
Iterable = _AbcAlias("Iterable", 1)
Iterator = _AbcAlias("Iterator", 1)
Reversible = _AbcAlias("Reversible", 1)
Container = _AbcAlias("Container", 1)
Collection = _AbcAlias("Collection", 1)
Generator = _AbcAlias("Generator", 3)
Callable = _CallableAlias("Callable", 2)
AbstractSet = _AbcAlias("Set", 1, name="AbstractSet")
MutableSet = _AbcAlias("MutableSet", 1)
Mapping = _AbcAlias("Mapping", 2)
MutableMapping = _AbcAlias("MutableMapping", 2)
Sequence = _AbcAlias("Sequence", 1)
MutableSequence = _AbcAlias("MutableSequence", 1)
KeysView = _AbcAlias("KeysView", 1)
ItemsView = _AbcAlias("ItemsView", 2)
ValuesView = _AbcAlias("ValuesView", 1)
MappingView = _AbcAlias("MappingView", 1)
Tuple = _TupleAlias(tuple, -1, inst=False, name="Tuple")
List = _SpecialGenericAlias(list, 1, inst=False, name="List")
Dict = _SpecialGenericAlias(dict, 2, inst=False, name="Dict")
Set = _SpecialGenericAlias(set, 1, inst=False, name="Set")
Type = _SpecialGenericAlias(type, 1, name="Type")
Deque = _SpecialGenericAlias(collections.deque, 1, name="Deque")
DefaultDict = _SpecialGenericAlias(collections.defaultdict, 2, name="DefaultDict")
OrderedDict = _SpecialGenericAlias(collections.OrderedDict, 2, name="OrderedDict")
Counter = _SpecialGenericAlias(collections.Counter, 1, name="Counter")
Text = str


class Generic:
    """Base class of user-defined generic classes: class Box(Generic[T])."""

    def __class_getitem__(cls, params):
        params = _as_tuple(params)
        if cls is Generic or cls is Protocol:
            if not params:
                raise TypeError("Parameter list to %s[...] cannot be empty" % (cls.__qualname__,))
            for p in params:
                if not isinstance(p, TypeVar):
                    raise TypeError("Parameters to %s[...] must all be type variables or "
                                    "parameter specification variables." % (cls.__name__,))
            if len(set(params)) != len(params):
                raise TypeError("Parameters to %s[...] must all be unique" % (cls.__name__,))
            return _GenericAlias(cls, params, name=cls.__name__)
        expected = getattr(cls, "__parameters__", ())
        if not expected:
            raise TypeError("%r is not a generic class" % (cls,))
        if len(params) != len(expected):
            raise TypeError("Too %s arguments for %r; actual %d, expected %d"
                            % ("many" if len(params) > len(expected) else "few",
                               cls, len(params), len(expected)))
        return _GenericAlias(cls, params)

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        params = []
        for base in cls.__dict__.get("__orig_bases__", ()):
            for p in getattr(base, "__parameters__", ()):
                if p not in params:
                    params.append(p)
        if not params and "__orig_bases__" not in cls.__dict__:
            params = list(getattr(cls.__base__, "__parameters__", ()))
        cls.__parameters__ = tuple(params)


class Protocol(Generic):
    """Base class of structural types; isinstance needs @runtime_checkable."""
    _is_protocol = True
    _is_runtime_protocol = False

    def __init_subclass__(cls, *args, **kwargs):
        super().__init_subclass__(*args, **kwargs)
        if "_is_protocol" not in cls.__dict__:
            cls._is_protocol = any(b is Protocol for b in cls.__dict__.get("__orig_bases__", ())) \
                or cls.__base__ is Protocol
        if cls._is_protocol:
            cls.__wick_subclasscheck__ = classmethod(_protocol_subclasscheck)


def _protocol_members(cls):
    members = []
    for klass in cls.__mro__:
        if klass is Protocol or klass is Generic or klass is object:
            continue
        for name in list(klass.__dict__) + list(klass.__dict__.get("__annotations__", {})):
            if name.startswith("_abc_") or name in ("__module__", "__qualname__", "__doc__",
                                                    "__annotations__", "__dict__",
                                                    "__parameters__", "__orig_bases__",
                                                    "_is_protocol", "_is_runtime_protocol",
                                                    "__wick_subclasscheck__", "__init__",
                                                    "__slots__", "__weakref__",
                                                    "__init_subclass__", "__new__"):
                continue
            if name not in members:
                members.append(name)
    return members


def _protocol_subclasscheck(cls, other):
    if not cls.__dict__.get("_is_protocol", False):
        return False
    if not cls._is_runtime_protocol:
        raise TypeError("Instance and class checks can only be used with "
                        "@runtime_checkable protocols")
    for name in _protocol_members(cls):
        if getattr(other, name, None) is None and not _wick_stdlib.type_has(other, name):
            return False
    return True


def runtime_checkable(cls):
    if not getattr(cls, "_is_protocol", False):
        raise TypeError("@runtime_checkable can be only applied to protocol classes, "
                        "got %r" % (cls,))
    cls._is_runtime_protocol = True
    return cls


# ---- NamedTuple and TypedDict ---------------------------------------------------------

class _NamedTupleBase(tuple):
    """Hidden base of `class P(NamedTuple)`: turns the annotated fields into a namedtuple."""

    def __init_subclass__(cls, **kwargs):
        types = cls.__dict__.get("__annotations__", {})
        fields = list(types)
        defaults = []
        for name in fields:
            if name in cls.__dict__:
                defaults.append(cls.__dict__[name])
            elif defaults:
                raise TypeError("Non-default namedtuple field %s cannot follow default field%s %s"
                                % (name, "s" if len(defaults) > 1 else "",
                                   ", ".join(fields[fields.index(name) - len(defaults):fields.index(name)])))
        made = collections.namedtuple(cls.__name__, fields, defaults=defaults,
                                      module=cls.__module__)
        for key in ("__new__", "_make", "_replace", "__repr__", "_asdict", "__getnewargs__",
                    "_fields", "_field_defaults", "__match_args__"):
            setattr(cls, key, made.__dict__[key])
        for index, name in enumerate(fields):
            setattr(cls, name, made.__dict__[name])
        cls.__annotations__ = dict(types)


def NamedTuple(typename, fields=None, /, **kwargs):
    """Typed version of namedtuple: NamedTuple('P', [('x', int)]) or a class body."""
    if fields is None:
        fields = list(kwargs.items())
    elif kwargs:
        raise TypeError("Either list of fields or keywords can be provided to NamedTuple, "
                        "not both")
    names = [n for n, t in fields]
    made = collections.namedtuple(typename, names, module=_wick_stdlib.caller_module(1))
    made.__annotations__ = {n: _type_check(t, "field %s annotation must be a type" % n)
                            for n, t in fields}
    return made


def _namedtuple_mro_entries(bases):
    return (_NamedTupleBase,)


NamedTuple.__mro_entries__ = _namedtuple_mro_entries


class _TypedDictBase(dict):
    """Hidden base of `class Movie(TypedDict)`: calling the class makes a plain dict."""

    def __new__(cls, *args, **kwargs):
        return dict(*args, **kwargs)

    def __init_subclass__(cls, total=True, **kwargs):
        own = cls.__dict__.get("__annotations__", {})
        annotations = dict(getattr(cls.__base__, "__annotations__", {}))
        annotations.update(own)
        required = set(getattr(cls.__base__, "__required_keys__", ()))
        optional = set(getattr(cls.__base__, "__optional_keys__", ()))
        for key in own:
            (required if total else optional).add(key)
        cls.__annotations__ = annotations
        cls.__required_keys__ = required
        cls.__optional_keys__ = optional
        cls.__total__ = total
        cls.__wick_subclasscheck__ = classmethod(_typeddict_check)


def _typeddict_check(cls, other):
    raise TypeError("TypedDict does not support instance and class checks")


def TypedDict(typename, fields=None, /, *, total=True, **kwargs):
    if fields is None:
        fields = kwargs
    ns = {"__annotations__": dict(fields), "__module__": _wick_stdlib.caller_module(1)}
    cls = type(typename, (_TypedDictBase,), ns)
    _TypedDictBase.__init_subclass__.__func__(cls, total=total)
    return cls


def _typeddict_mro_entries(bases):
    return (_TypedDictBase,)


TypedDict.__mro_entries__ = _typeddict_mro_entries


# ---- functions ------------------------------------------------------------------------

def cast(typ, val):
    return val


def assert_type(val, typ):
    return val


def reveal_type(obj):
    return obj


def final(f):
    try:
        f.__final__ = True
    except (AttributeError, TypeError):
        pass
    return f


def no_type_check(arg):
    return arg


def _overload_dummy(*args, **kwds):
    raise NotImplementedError(
        "You should not call an overloaded function. "
        "A series of @typing.overload-decorated functions "
        "outside a stub module should always be followed "
        "by an implementation that is not @overload-ed.")


def overload(func):
    return _overload_dummy


class NewType:
    """NewType('UserId', int): a callable that returns its argument unchanged."""

    def __init__(self, name, tp):
        self.__qualname__ = name
        self.__name__ = name.rpartition(".")[2] if "." in name else name
        self.__supertype__ = tp
        module = _wick_stdlib.caller_module(1)
        if module != "typing":
            self.__module__ = module

    def __repr__(self):
        return "%s.%s" % (self.__module__, self.__qualname__)

    def __call__(self, x):
        return x

    def __or__(self, right):
        return Union[self, right]


def get_origin(tp):
    if isinstance(tp, _AnnotatedAlias):
        return Annotated
    if isinstance(tp, (_GenericAlias, _SpecialGenericAlias)):
        return tp.__origin__
    if tp is Generic:
        return Generic
    if type(tp) is type(list[int]):
        return tp.__origin__
    if type(tp) is type(int | str):
        return type(int | str)
    return None


def get_args(tp):
    if isinstance(tp, _AnnotatedAlias):
        return (tp.__origin__,) + tp.__metadata__
    if isinstance(tp, _CallableGenericAlias):
        args = tp.__args__
        if args[0] is Ellipsis:
            return args
        return (list(args[:-1]), args[-1])
    if isinstance(tp, _GenericAlias) or type(tp) in (type(list[int]), type(int | str)):
        return tp.__args__
    return ()


def _eval_string(text, globalns, localns):
    return _Evaluator(text, globalns, localns).run()


class _Evaluator:
    """Evaluates a string annotation: names, attributes, subscripts, `|`, `...`, None,
    string literals and lists (what annotations are made of; wick has no eval)."""

    def __init__(self, text, globalns, localns):
        self.text = text
        self.pos = 0
        self.globalns = globalns or {}
        self.localns = localns or {}

    def run(self):
        value = self.union()
        self.skip()
        if self.pos != len(self.text):
            raise SyntaxError("Forward reference must be an expression -- got %r" % (self.text,))
        return value

    def skip(self):
        while self.pos < len(self.text) and self.text[self.pos] == " ":
            self.pos += 1

    def peek(self):
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def union(self):
        value = self.primary()
        while self.peek() == "|":
            self.pos += 1
            value = value | self.primary()
        return value

    def name(self):
        start = self.pos
        while self.pos < len(self.text) and (self.text[self.pos].isalnum()
                                             or self.text[self.pos] == "_"):
            self.pos += 1
        return self.text[start:self.pos]

    def lookup(self, name):
        if name in self.localns:
            return self.localns[name]
        if name in self.globalns:
            return self.globalns[name]
        builtins = self.globalns.get("__builtins__", _BUILTINS)
        if not isinstance(builtins, dict):
            builtins = getattr(builtins, "__dict__", _BUILTINS)
        if name in builtins:
            return builtins[name]
        if name == "None":
            return None
        raise NameError("name '%s' is not defined" % (name,))

    def primary(self):
        c = self.peek()
        if c in ("'", '"'):
            end = self.text.index(c, self.pos + 1)
            inner = self.text[self.pos + 1:end]
            self.pos = end + 1
            value = _eval_string(inner, self.globalns, self.localns)
        elif c == "[":
            self.pos += 1
            value = self.items("]")
            value = list(value)
        elif c == "(":
            self.pos += 1
            value = self.items(")")
        elif self.text.startswith("...", self.pos):
            self.pos += 3
            value = Ellipsis
        else:
            name = self.name()
            if not name:
                raise SyntaxError("Forward reference must be an expression -- got %r"
                                  % (self.text,))
            value = self.lookup(name)
        while True:
            c = self.peek()
            if c == ".":
                self.pos += 1
                value = getattr(value, self.name())
            elif c == "[":
                self.pos += 1
                items = self.items("]")
                value = value[items[0] if len(items) == 1 else items]
            else:
                return value

    def items(self, close):
        values = []
        while self.peek() != close:
            values.append(self.union())
            if self.peek() == ",":
                self.pos += 1
        self.pos += 1
        return tuple(values)


def _eval_type(t, globalns, localns):
    if isinstance(t, str):
        t = ForwardRef(t)
    if isinstance(t, ForwardRef):
        return _eval_type(t._evaluate(globalns, localns), globalns, localns)
    if t is None:
        return _NoneType
    if isinstance(t, _GenericAlias) and not isinstance(t, _AnnotatedAlias):
        args = tuple(_eval_type(a, globalns, localns) for a in t.__args__)
        if args != t.__args__:
            return t.copy_with(args)
    return t


def get_type_hints(obj, globalns=None, localns=None, include_extras=False):
    """The annotations of a class (its whole MRO), function or module, with string
    annotations evaluated and None as NoneType."""
    import sys
    hints = {}
    if isinstance(obj, type):
        for base in reversed(obj.__mro__):
            ann = base.__dict__.get("__annotations__", {})
            module = sys.modules.get(base.__module__)
            base_globals = globalns if globalns is not None else (
                module.__dict__ if module is not None else {})
            base_locals = dict(base.__dict__) if localns is None else localns
            for name, value in ann.items():
                hints[name] = _eval_type(value, base_globals, base_locals)
        return hints
    ann = getattr(obj, "__annotations__", None)
    if ann is None:
        raise TypeError("%r is not a module, class, method, or function." % (obj,))
    if globalns is None:
        globalns = getattr(obj, "__globals__", None)
        if globalns is None:
            globalns = getattr(obj, "__dict__", {})
    for name, value in ann.items():
        hints[name] = _eval_type(value, globalns, localns)
    return hints


def get_overloads(func):
    return []


def clear_overloads():
    pass
