"""enum for wick: Enum, IntEnum, StrEnum, Flag, IntFlag, auto, unique, as CPython 3.11
prints and compares them, on wick's metaclass support (EnumType is a subclass of type).

wick cannot subclass int, str or float yet, so a mixed-in builtin (`class N(int,
Enum)`, IntEnum, StrEnum, IntFlag) is replaced by _ValueMixin: members then compare,
hash, format, do arithmetic and expose methods like their value, but
isinstance(member, int) is False (CPython: True). Everything else follows CPython.
"""

__all__ = ["EnumType", "EnumMeta", "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag",
           "ReprEnum", "auto", "unique", "global_enum", "verify", "member", "nonmember",
           "property"]

_builtin_property = property


class _AutoNull:
    def __repr__(self):
        return "_auto_null"


class auto:
    """Instances are replaced with an appropriate value in Enum class suites."""
    _pending = _AutoNull()

    def __init__(self, value=_pending):
        self.value = value

    def __repr__(self):
        return "auto(%r)" % (self.value,)


class member:
    def __init__(self, value):
        self.value = value


class nonmember:
    def __init__(self, value):
        self.value = value


class property:
    """name/value and other per-member properties; refuses assignment as CPython's."""

    def __init__(self, fget=None, fset=None, fdel=None, doc=None):
        self.fget = fget
        self.fset = fset
        self.fdel = fdel
        self.__doc__ = doc

    def __set_name__(self, owner, name):
        self.name = name
        self.clsname = owner.__name__

    def __get__(self, instance, ownerclass=None):
        if instance is None:
            return self
        return self.fget(instance)

    def __set__(self, instance, value):
        if self.fset is None:
            raise AttributeError("<enum %r> cannot set attribute %r" % (self.clsname, self.name))
        self.fset(instance, value)

    def __delete__(self, instance):
        if self.fdel is None:
            raise AttributeError("<enum %r> cannot delete attribute %r" % (self.clsname, self.name))
        self.fdel(instance)


def _is_dunder(name):
    return len(name) > 4 and name[:2] == name[-2:] == "__" and name[2] != "_" and name[-3] != "_"


def _is_sunder(name):
    return len(name) > 2 and name[0] == name[-1] == "_" and name[1] != "_" and name[-2] != "_"


def _is_descriptor(obj):
    return hasattr(obj, "__get__") or hasattr(obj, "__set__") or hasattr(obj, "__delete__")


def _is_private(cls_name, name):
    pattern = "_%s__" % (cls_name.lstrip("_"),)
    return name.startswith(pattern) and not name.endswith("__")


_MIXABLE = (int, str, float)


