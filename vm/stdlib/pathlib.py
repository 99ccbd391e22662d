"""pathlib: PurePath/PurePosixPath/Path/PosixPath for the common operations (joining with
/, name/stem/suffix/parent, exists/is_file/is_dir, mkdir, read_text/write_text, iterdir,
glob, resolve, relative_to) over os and posixpath."""

import os
import posixpath

__all__ = ["PurePath", "PurePosixPath", "Path", "PosixPath"]


class PurePath:
    def __init__(self, *args):
        parts = []
        for a in args:
            if isinstance(a, PurePath):
                a = str(a)
            elif not isinstance(a, str):
                f = getattr(type(a), "__fspath__", None)
                if f is None:
                    raise TypeError("expected str, bytes or os.PathLike object, not %s"
                                    % type(a).__name__)
                a = f(a)
            parts.append(a)
        path = posixpath.join(*parts) if parts else ""
        self._str = self._normalize(path)

    @staticmethod
    def _normalize(path):
        if not path:
            return "."
        root = ""
        if path.startswith("//") and not path.startswith("///"):
            root = "//"
        elif path.startswith("/"):
            root = "/"
        comps = [c for c in path.split("/") if c and c != "."]
        s = root + "/".join(comps)
        return s or "."

    def __str__(self):
        return self._str

    def __fspath__(self):
        return self._str

    def __repr__(self):
        return "%s(%r)" % (type(self).__name__, self.as_posix())

    def as_posix(self):
        return self._str

    def __eq__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self._str == other._str

    def __hash__(self):
        return hash(self._str)

    def __lt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts < other.parts

    def __le__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts <= other.parts

    def __gt__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts > other.parts

    def __ge__(self, other):
        if not isinstance(other, PurePath):
            return NotImplemented
        return self.parts >= other.parts

    def _make(self, *args):
        return type(self)(*args)

    def __truediv__(self, key):
        try:
            return self._make(self._str, key)
        except TypeError:
            return NotImplemented

    def __rtruediv__(self, key):
        try:
            return self._make(key, self._str)
        except TypeError:
            return NotImplemented

    def joinpath(self, *args):
        return self._make(self._str, *args)

    @property
    def parts(self):
        s = self._str
        if s == ".":
            return ()
        if s.startswith("/"):
            root = "//" if s.startswith("//") and not s.startswith("///") else "/"
            rest = s[len(root):]
            return (root,) + tuple([p for p in rest.split("/") if p])
        return tuple(s.split("/"))

    @property
    def root(self):
        return "/" if self._str.startswith("/") else ""

    @property
    def anchor(self):
        return self.root

    @property
    def drive(self):
        return ""

    @property
    def name(self):
        parts = self.parts
        if not parts or (len(parts) == 1 and self.root):
            return ""
        return parts[-1]

    @property
    def suffix(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[i:]
        return ""

    @property
    def suffixes(self):
        name = self.name
        if name.endswith("."):
            return []
        name = name.lstrip(".")
        return ["." + s for s in name.split(".")[1:]]

    @property
    def stem(self):
        name = self.name
        i = name.rfind(".")
        if 0 < i < len(name) - 1:
            return name[:i]
        return name

    @property
    def parent(self):
        parts = self.parts
        if not parts:
            return self
        if len(parts) == 1:
            return self._make(self.root or ".")
        if self.root:
            return self._make(parts[0] + "/".join(parts[1:-1]))
        return self._make("/".join(parts[:-1]))

    @property
    def parents(self):
        out = []
        p = self
        while True:
            q = p.parent
            if q == p:
                break
            out.append(q)
            p = q
        return tuple(out)

    def with_name(self, name):
        if not self.name:
            raise ValueError("%r has an empty name" % (self,))
        if not name or "/" in name or name == ".":
            raise ValueError("Invalid name %r" % (name,))
        return self.parent / name if self.parent._str != "." or self.root else self._make(name)

    def with_stem(self, stem):
        return self.with_name(stem + self.suffix)

    def with_suffix(self, suffix):
        if "/" in suffix or suffix and (not suffix.startswith(".") or suffix == "."):
            raise ValueError("Invalid suffix %r" % (suffix,))
        name = self.name
        if not name:
            raise ValueError("%r has an empty name" % (self,))
        old = self.suffix
        name = (name[:-len(old)] if old else name) + suffix
        return self.with_name(name)

    def is_absolute(self):
        return self._str.startswith("/")

    def relative_to(self, *other):
        base = self._make(*other)
        bp = base.parts
        sp = self.parts
        if sp[:len(bp)] != bp or (not bp and self.root):
            raise ValueError("%r is not in the subpath of %r OR one path is relative and the "
                             "other is absolute." % (str(self), str(base)))
        return self._make(*sp[len(bp):]) if sp[len(bp):] else self._make(".")

    def is_relative_to(self, *other):
        try:
            self.relative_to(*other)
            return True
        except ValueError:
            return False

    def match(self, pattern):
        pat_parts = [p for p in pattern.split("/") if p]
        parts = self.parts
        if pattern.startswith("/"):
            if not self.root or len(pat_parts) + 1 != len(parts):
                return False
            parts = parts[1:]
        elif len(pat_parts) > len(parts):
            return False
        for part, pat in zip(reversed(parts), reversed(pat_parts)):
            import fnmatch
            if not fnmatch.fnmatchcase(part, pat):
                return False
        return True


class PurePosixPath(PurePath):
    pass


class Path(PurePath):
    def __new__(cls, *args, **kwargs):
        if cls is Path:
            cls = PosixPath
        return object.__new__(cls)

    @classmethod
    def cwd(cls):
        return cls(os.getcwd())

    @classmethod
    def home(cls):
        return cls(os.path.expanduser("~"))

    def absolute(self):
        if self.is_absolute():
            return self
        return self._make(os.getcwd(), self._str)

    def resolve(self, strict=False):
        return self._make(os.path.realpath(self._str))

    def expanduser(self):
        return self._make(os.path.expanduser(self._str))

    def stat(self):
        return os.stat(self._str)

    def exists(self):
        return os.path.exists(self._str)

    def is_file(self):
        return os.path.isfile(self._str)

    def is_dir(self):
        return os.path.isdir(self._str)

    def is_symlink(self):
        return os.path.islink(self._str)

    def mkdir(self, mode=0o777, parents=False, exist_ok=False):
        try:
            os.mkdir(self._str, mode)
        except FileNotFoundError:
            if not parents or self.parent == self:
                raise
            self.parent.mkdir(parents=True, exist_ok=True)
            self.mkdir(mode, parents=False, exist_ok=exist_ok)
        except OSError:
            if not exist_ok or not self.is_dir():
                raise

    def rmdir(self):
        os.rmdir(self._str)

    def unlink(self, missing_ok=False):
        try:
            os.remove(self._str)
        except FileNotFoundError:
            if not missing_ok:
                raise

    def rename(self, target):
        os.rename(self._str, str(target))
        return self._make(target)

    def replace(self, target):
        return self.rename(target)

    def touch(self, mode=0o666, exist_ok=True):
        if self.exists():
            if not exist_ok:
                raise FileExistsError(17, "File exists", self._str)
            return
        with open(self._str, "a"):
            pass

    def open(self, mode="r", buffering=-1, encoding=None, errors=None, newline=None):
        return open(self._str, mode, buffering, encoding, errors, newline)

    def read_text(self, encoding=None, errors=None):
        with self.open("r", encoding=encoding) as f:
            return f.read()

    def write_text(self, data, encoding=None, errors=None, newline=None):
        if not isinstance(data, str):
            raise TypeError("data must be str, not %s" % type(data).__name__)
        with self.open("w", encoding=encoding) as f:
            return f.write(data)

    def read_bytes(self):
        with self.open("rb") as f:
            return f.read()

    def write_bytes(self, data):
        with self.open("wb") as f:
            return f.write(bytes(data))

    def iterdir(self):
        for name in os.listdir(self._str):
            yield self / name

    def glob(self, pattern):
        parts = [p for p in pattern.split("/") if p]
        return self._glob(self, parts)

    def rglob(self, pattern):
        return self.glob("**/" + pattern)

    def _glob(self, base, parts):
        if not parts:
            yield base
            return
        head, rest = parts[0], parts[1:]
        if head == "**":
            yield from self._glob(base, rest)
            for sub in sorted(base._walk_dirs()):
                yield from self._glob(sub, rest)
            return
        if not base.is_dir():
            return
        import fnmatch
        for name in sorted(os.listdir(base._str)):
            if name.startswith(".") and not head.startswith("."):
                continue
            if fnmatch.fnmatchcase(name, head):
                child = base / name
                if rest and not child.is_dir():
                    continue
                yield from self._glob(child, rest)

    def _walk_dirs(self):
        out = []
        for root, dirs, files in os.walk(self._str):
            for d in dirs:
                if not d.startswith("."):
                    out.append(self._make(root, d))
        return out


class PosixPath(Path):
    pass
