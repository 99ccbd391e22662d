"""json.decoder: JSONDecodeError and JSONDecoder over the native scanner."""

import _wick_json

__all__ = ["JSONDecoder", "JSONDecodeError"]


class JSONDecodeError(ValueError):
    """Subclass of ValueError with msg, doc, pos, lineno and colno."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        errmsg = "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


def _apply_hooks(value, object_hook, object_pairs_hook, parse_float, parse_int):
    if isinstance(value, dict):
        pairs = [(k, _apply_hooks(v, object_hook, object_pairs_hook, parse_float, parse_int))
                 for k, v in value.items()]
        if object_pairs_hook is not None:
            return object_pairs_hook(pairs)
        d = dict(pairs)
        if object_hook is not None:
            return object_hook(d)
        return d
    if isinstance(value, list):
        return [_apply_hooks(v, object_hook, object_pairs_hook, parse_float, parse_int)
                for v in value]
    if parse_float is not None and isinstance(value, float):
        return parse_float(repr(value))
    if parse_int is not None and isinstance(value, int) and not isinstance(value, bool):
        return parse_int(str(value))
    return value


def _decode(s, object_hook=None, object_pairs_hook=None, parse_float=None, parse_int=None):
    value = _wick_json.decode(s)
    if isinstance(value, tuple):
        raise JSONDecodeError(value[0], s, value[1])
    if (object_hook is not None or object_pairs_hook is not None or parse_float is not None
            or parse_int is not None):
        value = _apply_hooks(value, object_hook, object_pairs_hook, parse_float, parse_int)
    return value


class JSONDecoder:
    """Decodes JSON text into Python objects (dict, list, str, int, float, bool, None)."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        if parse_constant is not None:
            raise NotImplementedError("json parse_constant is not supported by wick")
        if not strict:
            raise NotImplementedError("json strict=False is not supported by wick")
        self.object_hook = object_hook
        self.parse_float = parse_float
        self.parse_int = parse_int
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        return _decode(s, self.object_hook, self.object_pairs_hook, self.parse_float,
                       self.parse_int)