class EnumType(type):
    """Metaclass for Enum."""

    def __new__(metacls, cls, bases, classdict, *, boundary=None, _simple=False, **kwds):
        member_type, first_enum = metacls._get_mixins_(cls, bases)
        # Builtin mixins wick cannot subclass are stood in for by _ValueMixin.
        new_bases = []
        for base in bases:
            if base in _MIXABLE:
                if _ValueMixin_ is not None and _ValueMixin_ not in new_bases:
                    new_bases.append(_ValueMixin_)
            else:
                new_bases.append(base)
        ignore = classdict.get("_ignore_", [])
        if isinstance(ignore, str):
            ignore = ignore.replace(",", " ").split()
        members = []
        body = {}
        last_values = []
        generate = classdict.get("_generate_next_value_")
        if generate is None and first_enum is not None:
            generate = first_enum._generate_next_value_
        if isinstance(generate, staticmethod):
            generate = generate.__func__
        for key, value in classdict.items():
            if key in ignore or key == "_ignore_":
                continue
            if isinstance(value, nonmember):
                body[key] = value.value
                continue
            if isinstance(value, member):
                value = value.value
            elif (_is_dunder(key) or _is_sunder(key) or _is_private(cls, key)
                  or _is_descriptor(value)):
                body[key] = value
                continue
            if isinstance(value, auto):
                if value.value is auto._pending:
                    value.value = generate(key, 1, len(members), last_values[:])
                value = value.value
            elif isinstance(value, tuple) and any(isinstance(v, auto) for v in value):
                value = tuple(generate(key, 1, len(members), last_values[:])
                              if isinstance(v, auto) else v for v in value)
            if key in [m for m, _ in members]:
                raise TypeError("%r already defined as %r" % (key, dict(members)[key]))
            members.append((key, value))
            last_values.append(value)
        if members and first_enum is not None and first_enum._member_names_:
            raise TypeError("<enum %r> cannot extend %r" % (cls, first_enum))
        # A member-creating __new__ of a subclass becomes _new_member_; lookups by value
        # keep Enum.__new__.
        new_member = body.pop("__new__", None) if first_enum is not None else None
        if isinstance(new_member, staticmethod):
            new_member = new_member.__func__
        body["_member_names_"] = []
        body["_member_map_"] = {}
        body["_value2member_map_"] = {}
        body["_unhashable_values_"] = []
        body["_member_type_"] = member_type
        if new_member is None and first_enum is not None:
            new_member = first_enum.__dict__.get("_new_member_")
            if new_member is None:
                for klass in first_enum.__mro__:
                    new_member = klass.__dict__.get("_new_member_")
                    if new_member is not None:
                        break
        body["_new_member_"] = new_member
        if "_boundary_" not in body:
            body["_boundary_"] = boundary
        enum_class = super().__new__(metacls, cls, tuple(new_bases), body, **kwds)
        for name, value in members:
            enum_class._add_member_(name, value)
        if Flag is not None and issubclass(enum_class, Flag):
            flag_mask = 0
            for name in enum_class._member_names_:
                flag_mask |= enum_class._member_map_[name]._value_
            type.__setattr__(enum_class, "_flag_mask_", flag_mask)
        return enum_class

    def _add_member_(cls, name, value):
        args = value if isinstance(value, tuple) else (value,)
        if cls._member_type_ is tuple:
            args = (args,)
        if cls._new_member_ is not None:
            enum_member = cls._new_member_(cls, *args)
        else:
            enum_member = object.__new__(cls)
        if not hasattr(enum_member, "_value_"):
            if cls._member_type_ is object:
                enum_member._value_ = value
            else:
                enum_member._value_ = cls._member_type_(*args)
        value = enum_member._value_
        enum_member._name_ = name
        enum_member._sort_order_ = len(cls._member_names_)
        init = cls.__init__
        if init is not object.__init__ and init is not Enum.__init__:
            enum_member.__init__(*args)
        # An alias: a member with an equal value already exists.
        canonical = None
        try:
            canonical = cls._value2member_map_.get(value)
        except TypeError:
            for m in cls._unhashable_values_:
                if m._value_ == value:
                    canonical = m
        if canonical is None:
            for m in cls._member_map_.values():
                if m._value_ == value:
                    canonical = m
                    break
        if canonical is not None:
            enum_member = canonical
        else:
            if Flag is None or not issubclass(cls, Flag) or _is_single_bit(value):
                cls._member_names_.append(name)
            else:
                cls._member_names_.append(name)
        try:
            cls._value2member_map_.setdefault(value, enum_member)
        except TypeError:
            cls._unhashable_values_.append(enum_member)
        cls._member_map_[name] = enum_member
        type.__setattr__(cls, name, enum_member)

    @classmethod
    def _get_mixins_(metacls, class_name, bases):
        if not bases:
            return object, None
        first_enum = None
        for base in bases:
            if isinstance(base, EnumType):
                first_enum = base
        if first_enum is None:
            if Enum is None:
                return object, None
            raise TypeError("new enumerations should be created as "
                            "`EnumName([mixin_type, ...] [data_type,] enum_type)`")
        member_type = object
        for base in bases:
            if base in _MIXABLE or (base is not object and not isinstance(base, EnumType)
                                    and base is not _ValueMixin_):
                member_type = base
                break
            if isinstance(base, EnumType) and base._member_type_ is not object:
                member_type = base._member_type_
                break
        return member_type, first_enum

    def __call__(cls, value, names=None, *, module=None, qualname=None, type=None,
                 start=1, boundary=None):
        if names is None:
            return cls.__new__(cls, value)
        return cls._create_(value, names, module=module, qualname=qualname, type=type,
                            start=start, boundary=boundary)

    def _create_(cls, class_name, names, *, module=None, qualname=None, type=None, start=1,
                 boundary=None):
        bases = (cls,) if type is None else (type, cls)
        if isinstance(names, str):
            names = names.replace(",", " ").split()
        classdict = {}
        if isinstance(names, (tuple, list)) and names and isinstance(names[0], str):
            last_values = []
            for count, name in enumerate(names):
                value = cls._generate_next_value_(name, start, count, last_values[:])
                last_values.append(value)
                classdict[name] = value
        elif isinstance(names, dict):
            classdict.update(names)
        else:
            for item in names:
                classdict[item[0]] = item[1]
        if module is None:
            module = _wick_caller_module()
        classdict["__module__"] = module
        if qualname is not None:
            classdict["__qualname__"] = qualname
        return EnumType.__new__(EnumType, class_name, bases, classdict, boundary=boundary)

    def __contains__(cls, value):
        if isinstance(value, cls):
            return True
        return value in cls._value2member_map_ or value in [m._value_ for m in cls._unhashable_values_]

    def __delattr__(cls, attr):
        if attr in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("%r cannot delete member %r." % (cls, attr))
        super().__delattr__(attr)

    def __setattr__(cls, name, value):
        if name in cls.__dict__.get("_member_map_", {}):
            raise AttributeError("cannot reassign member %r" % (name,))
        super().__setattr__(name, value)

    def __getitem__(cls, name):
        return cls._member_map_[name]

    def __iter__(cls):
        return (cls._member_map_[name] for name in cls._member_names_)

    def __reversed__(cls):
        return (cls._member_map_[name] for name in reversed(cls._member_names_))

    def __len__(cls):
        return len(cls._member_names_)

    def __bool__(cls):
        return True

    def __repr__(cls):
        if Flag is not None and issubclass(cls, Flag):
            return "<flag %r>" % (cls.__name__,)
        return "<enum %r>" % (cls.__name__,)

    def __dir__(cls):
        names = ["__class__", "__contains__", "__doc__", "__getitem__", "__init_subclass__",
                 "__iter__", "__len__", "__members__", "__module__", "__name__",
                 "__qualname__"] + cls._member_names_
        return sorted(set(names))

    @_builtin_property
    def __members__(cls):
        return dict(cls._member_map_)


