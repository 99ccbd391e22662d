"""json: loads/dumps/load/dump with CPython 3.11's formatting and error messages; the
scanner and encoder are native (_wick_json)."""

from json.decoder import JSONDecoder, JSONDecodeError, _decode
from json.encoder import JSONEncoder

__all__ = ["dump", "dumps", "load", "loads", "JSONDecoder", "JSONDecodeError",
           "JSONEncoder"]


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
               allow_nan=allow_nan, indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    if not isinstance(s, str):
        raise TypeError("the JSON object must be str, bytes or bytearray, not %s"
                        % s.__class__.__name__)
    if s.startswith("\ufeff"):
        raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    if (cls is None and object_hook is None and parse_int is None and parse_float is None
            and parse_constant is None and object_pairs_hook is None and not kw):
        return _decode(s)
    if cls is None:
        cls = JSONDecoder
    if object_hook is not None:
        kw["object_hook"] = object_hook
    if object_pairs_hook is not None:
        kw["object_pairs_hook"] = object_pairs_hook
    if parse_float is not None:
        kw["parse_float"] = parse_float
    if parse_int is not None:
        kw["parse_int"] = parse_int
    if parse_constant is not None:
        kw["parse_constant"] = parse_constant
    return cls(**kw).decode(s)


def load(fp, **kw):
    return loads(fp.read(), **kw)
