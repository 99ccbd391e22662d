"""io: files for open() (the builtin delegates here), StringIO and BytesIO. Files read
whole at open; text writes go straight out, binary writes too (binary read files
seek freely; files open for writing do not seek)."""

__wick_native__ = True  # frames stay out of tracebacks, as CPython's C frames do

import _wick_os

__all__ = ["open", "StringIO", "BytesIO", "TextIOWrapper", "BufferedReader", "BufferedWriter", "UnsupportedOperation", "SEEK_SET",
           "SEEK_CUR", "SEEK_END", "DEFAULT_BUFFER_SIZE"]

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2
DEFAULT_BUFFER_SIZE = 8192


class UnsupportedOperation(OSError, ValueError):
    pass


UnsupportedOperation.__module__ = "io"


def _raise_errno(code, filename):
    import os
    raise os._error(code, filename)


class _TextBase:
    """Shared line reading over an in-memory text buffer (self._buf, self._pos)."""

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def _check_readable(self):
        self._check_open()
        if not self._readable:
            raise UnsupportedOperation("not readable")

    def _check_writable(self):
        self._check_open()
        if not self._writable:
            raise UnsupportedOperation("not writable")

    def readable(self):
        self._check_open()
        return self._readable

    def writable(self):
        self._check_open()
        return self._writable

    def seekable(self):
        self._check_open()
        return True

    def read(self, size=-1):
        self._check_readable()
        if size is None or size < 0:
            s = self._buf[self._pos:]
        else:
            s = self._buf[self._pos:self._pos + size]
        self._pos += len(s)
        return s

    def readline(self, size=-1):
        self._check_readable()
        end = self._buf.find("\n", self._pos)
        end = len(self._buf) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        s = self._buf[self._pos:end]
        self._pos = end
        return s

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                break
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                break
        return lines

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()
        return None

    def isatty(self):
        return False