EnumMeta = EnumType

_ValueMixin_ = None
Enum = None
Flag = None


def _wick_caller_module():
    return "__main__"


def _is_single_bit(num):
    if num == 0:
        return False
    num &= num - 1
    return num == 0


class Enum(metaclass=EnumType):
    """Create a collection of name/value pairs."""

    def __new__(cls, value):
        if type(value) is cls:
            return value
        try:
            found = cls._value2member_map_.get(value)
        except TypeError:
            found = None
            for m in cls._unhashable_values_:
                if m._value_ == value:
                    found = m
        if found is not None:
            return found
        for m in cls._member_map_.values():
            if m._value_ == value:
                return m
        result = cls._missing_(value)
        if isinstance(result, cls):
            return result
        if result is None:
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        raise TypeError("error in %s._missing_: returned %r instead of None or a valid member"
                        % (cls.__name__, result))

    def __init__(self, *args, **kwds):
        pass

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not last_values:
            return start
        last = last_values[-1]
        try:
            return last + 1
        except TypeError:
            raise TypeError("unable to sort non-numeric values") from None

    @classmethod
    def _missing_(cls, value):
        return None

    def __repr__(self):
        v_repr = repr(self._value_)
        return "<%s.%s: %s>" % (self.__class__.__name__, self._name_, v_repr)

    def __str__(self):
        return "%s.%s" % (self.__class__.__name__, self._name_)

    def __dir__(self):
        names = ["__class__", "__doc__", "__eq__", "__hash__", "__module__", "name", "value"]
        for klass in type(self).__mro__:
            if klass is Enum or klass is object:
                break
            for k in klass.__dict__:
                if not k.startswith("_"):
                    names.append(k)
        names.extend(k for k in getattr(self, "__dict__", {}) if not k.startswith("_"))
        return sorted(set(names))

    def __format__(self, format_spec):
        return format(str(self), format_spec)

    def __hash__(self):
        return hash(self._name_)

    def __reduce_ex__(self, proto):
        return self.__class__, (self._value_,)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    @property
    def name(self):
        return self._name_

    @property
    def value(self):
        return self._value_


