"""os: the portable subset scripts use (environ, getenv, getcwd, listdir, makedirs,
remove, walk, stat, ...) over _wick_os; os.path is posixpath."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

import sys
import _wick_os
import posixpath as path

sys.modules["os.path"] = path

name = "posix"
sep = "/"
altsep = None
extsep = "."
pathsep = ":"
linesep = "\n"
curdir = "."
pardir = ".."
defpath = "/bin:/usr/bin"
devnull = "/dev/null"
SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2

error = OSError


def _error(code, filename=None, filename2=None):
    code = -code
    cls = {1: PermissionError, 2: FileNotFoundError, 13: PermissionError,
           17: FileExistsError, 20: NotADirectoryError, 21: IsADirectoryError}.get(code, OSError)
    if filename2 is not None:
        e = cls(code, _wick_os.strerror(code), filename, None, filename2)
    elif filename is not None:
        e = cls(code, _wick_os.strerror(code), filename)
    else:
        e = cls(code, _wick_os.strerror(code))
    e.errno = code
    e.strerror = _wick_os.strerror(code)
    e.filename = filename
    e.filename2 = filename2
    return e


def _check(result, filename=None, filename2=None):
    if isinstance(result, int) and not isinstance(result, bool) and result < 0:
        raise _error(result, filename, filename2)
    return result


def fspath(p):
    if isinstance(p, str):
        return p
    f = getattr(type(p), "__fspath__", None)
    if f is None:
        raise TypeError("expected str, bytes or os.PathLike object, not %s" % type(p).__name__)
    return f(p)


class PathLike:
    def __fspath__(self):
        raise NotImplementedError


class _Environ:
    def __init__(self):
        self._data = dict(_wick_os.environ())

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        if not isinstance(key, str):
            raise TypeError("str expected, not %s" % type(key).__name__)
        if not isinstance(value, str):
            raise TypeError("str expected, not %s" % type(value).__name__)
        _wick_os.putenv(key, value)
        self._data[key] = value

    def __delitem__(self, key):
        del self._data[key]
        _wick_os.unsetenv(key)

    def __contains__(self, key):
        return key in self._data

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self):
        return len(self._data)

    def __repr__(self):
        return "environ(%r)" % (self._data,)

    def get(self, key, default=None):
        return self._data.get(key, default)

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def copy(self):
        return dict(self._data)

    def setdefault(self, key, value):
        if key not in self._data:
            self[key] = value
        return self._data[key]

    def pop(self, key, *default):
        if key in self._data:
            value = self._data[key]
            del self[key]
            return value
        if default:
            return default[0]
        raise KeyError(key)

    def update(self, other=(), **kw):
        items = other.items() if hasattr(other, "items") else other
        for k, v in items:
            self[k] = v
        for k in kw:
            self[k] = kw[k]


environ = _Environ()


def getenv(key, default=None):
    return environ.get(key, default)


def putenv(key, value):
    _check(_wick_os.putenv(key, value))


def unsetenv(key):
    _check(_wick_os.unsetenv(key))


def getcwd():
    return _check(_wick_os.getcwd())


def chdir(p):
    p = fspath(p)
    _check(_wick_os.chdir(p), p)


def getpid():
    return _wick_os.getpid()


def cpu_count():
    return _wick_os.cpu_count()


def listdir(p="."):
    p = fspath(p)
    return _check(_wick_os.listdir(p), p)


class stat_result:
    def __init__(self, t):
        (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid, self.st_gid,
         self.st_size, self.st_atime, self.st_mtime, self.st_ctime) = t

    def __repr__(self):
        return ("os.stat_result(st_mode=%d, st_ino=%d, st_dev=%d, st_nlink=%d, st_uid=%d, "
                "st_gid=%d, st_size=%d, st_atime=%d, st_mtime=%d, st_ctime=%d)"
                % (self.st_mode, self.st_ino, self.st_dev, self.st_nlink, self.st_uid,
                   self.st_gid, self.st_size, int(self.st_atime), int(self.st_mtime),
                   int(self.st_ctime)))


def stat(p, *, follow_symlinks=True):
    p = fspath(p)
    return stat_result(_check(_wick_os.stat(p, follow_symlinks), p))


def lstat(p):
    return stat(p, follow_symlinks=False)


def mkdir(p, mode=0o777, *, exist_ok=False):
    p = fspath(p)
    _check(_wick_os.mkdir(p, mode), p)


def makedirs(name, mode=0o777, exist_ok=False):
    name = fspath(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    if head and tail and not path.exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        if tail == curdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not path.isdir(name):
            raise


def remove(p):
    p = fspath(p)
    _check(_wick_os.unlink(p), p)


unlink = remove


def rmdir(p):
    p = fspath(p)
    _check(_wick_os.rmdir(p), p)


def removedirs(name):
    rmdir(name)
    head, tail = path.split(name)
    if not tail:
        head, tail = path.split(head)
    while head and tail:
        try:
            rmdir(head)
        except OSError:
            break
        head, tail = path.split(head)


def rename(src, dst):
    src = fspath(src)
    dst = fspath(dst)
    _check(_wick_os.rename(src, dst), src, dst)


replace = rename


class DirEntry:
    """One entry of scandir(): name, path, is_dir(), is_file(), is_symlink(), stat()."""

    def __init__(self, directory, name):
        self.name = name
        self.path = path.join(directory, name)

    def is_dir(self, *, follow_symlinks=True):
        return path.isdir(self.path) if follow_symlinks else (
            path.isdir(self.path) and not path.islink(self.path))

    def is_file(self, *, follow_symlinks=True):
        return path.isfile(self.path) if follow_symlinks else (
            path.isfile(self.path) and not path.islink(self.path))

    def is_symlink(self):
        return path.islink(self.path)

    def stat(self, *, follow_symlinks=True):
        return stat(self.path, follow_symlinks=follow_symlinks)

    def __fspath__(self):
        return self.path

    def __repr__(self):
        return "<DirEntry %r>" % (self.name,)


class _ScandirIterator:
    def __init__(self, directory):
        self._directory = directory
        self._names = iter(listdir(directory))

    def __iter__(self):
        return self

    def __next__(self):
        name = next(self._names)
        return DirEntry(self._directory, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return None

    def close(self):
        pass


def scandir(p="."):
    return _ScandirIterator(fspath(p))


def walk(top, topdown=True, onerror=None, followlinks=False):
    top = fspath(top)
    try:
        names = listdir(top)
    except OSError as err:
        if onerror is not None:
            onerror(err)
        return
    dirs = []
    nondirs = []
    for n in names:
        if path.isdir(path.join(top, n)):
            dirs.append(n)
        else:
            nondirs.append(n)
    if topdown:
        yield top, dirs, nondirs
        for d in dirs:
            new = path.join(top, d)
            if followlinks or not path.islink(new):
                yield from walk(new, topdown, onerror, followlinks)
    else:
        for d in dirs:
            new = path.join(top, d)
            if followlinks or not path.islink(new):
                yield from walk(new, topdown, onerror, followlinks)
        yield top, dirs, nondirs