class StringIO(_TextBase):
    """An in-memory text stream."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError("initial_value must be str or None, not %s"
                            % type(initial_value).__name__)
        self._buf = initial_value
        self._pos = 0
        self.closed = False
        self._readable = True
        self._writable = True

    def write(self, s):
        self._check_open()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        if self._pos > len(self._buf):
            self._buf += "\0" * (self._pos - len(self._buf))
        self._buf = self._buf[:self._pos] + s + self._buf[self._pos + len(s):]
        self._pos += len(s)
        return len(s)

    def getvalue(self):
        self._check_open()
        return self._buf

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            self._pos = pos
        elif whence == 1:
            self._pos += pos
        else:
            self._pos = len(self._buf) + pos
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def truncate(self, size=None):
        if size is None:
            size = self._pos
        self._buf = self._buf[:size]
        return size

    def flush(self):
        self._check_open()

    def close(self):
        self.closed = True


class TextIOWrapper(_TextBase):
    """A text file from open(): read files are loaded whole, writes go straight out."""

    def __init__(self, name, mode, fd, encoding, readable, writable, text):
        self.name = name
        self.mode = mode
        self.encoding = encoding
        self._fd = fd
        self._buf = text
        self._pos = 0
        self.closed = False
        self._readable = readable
        self._writable = writable

    def __repr__(self):
        return "<_io.TextIOWrapper name=%r mode=%r encoding=%r>" % (self.name, self.mode,
                                                                    self.encoding)

    def write(self, s):
        self._check_writable()
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not %s" % type(s).__name__)
        r = _wick_os.fd_write(self._fd, s)
        if isinstance(r, int) and r < 0:
            _raise_errno(r, self.name)
        return len(s)

    def fileno(self):
        self._check_open()
        return self._fd

    def seek(self, pos, whence=0):
        self._check_open()
        if self._writable:
            raise UnsupportedOperation("seek on a file opened for writing is not supported by wick")
        if whence == 0:
            self._pos = pos
        elif whence == 2:
            self._pos = len(self._buf) + pos
        else:
            self._pos += pos
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def flush(self):
        self._check_open()

    def close(self):
        if not self.closed:
            self.closed = True
            _wick_os.fd_close(self._fd)

    def __del__(self):
        if not self.closed:
            self.close()


class _BinaryBase:
    """Reads over an in-memory bytearray (self._buf, self._pos)."""

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def readable(self):
        self._check_open()
        return self._readable

    def writable(self):
        self._check_open()
        return self._writable

    def seekable(self):
        self._check_open()
        return True

    def read(self, size=-1):
        self._check_open()
        if not self._readable:
            raise UnsupportedOperation("read")
        if size is None or size < 0:
            end = len(self._buf)
        else:
            end = self._pos + size
        s = bytes(self._buf[self._pos:end])
        self._pos += len(s)
        return s

    def read1(self, size=-1):
        return self.read(size)

    def readinto(self, b):
        data = self.read(len(b))
        b[:len(data)] = data
        return len(data)

    def readline(self, size=-1):
        self._check_open()
        end = self._buf.find(b"\n", self._pos)
        end = len(self._buf) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        s = bytes(self._buf[self._pos:end])
        self._pos = end
        return s

    def readlines(self, hint=-1):
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == 0:
            if pos < 0:
                raise ValueError("negative seek value %d" % pos)
            self._pos = pos
        elif whence == 1:
            self._pos = max(0, self._pos + pos)
        elif whence == 2:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError("invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def tell(self):
        self._check_open()
        return self._pos

    def flush(self):
        self._check_open()

    def isatty(self):
        return False

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()
        return None


class BytesIO(_BinaryBase):
    """An in-memory binary stream."""

    def __init__(self, initial_bytes=b""):
        if initial_bytes is None:
            initial_bytes = b""
        self._buf = bytearray(initial_bytes)
        self._pos = 0
        self.closed = False
        self._readable = True
        self._writable = True

    def write(self, b):
        self._check_open()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        n = len(b)
        if self._pos > len(self._buf):
            self._buf += bytes(self._pos - len(self._buf))
        if self._pos == len(self._buf):
            self._buf += b
        else:
            self._buf[self._pos:self._pos + n] = b
        self._pos += n
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._check_open()
        return bytes(self._buf)

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        del self._buf[size:]
        return size

    def close(self):
        self.closed = True


class BufferedReader(_BinaryBase):
    """A binary file open for reading: its bytes are read whole at open()."""

    def __init__(self, name, mode, data):
        self.name = name
        self.mode = mode
        self._buf = data
        self._pos = 0
        self.closed = False
        self._readable = True
        self._writable = False

    def __repr__(self):
        return "<_io.BufferedReader name=%r>" % (self.name,)

    def peek(self, size=0):
        self._check_open()
        return bytes(self._buf[self._pos:self._pos + max(size, 1)])

    def close(self):
        self.closed = True


class BufferedWriter:
    """A binary file open for writing: each write goes straight to the file."""

    def __init__(self, name, mode, fd):
        self.name = name
        self.mode = mode
        self._fd = fd
        self._pos = 0
        self.closed = False

    def __repr__(self):
        return "<_io.BufferedWriter name=%r>" % (self.name,)

    def _check_open(self):
        if self.closed:
            raise ValueError("I/O operation on closed file.")

    def readable(self):
        self._check_open()
        return False

    def writable(self):
        self._check_open()
        return True

    def seekable(self):
        self._check_open()
        return False

    def read(self, size=-1):
        raise UnsupportedOperation("read")

    def write(self, b):
        self._check_open()
        if isinstance(b, str):
            raise TypeError("a bytes-like object is required, not 'str'")
        if not isinstance(b, (bytes, bytearray)):
            b = bytes(b)
        r = _wick_os.fd_write(self._fd, b)
        if isinstance(r, int) and r < 0:
            _raise_errno(r, self.name)
        self._pos += len(b)
        return len(b)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def tell(self):
        self._check_open()
        return self._pos

    def seek(self, pos, whence=0):
        self._check_open()
        if (whence == 0 and pos == self._pos) or (whence in (1, 2) and pos == 0):
            return self._pos
        raise UnsupportedOperation("seek on a file opened for writing is not supported by wick")

    def fileno(self):
        self._check_open()
        return self._fd

    def flush(self):
        self._check_open()

    def isatty(self):
        return False

    def close(self):
        if not self.closed:
            self.closed = True
            _wick_os.fd_close(self._fd)

    def __del__(self):
        if not self.closed:
            self.close()

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *exc):
        self.close()
        return None


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
         closefd=True, opener=None):
    if not isinstance(file, (str, int)):
        f = getattr(type(file), "__fspath__", None)
        if f is None:
            raise TypeError("expected str, bytes or os.PathLike object, not %s"
                            % type(file).__name__)
        file = f(file)
    if not isinstance(mode, str):
        raise TypeError("open() argument 'mode' must be str, not %s" % type(mode).__name__)
    modes = set(mode)
    if modes - set("axrwb+t") or len(mode) > len(modes):
        raise ValueError("invalid mode: '%s'" % mode)
    binary = "b" in modes
    if binary and "t" in modes:
        raise ValueError("can't have text and binary mode at once")
    if binary and encoding is not None:
        raise ValueError("binary mode doesn't take an encoding argument")
    creating = "x" in modes
    reading = "r" in modes
    writing = "w" in modes
    appending = "a" in modes
    if creating + reading + writing + appending != 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if "+" in modes:
        raise NotImplementedError("open() mode '%s' ('+') is not supported by wick" % mode)
    if isinstance(file, int):
        raise NotImplementedError("open() of a file descriptor is not supported by wick")
    if binary:
        flags = 0 if reading else 1 if writing else 2 if appending else 3
        fd = _wick_os.fd_open(file, flags, 0o666)
        if fd < 0:
            _raise_errno(fd, file)
        if not reading:
            return BufferedWriter(file, mode, fd)
        data = _wick_os.fd_read(fd, True)
        _wick_os.fd_close(fd)
        if isinstance(data, int):
            _raise_errno(data, file)
        return BufferedReader(file, mode, data)
    if encoding is not None and encoding.lower().replace("-", "").replace("_", "") not in (
            "utf8", "ascii", "utf8sig"):
        raise NotImplementedError("open() encoding %r is not supported by wick (UTF-8 only)"
                                  % encoding)
    flags = 0 if reading else 1 if writing else 2 if appending else 3
    fd = _wick_os.fd_open(file, flags, 0o666)
    if fd < 0:
        _raise_errno(fd, file)
    text = ""
    if reading:
        data = _wick_os.fd_read(fd, True)
        if isinstance(data, int):
            _wick_os.fd_close(fd)
            _raise_errno(data, file)
        # Decoded as the encoding says (UTF-8 by default), so invalid bytes raise
        # UnicodeDecodeError as CPython's text files do (or follow `errors`).
        name = (encoding or "utf-8").lower().replace("-", "").replace("_", "")
        codec = {"utf8sig": "utf-8-sig", "ascii": "ascii"}.get(name, "utf-8")
        try:
            text = data.decode(codec, errors or "strict")
        except BaseException:
            _wick_os.fd_close(fd)
            raise
        if newline is None and "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
    return TextIOWrapper(file, mode, fd, "UTF-8", reading, not reading, text)