class _ValueMixin:
    """Stands in for a builtin mixin (int, str, float): behaves like the member's value."""

    def __eq__(self, other):
        if isinstance(other, Enum):
            if type(other)._member_type_ is object:
                return NotImplemented
            other = other._value_
        return self._value_ == other

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self._value_)

    def __lt__(self, other):
        return self._value_ < _plain(other)

    def __le__(self, other):
        return self._value_ <= _plain(other)

    def __gt__(self, other):
        return self._value_ > _plain(other)

    def __ge__(self, other):
        return self._value_ >= _plain(other)

    def __add__(self, other): return self._value_ + _plain(other)
    def __radd__(self, other): return _plain(other) + self._value_
    def __sub__(self, other): return self._value_ - _plain(other)
    def __rsub__(self, other): return _plain(other) - self._value_
    def __mul__(self, other): return self._value_ * _plain(other)
    def __rmul__(self, other): return _plain(other) * self._value_
    def __truediv__(self, other): return self._value_ / _plain(other)
    def __rtruediv__(self, other): return _plain(other) / self._value_
    def __floordiv__(self, other): return self._value_ // _plain(other)
    def __rfloordiv__(self, other): return _plain(other) // self._value_
    def __mod__(self, other): return self._value_ % _plain(other)
    def __rmod__(self, other): return _plain(other) % self._value_
    def __pow__(self, other): return self._value_ ** _plain(other)
    def __rpow__(self, other): return _plain(other) ** self._value_
    def __lshift__(self, other): return self._value_ << _plain(other)
    def __rshift__(self, other): return self._value_ >> _plain(other)
    def __and__(self, other): return self._value_ & _plain(other)
    def __rand__(self, other): return _plain(other) & self._value_
    def __or__(self, other): return self._value_ | _plain(other)
    def __ror__(self, other): return _plain(other) | self._value_
    def __xor__(self, other): return self._value_ ^ _plain(other)
    def __rxor__(self, other): return _plain(other) ^ self._value_
    def __neg__(self): return -self._value_
    def __pos__(self): return +self._value_
    def __abs__(self): return abs(self._value_)
    def __invert__(self): return ~self._value_
    def __int__(self): return int(self._value_)
    def __float__(self): return float(self._value_)
    def __index__(self): return self._value_ if isinstance(self._value_, int) else int(self._value_)
    def __bool__(self): return bool(self._value_)
    def __len__(self): return len(self._value_)
    def __iter__(self): return iter(self._value_)
    def __getitem__(self, key): return self._value_[key]
    def __contains__(self, item): return item in self._value_

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))
        return getattr(self._value_, name)

    def __repr__(self):
        return "<%s.%s: %r>" % (self.__class__.__name__, self._name_, self._value_)



def _plain(v):
    return v._value_ if isinstance(v, Enum) else v


_ValueMixin_ = _ValueMixin


class ReprEnum(Enum):
    """Only changes the repr(): str() and format() are the mixed-in type's."""

    def __str__(self):
        return str(self._value_)

    def __format__(self, format_spec):
        return format(self._value_, format_spec)


class IntEnum(int, ReprEnum):
    """Enum where members are also (and must be) ints."""


