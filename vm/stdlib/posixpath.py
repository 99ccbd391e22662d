"""posixpath (os.path): path manipulation and existence tests."""

import _wick_os

__all__ = ["join", "split", "splitext", "basename", "dirname", "exists", "isfile",
           "isdir", "islink", "isabs", "abspath", "normpath", "realpath", "relpath",
           "expanduser", "expandvars", "getsize", "getmtime", "commonprefix", "sep"]

sep = "/"
curdir = "."
pardir = ".."
extsep = "."
pathsep = ":"
devnull = "/dev/null"


def _fspath(p):
    if isinstance(p, str):
        return p
    f = getattr(type(p), "__fspath__", None)
    if f is None:
        raise TypeError("expected str, bytes or os.PathLike object, not %s" % type(p).__name__)
    return f(p)


def isabs(s):
    return _fspath(s).startswith("/")


def join(a, *p):
    a = _fspath(a)
    path = a
    for b in p:
        b = _fspath(b)
        if b.startswith("/"):
            path = b
        elif not path or path.endswith("/"):
            path += b
        else:
            path += "/" + b
    return path


def split(p):
    p = _fspath(p)
    i = p.rfind("/") + 1
    head, tail = p[:i], p[i:]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head, tail


def splitext(p):
    p = _fspath(p)
    sep_index = p.rfind("/")
    dot_index = p.rfind(".")
    if dot_index > sep_index:
        filename_index = sep_index + 1
        while filename_index < dot_index:
            if p[filename_index] != ".":
                return p[:dot_index], p[dot_index:]
            filename_index += 1
    return p, ""


def basename(p):
    p = _fspath(p)
    return p[p.rfind("/") + 1:]


def dirname(p):
    p = _fspath(p)
    i = p.rfind("/") + 1
    head = p[:i]
    if head and head != "/" * len(head):
        head = head.rstrip("/")
    return head


def _stat(p):
    r = _wick_os.stat(_fspath(p), True)
    return None if isinstance(r, int) else r


def exists(p):
    return _stat(p) is not None


def lexists(p):
    return not isinstance(_wick_os.stat(_fspath(p), False), int)


def isfile(p):
    st = _stat(p)
    return st is not None and (st[0] & 0o170000) == 0o100000


def isdir(s):
    st = _stat(s)
    return st is not None and (st[0] & 0o170000) == 0o040000


def islink(p):
    r = _wick_os.stat(_fspath(p), False)
    return not isinstance(r, int) and (r[0] & 0o170000) == 0o120000


def _stat_or_raise(p):
    import os
    return os.stat(p)


def getsize(p):
    return _stat_or_raise(p).st_size


def getmtime(p):
    return _stat_or_raise(p).st_mtime


def getatime(p):
    return _stat_or_raise(p).st_atime


def getctime(p):
    return _stat_or_raise(p).st_ctime


def normpath(path):
    path = _fspath(path)
    if not path:
        return "."
    initial_slashes = 1 if path.startswith("/") else 0
    if initial_slashes and path.startswith("//") and not path.startswith("///"):
        initial_slashes = 2
    comps = path.split("/")
    new_comps = []
    for comp in comps:
        if comp in ("", "."):
            continue
        if (comp != ".." or (not initial_slashes and not new_comps) or
                (new_comps and new_comps[-1] == "..")):
            new_comps.append(comp)
        elif new_comps:
            new_comps.pop()
    path = "/".join(new_comps)
    if initial_slashes:
        path = "/" * initial_slashes + path
    return path or "."


def abspath(path):
    path = _fspath(path)
    if not isabs(path):
        cwd = _wick_os.getcwd()
        path = join(cwd, path)
    return normpath(path)


def realpath(filename, *, strict=False):
    filename = _fspath(filename)
    r = _wick_os.realpath(filename)
    if isinstance(r, int):
        return abspath(filename)
    return r


def relpath(path, start=None):
    path = _fspath(path)
    if not path:
        raise ValueError("no path specified")
    if start is None:
        start = "."
    start_list = [x for x in abspath(start).split("/") if x]
    path_list = [x for x in abspath(path).split("/") if x]
    i = len(commonprefix([start_list, path_list]))
    rel_list = [".."] * (len(start_list) - i) + path_list[i:]
    if not rel_list:
        return "."
    return join(*rel_list)


def commonprefix(m):
    if not m:
        return ""
    s1 = min(m)
    s2 = max(m)
    for i, c in enumerate(s1):
        if c != s2[i]:
            return s1[:i]
    return s1


def expanduser(path):
    path = _fspath(path)
    if not path.startswith("~"):
        return path
    i = path.find("/", 1)
    if i < 0:
        i = len(path)
    if i != 1:
        return path
    home = dict(_wick_os.environ()).get("HOME")
    if home is None:
        home = _wick_os.pw_home()
        if home is None:
            return path
    home = home.rstrip("/")
    return (home + path[i:]) or "/"


def expandvars(path):
    path = _fspath(path)
    if "$" not in path:
        return path
    env = dict(_wick_os.environ())
    import re
    def repl(m):
        name = m.group(1) or m.group(2)
        if name in env:
            return env[name]
        return m.group(0)
    return re.sub(r"\$(\w+)|\$\{([^}]*)\}", repl, path)
