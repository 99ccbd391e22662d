"""re: Python regular expressions on RE2 (wick).

The pattern is translated to RE2 syntax and matched natively (_wick_re, see
vm/stdlib/re_translate.cc); Pattern, Match, sub/split/findall and the replacement
templates are here. RE2 has no backtracking, so backreferences, look-around,
conditional and atomic groups raise re.error naming the construct. Flags are plain
ints (wick cannot subclass int yet), so print(re.I) shows 2.
"""

import _wick_re

__all__ = [
    "match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer",
    "compile", "purge", "escape", "error", "Pattern", "Match", "A", "I", "L", "M",
    "S", "X", "U", "ASCII", "IGNORECASE", "LOCALE", "MULTILINE", "DOTALL", "VERBOSE",
    "UNICODE", "NOFLAG",
]

NOFLAG = 0
TEMPLATE = T = 1
IGNORECASE = I = 2
LOCALE = L = 4
MULTILINE = M = 8
DOTALL = S = 16
UNICODE = U = 32
VERBOSE = X = 64
DEBUG = 128
ASCII = A = 256

_FLAG_NAMES = [
    (TEMPLATE, "re.TEMPLATE"), (IGNORECASE, "re.IGNORECASE"), (LOCALE, "re.LOCALE"),
    (MULTILINE, "re.MULTILINE"), (DOTALL, "re.DOTALL"), (UNICODE, "re.UNICODE"),
    (VERBOSE, "re.VERBOSE"), (DEBUG, "re.DEBUG"), (ASCII, "re.ASCII"),
]

_MAXSIZE = 9223372036854775807


class error(Exception):
    """Exception raised for invalid regular expressions (and what RE2 cannot run)."""

    def __init__(self, msg, pattern=None, pos=None):
        self.msg = msg
        self.pattern = pattern
        self.pos = pos
        self.lineno = None
        self.colno = None
        if pattern is not None and pos is not None:
            msg = "%s at position %d" % (msg, pos)
            self.lineno = pattern.count("\n", 0, pos) + 1
            self.colno = pos - (pattern.rfind("\n", 0, pos) + 1) + 1
            if "\n" in pattern:
                msg = "%s (line %d, column %d)" % (msg, self.lineno, self.colno)
        super().__init__(msg)


def _check_string(string):
    if not isinstance(string, str):
        raise TypeError("expected string or bytes-like object, got '%s'"
                        % type(string).__name__)


class Pattern:
    """A compiled regular expression (re.compile's result)."""

    def __init__(self, pattern, flags):
        if flags & ASCII and flags & UNICODE:
            raise ValueError("ASCII and UNICODE flags are incompatible")
        if flags & LOCALE:
            raise ValueError("cannot use LOCALE flag with a str pattern")
        r = _wick_re.compile(_wick_re.Regex, pattern, flags)
        if r[0] is None:
            raise error(r[1], pattern, r[2])
        self._regex = r[0]
        self.pattern = pattern
        self.flags = r[1]
        self.groups = r[2]
        self.groupindex = r[3]
        self._close_order = r[4]
        self._names = {}
        for name in r[3]:
            self._names[r[3][name]] = name

    def __repr__(self):
        text = repr(self.pattern)[:200]
        flags = self.flags
        if flags & (LOCALE | UNICODE | ASCII) == UNICODE:
            flags &= ~UNICODE
        if not flags:
            return "re.compile(%s)" % text
        names = []
        for bit, name in _FLAG_NAMES:
            if flags & bit:
                names.append(name)
                flags &= ~bit
        if flags:
            names.append(hex(flags))
        return "re.compile(%s, %s)" % (text, "|".join(names))

    def __eq__(self, other):
        if not isinstance(other, Pattern):
            return NotImplemented
        return self.pattern == other.pattern and self.flags == other.flags

    def __hash__(self):
        return hash((self.pattern, self.flags))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def _run(self, string, pos, endpos, mode):
        _check_string(string)
        r = _wick_re.match(self._regex, string, pos, endpos, mode)
        if r is None:
            return None
        return Match(self, string, r[0], r[1], pos, endpos)

    def match(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 1)

    def fullmatch(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 2)

    def search(self, string, pos=0, endpos=_MAXSIZE):
        return self._run(string, pos, endpos, 0)

    def _scan(self, string, pos, endpos, limit, want):
        # ([(spans, group strings, text before the match), ...], text after the last);
        # want: 1 spans, 2 strings, 4 gaps (the others are None).
        _check_string(string)
        return _wick_re.scan(self._regex, string, pos, endpos, limit, want)

    def finditer(self, string, pos=0, endpos=_MAXSIZE):
        for spans, groups, gap in self._scan(string, pos, endpos, 0, 3)[0]:
            yield Match(self, string, spans, groups, pos, endpos)

    def findall(self, string, pos=0, endpos=_MAXSIZE):
        out = []
        g = self.groups
        for spans, groups, gap in self._scan(string, pos, endpos, 0, 2)[0]:
            if g == 0:
                out.append(groups[0])
            elif g == 1:
                out.append("" if groups[1] is None else groups[1])
            else:
                out.append(tuple(["" if x is None else x for x in groups[1:]]))
        return out

    def split(self, string, maxsplit=0):
        if maxsplit < 0:
            _check_string(string)
            return [string]
        matches, tail = self._scan(string, 0, _MAXSIZE, maxsplit, 6)
        out = []
        for spans, groups, gap in matches:
            out.append(gap)
            out.extend(groups[1:])
        out.append(tail)
        return out

    def subn(self, repl, string, count=0):
        if callable(repl):
            expand = None
        else:
            if not isinstance(repl, str):
                raise TypeError("expected str instance, %s found" % type(repl).__name__)
            expand = _compile_template(self, repl)
        if count < 0:
            _check_string(string)
            return string, 0
        matches, tail = self._scan(string, 0, _MAXSIZE, count, 6 if expand is not None else 7)
        pieces = []
        for spans, groups, gap in matches:
            pieces.append(gap)
            if expand is None:
                piece = repl(Match(self, string, spans, groups, 0, _MAXSIZE))
                if piece is not None:
                    pieces.append(piece)
            else:
                pieces.append(_expand(expand, groups))
        pieces.append(tail)
        return "".join(pieces), len(matches)

    def sub(self, repl, string, count=0):
        return self.subn(repl, string, count)[0]


