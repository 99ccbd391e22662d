"""glob: glob/iglob/escape with *, ?, [seq] and recursive ** (CPython's rules: hidden
names match only patterns that start with '.'; results in directory order)."""

import os
import fnmatch as _fnmatch

__all__ = ["glob", "iglob", "escape", "has_magic"]


def _has_magic(s):
    return "*" in s or "?" in s or "[" in s


has_magic = _has_magic


def glob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    return list(iglob(pathname, root_dir=root_dir, recursive=recursive,
                      include_hidden=include_hidden))


def iglob(pathname, *, root_dir=None, dir_fd=None, recursive=False, include_hidden=False):
    if root_dir is not None:
        for p in _iglob(pathname, root_dir, recursive, include_hidden):
            yield p
        return
    for p in _iglob(pathname, None, recursive, include_hidden):
        yield p


def _join(root, p):
    return p if root is None else os.path.join(root, p)


def _exists(root, p):
    return os.path.lexists(_join(root, p)) if hasattr(os.path, "lexists") else \
        os.path.exists(_join(root, p))


def _iglob(pathname, root, recursive, hidden):
    dirname, basename = os.path.split(pathname)
    if not _has_magic(pathname):
        if basename:
            if _exists(root, pathname):
                yield pathname
        elif os.path.isdir(_join(root, dirname)):
            yield pathname
        return
    if not dirname:
        if recursive and basename == "**":
            yield from _rlistdir(root, "", hidden, include_self=True)
        else:
            yield from _glob1(root, dirname, basename, hidden)
        return
    if dirname != pathname and _has_magic(dirname):
        dirs = list(_iglob(dirname, root, recursive, hidden))
    else:
        dirs = [dirname]
    for d in dirs:
        if recursive and basename == "**":
            for name in _rlistdir(root, d, hidden, include_self=True):
                yield os.path.join(d, name) if name else os.path.join(d, "")
        elif _has_magic(basename):
            for name in _glob1(root, d, basename, hidden):
                yield os.path.join(d, name)
        else:
            if _exists(root, os.path.join(d, basename)) or (
                    not basename and os.path.isdir(_join(root, d))):
                yield os.path.join(d, basename)


def _listdir(root, dirname):
    try:
        return os.listdir(_join(root, dirname) if dirname else (root or os.curdir))
    except OSError:
        return []


def _glob1(root, dirname, pattern, hidden):
    names = _listdir(root, dirname)
    if not hidden and not pattern.startswith("."):
        names = [n for n in names if not n.startswith(".")]
    return _fnmatch.filter(names, pattern)


def _rlistdir(root, dirname, hidden, include_self=False):
    if include_self:
        yield ""
    for name in _listdir(root, dirname):
        if not hidden and name.startswith("."):
            continue
        yield name
        path = os.path.join(dirname, name) if dirname else name
        if os.path.isdir(_join(root, path)) and not os.path.islink(_join(root, path)):
            for sub in _rlistdir(root, path, hidden):
                yield os.path.join(name, sub)


def escape(pathname):
    drive, rest = "", pathname
    out = []
    for c in rest:
        if c in "*?[":
            out.append("[%s]" % c)
        else:
            out.append(c)
    return drive + "".join(out)