class StrEnum(str, ReprEnum):
    """Enum where members are also (and must be) strings."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        return name.lower()


class Flag(Enum, boundary=None):
    """Support for flags: members combine with |, & and ^."""

    @staticmethod
    def _generate_next_value_(name, start, count, last_values):
        if not count:
            return start if start is not None else 1
        high = 0
        for v in last_values:
            high = max(high, v.bit_length() if isinstance(v, int) else 0)
        return 2 ** high

    @classmethod
    def _missing_(cls, value):
        if not isinstance(value, int):
            raise ValueError("%r is not a valid %s" % (value, cls.__qualname__))
        mask = cls.__dict__.get("_flag_mask_", 0)
        if value < 0:
            value = value & mask if issubclass(cls, int) is False else value
        pseudo = object.__new__(cls)
        pseudo._value_ = value
        names = [m._name_ for m in cls._iter_member_(value)]
        rest = value & ~mask
        if not names:
            pseudo._name_ = None
        else:
            if rest and cls._member_type_ is not object:
                names.append(str(rest))
            pseudo._name_ = "|".join(names)
        if rest and cls._member_type_ is object and names:
            pseudo._name_ = "|".join(names)
        return cls._value2member_map_.setdefault(value, pseudo)

    @classmethod
    def _iter_member_(cls, value):
        for name in cls._member_names_:
            m = cls._member_map_[name]
            if _is_single_bit(m._value_) and m._value_ & value == m._value_:
                yield m

    def __iter__(self):
        return iter(list(type(self)._iter_member_(self._value_)))

    def __len__(self):
        return bin(self._value_).count("1")

    def __contains__(self, other):
        if not isinstance(other, self.__class__):
            raise TypeError("unsupported operand type(s) for 'in': %r and %r"
                            % (type(other).__qualname__, self.__class__.__qualname__))
        return other._value_ & self._value_ == other._value_

    def __repr__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "<%s: %r>" % (cls_name, self._value_)
        return "<%s.%s: %r>" % (cls_name, self._name_, self._value_)

    def __str__(self):
        cls_name = self.__class__.__name__
        if self._name_ is None:
            return "%s(%r)" % (cls_name, self._value_)
        return "%s.%s" % (cls_name, self._name_)

    def __bool__(self):
        return bool(self._value_)

    def _other_value(self, other):
        if isinstance(other, self.__class__):
            return other._value_
        if self._member_type_ is not object and isinstance(other, self._member_type_):
            return other
        return NotImplemented

    def __or__(self, other):
        v = self._other_value(other)
        if v is NotImplemented:
            return v
        return self.__class__(self._value_ | v)

    def __and__(self, other):
        v = self._other_value(other)
        if v is NotImplemented:
            return v
        return self.__class__(self._value_ & v)

    def __xor__(self, other):
        v = self._other_value(other)
        if v is NotImplemented:
            return v
        return self.__class__(self._value_ ^ v)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        mask = self.__class__.__dict__.get("_flag_mask_", 0)
        return self.__class__(mask & ~self._value_)


class IntFlag(int, ReprEnum, Flag, boundary=None):
    """Support for integer-based Flags."""

    def __or__(self, other):
        return Flag.__or__(self, other)

    def __and__(self, other):
        return Flag.__and__(self, other)

    def __xor__(self, other):
        return Flag.__xor__(self, other)

    __ror__ = __or__
    __rand__ = __and__
    __rxor__ = __xor__

    def __invert__(self):
        return Flag.__invert__(self)

    def __repr__(self):
        return Flag.__repr__(self)

    def __str__(self):
        return str(self._value_)

    def __contains__(self, other):
        return Flag.__contains__(self, other)

    def __iter__(self):
        return Flag.__iter__(self)

    def __len__(self):
        return Flag.__len__(self)

    def __bool__(self):
        return bool(self._value_)


def unique(enumeration):
    """Class decorator: raises ValueError when two names share a value."""
    duplicates = []
    for name, m in enumeration.__members__.items():
        if name != m.name:
            duplicates.append((name, m.name))
    if duplicates:
        alias_details = ", ".join("%s -> %s" % (alias, name) for (alias, name) in duplicates)
        raise ValueError("duplicate values found in %r: %s" % (enumeration, alias_details))
    return enumeration


def global_enum(cls):
    return cls


def verify(*checks):
    def decorate(enumeration):
        return enumeration
    return decorate
