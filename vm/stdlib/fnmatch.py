"""fnmatch: shell-style wildcards (* ? [seq] [!seq]) translated to regular expressions."""

import re
import posixpath

__all__ = ["filter", "fnmatch", "fnmatchcase", "translate"]


def translate(pat):
    i, n = 0, len(pat)
    out = []
    while i < n:
        c = pat[i]
        i += 1
        if c == "*":
            if not out or out[-1] != ".*":
                out.append(".*")
        elif c == "?":
            out.append(".")
        elif c == "[":
            j = i
            if j < n and pat[j] == "!":
                j += 1
            if j < n and pat[j] == "]":
                j += 1
            while j < n and pat[j] != "]":
                j += 1
            if j >= n:
                out.append("\\[")
            else:
                stuff = pat[i:j].replace("\\", "\\\\")
                i = j + 1
                if stuff.startswith("!"):
                    stuff = "^" + stuff[1:]
                elif stuff.startswith("^"):
                    stuff = "\\" + stuff
                out.append("[%s]" % stuff)
        else:
            out.append(re.escape(c))
    return "(?s:%s)\\Z" % "".join(out)


_cache = {}


def _compile(pat):
    p = _cache.get(pat)
    if p is None:
        p = re.compile(translate(pat))
        _cache[pat] = p
    return p


def fnmatchcase(name, pat):
    return _compile(pat).match(name) is not None


def fnmatch(name, pat):
    return fnmatchcase(name, pat)


def filter(names, pat):
    match = _compile(pat).match
    return [n for n in names if match(n)]