_TEMPLATE_ESCAPES = {
    "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
    "\\": "\\",
}
_OCT = "01234567"
_DIGITS = "0123456789"


def _compile_template(pattern, repl):
    # -> list of str literals and int group numbers (CPython's parse_template).
    if "\\" not in repl:
        return [repl]
    out = []
    lit = []
    i = 0
    n = len(repl)
    while i < n:
        c = repl[i]
        if c != "\\":
            lit.append(c)
            i += 1
            continue
        start = i
        i += 1
        if i >= n:
            raise error("bad escape (end of pattern)", repl, start)
        c = repl[i]
        i += 1
        if c == "g":
            if i >= n or repl[i] != "<":
                raise error("missing <", repl, i)
            close = repl.find(">", i + 1)
            if close < 0:
                if i + 1 >= n:
                    raise error("missing group name", repl, i + 1)
                raise error("missing >, unterminated name", repl, i + 1)
            name = repl[i + 1:close]
            if not name:
                raise error("missing group name", repl, i + 1)
            if name.isdigit() and name.isascii():
                index = int(name)
                if index > pattern.groups:
                    raise error("invalid group reference %d" % index, repl, i + 1)
            elif name.isidentifier():
                if name not in pattern.groupindex:
                    raise IndexError("unknown group name '%s'" % name)
                index = pattern.groupindex[name]
            else:
                raise error("bad character in group name '%s'" % name, repl, i + 1)
            out.append("".join(lit))
            lit = []
            out.append(index)
            i = close + 1
        elif c == "0":
            j = i
            while j < n and j < i + 2 and repl[j] in _OCT:
                j += 1
            lit.append(chr(int("0" + repl[i:j], 8)))
            i = j
        elif c in _DIGITS:
            if (i + 1 < n and c in _OCT and repl[i] in _OCT and repl[i + 1] in _OCT):
                value = int(c + repl[i:i + 2], 8)
                if value > 0o377:
                    raise error("octal escape value \\%s outside of range 0-0o377"
                                % (c + repl[i:i + 2]), repl, start)
                lit.append(chr(value))
                i += 2
                continue
            digits = c
            if i < n and repl[i] in _DIGITS:
                digits += repl[i]
                i += 1
            index = int(digits)
            if index > pattern.groups:
                raise error("invalid group reference %d" % index, repl, start + 1)
            out.append("".join(lit))
            lit = []
            out.append(index)
        elif c in _TEMPLATE_ESCAPES:
            lit.append(_TEMPLATE_ESCAPES[c])
        elif c.isascii() and c.isalpha():
            raise error("bad escape \\%s" % c, repl, start)
        else:
            lit.append("\\" + c)
    out.append("".join(lit))
    return out


def _expand(template, groups):
    parts = []
    for item in template:
        if isinstance(item, int):
            g = groups[item]
            if g is not None:
                parts.append(g)
        else:
            parts.append(item)
    return "".join(parts)


class Match:
    """The result of a successful match."""

    def __init__(self, pattern, string, spans, groups, pos, endpos):
        n = len(string)
        self.re = pattern
        self.string = string
        self._spans = spans
        self._groups = groups
        self.pos = min(max(pos, 0), n)
        self.endpos = min(max(endpos, 0), n)

    def _index(self, g):
        if isinstance(g, int):
            if 0 <= g <= self.re.groups:
                return g
        elif isinstance(g, str):
            index = self.re.groupindex.get(g)
            if index is not None:
                return index
        raise IndexError("no such group")

    def _group(self, g):
        return self._groups[self._index(g)]

    def group(self, *groups):
        if not groups:
            return self._group(0)
        if len(groups) == 1:
            return self._group(groups[0])
        return tuple([self._group(g) for g in groups])

    def __getitem__(self, g):
        return self._group(g)

    def groups(self, default=None):
        out = []
        for i in range(1, self.re.groups + 1):
            v = self._group(i)
            out.append(default if v is None else v)
        return tuple(out)

    def groupdict(self, default=None):
        out = {}
        for name in self.re.groupindex:
            v = self._group(name)
            out[name] = default if v is None else v
        return out

    def start(self, group=0):
        return self._spans[2 * self._index(group)]

    def end(self, group=0):
        return self._spans[2 * self._index(group) + 1]

    def span(self, group=0):
        i = self._index(group)
        return (self._spans[2 * i], self._spans[2 * i + 1])

    @property
    def regs(self):
        return tuple([self.span(i) for i in range(self.re.groups + 1)])

    @property
    def lastindex(self):
        best = None
        best_key = None
        rank = 0
        for g in self.re._close_order:
            end = self._spans[2 * g + 1]
            if self._spans[2 * g] >= 0:
                key = (end, rank)
                if best_key is None or key > best_key:
                    best, best_key = g, key
            rank += 1
        return best

    @property
    def lastgroup(self):
        i = self.lastindex
        if i is None:
            return None
        return self.re._names.get(i)

    def expand(self, template):
        return _expand(_compile_template(self.re, template), self._groups)

    def __repr__(self):
        return "<re.Match object; span=(%d, %d), match=%s>" % (
            self._spans[0], self._spans[1], repr(self._group(0))[:50])

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


_cache = {}
_MAXCACHE = 512


def compile(pattern, flags=0):
    if isinstance(pattern, Pattern):
        if flags:
            raise ValueError("cannot process flags argument with a compiled pattern")
        return pattern
    if not isinstance(pattern, str):
        raise TypeError("first argument must be string or compiled pattern")
    key = (pattern, flags)
    p = _cache.get(key)
    if p is None:
        p = Pattern(pattern, flags)
        if len(_cache) >= _MAXCACHE:
            _cache.clear()
        _cache[key] = p
    return p


def purge():
    _cache.clear()


def match(pattern, string, flags=0):
    return compile(pattern, flags).match(string)


def fullmatch(pattern, string, flags=0):
    return compile(pattern, flags).fullmatch(string)


def search(pattern, string, flags=0):
    return compile(pattern, flags).search(string)


def sub(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).sub(repl, string, count)


def subn(pattern, repl, string, count=0, flags=0):
    return compile(pattern, flags).subn(repl, string, count)


def split(pattern, string, maxsplit=0, flags=0):
    return compile(pattern, flags).split(string, maxsplit)


def findall(pattern, string, flags=0):
    return compile(pattern, flags).findall(string)


def finditer(pattern, string, flags=0):
    return compile(pattern, flags).finditer(string)


_SPECIAL = "()[]{}?*+-|^$\\.&~# \t\n\r\v\f"


def escape(pattern):
    if not isinstance(pattern, str):
        raise TypeError("escape() needs a str (wick has no bytes)")
    out = []
    for c in pattern:
        if c in _SPECIAL:
            out.append("\\")
        out.append(c)
    return "".join(out)
