"""zipfile for wick: reading and writing archives of stored (uncompressed) members, the
layout torch.save uses. Reads the central directory (ZIP64 end records and size
fields included), checks each member's CRC-32; writes local headers, an optional
padding extra field that aligns member data (what PyTorch's writer does with 64), and
the central directory. Deflate needs zlib's compressor, which wick lacks: such members
raise NotImplementedError naming the member."""

import io
import struct
import zlib

__all__ = ["BadZipFile", "BadZipfile", "ZipFile", "ZipInfo", "is_zipfile", "ZIP_STORED",
           "ZIP_DEFLATED", "LargeZipFile"]


class BadZipFile(Exception):
    pass


class LargeZipFile(Exception):
    pass


BadZipfile = BadZipFile
error = BadZipFile
BadZipFile.__module__ = "zipfile"
LargeZipFile.__module__ = "zipfile"

ZIP_STORED = 0
ZIP_DEFLATED = 8

_LOCAL = b"PK\x03\x04"
_CENTRAL = b"PK\x01\x02"
_END = b"PK\x05\x06"
_END64 = b"PK\x06\x06"
_END64_LOCATOR = b"PK\x06\x07"
_MAX32 = 0xFFFFFFFF


class ZipInfo:
    def __init__(self, filename="NoName", date_time=(1980, 1, 1, 0, 0, 0)):
        self.filename = filename
        self.orig_filename = filename
        self.date_time = date_time
        self.compress_type = ZIP_STORED
        self.comment = b""
        self.extra = b""
        self.create_system = 3
        self.create_version = 20
        self.extract_version = 20
        self.reserved = 0
        self.flag_bits = 0
        self.volume = 0
        self.internal_attr = 0
        self.external_attr = 0
        self.header_offset = 0
        self.CRC = 0
        self.compress_size = 0
        self.file_size = 0

    def is_dir(self):
        return self.filename.endswith("/")

    def __repr__(self):
        return "<ZipInfo filename=%r file_size=%r>" % (self.filename, self.file_size)


def _dos_time(date_time):
    y, mo, d, h, mi, s = date_time
    return ((y - 1980) << 9 | mo << 5 | d), (h << 11 | mi << 5 | s // 2)


def _from_dos(ddate, dtime):
    return ((ddate >> 9) + 1980, (ddate >> 5) & 0xF, ddate & 0x1F,
            dtime >> 11, (dtime >> 5) & 0x3F, (dtime & 0x1F) * 2)


class ZipFile:
    def __init__(self, file, mode="r", compression=ZIP_STORED, allowZip64=True,
                 compresslevel=None, *, strict_timestamps=True, metadata_encoding=None):
        if mode not in ("r", "w", "x", "a"):
            raise ValueError("ZipFile requires mode 'r', 'w', 'x', or 'a'")
        if mode == "a":
            raise NotImplementedError("zipfile mode 'a' is not supported by wick")
        if compression != ZIP_STORED:
            raise NotImplementedError("zipfile compression %d is not supported by wick "
                                      "(ZIP_STORED only)" % compression)
        self.mode = mode
        self.compression = compression
        self.filelist = []
        self.NameToInfo = {}
        self.comment = b""
        self._own = isinstance(file, str) or hasattr(type(file), "__fspath__")
        if self._own:
            self.filename = file if isinstance(file, str) else type(file).__fspath__(file)
            self.fp = open(self.filename, "rb" if mode == "r" else "wb")
        else:
            self.fp = file
            self.filename = getattr(file, "name", None)
        self._closed = False
        if mode == "r":
            self._data = self.fp.read()
            self._read_central_directory()
        else:
            self._pos = self.fp.tell() if hasattr(self.fp, "tell") else 0
            self._start = self._pos

    # ---- reading -----------------------------------------------------------------------
    def _read_central_directory(self):
        data = self._data
        end = data.rfind(_END, max(0, len(data) - 22 - 65535))
        if end < 0 or len(data) - end < 22:
            raise BadZipFile("File is not a zip file")
        (_, disk, cd_disk, n_disk, n_total, cd_size, cd_offset,
         comment_len) = struct.unpack("<4sHHHHIIH", data[end:end + 22])
        self.comment = data[end + 22:end + 22 + comment_len]
        loc = end - 20
        if loc >= 0 and data[loc:loc + 4] == _END64_LOCATOR:
            rec = struct.unpack("<Q", data[loc + 8:loc + 16])[0]
            if data[rec:rec + 4] != _END64:
                raise BadZipFile("Corrupt zip64 end of central directory record")
            n_total, cd_size, cd_offset = struct.unpack("<QQQ", data[rec + 32:rec + 56])
            end = rec
        # The archive may sit after a prefix (a self-extractor, or any bytes before it).
        concat = end - cd_size - cd_offset
        pos = cd_offset + concat
        for _ in range(n_total):
            if data[pos:pos + 4] != _CENTRAL:
                raise BadZipFile("Bad magic number for central directory")
            fields = struct.unpack("<4sBBBBHHHHIIIHHHHHII", data[pos:pos + 46])
            (_, create_version, create_system, extract_version, reserved, flags, method,
             dtime, ddate, crc, csize, usize, nlen, elen, clen, _disk, iattr, eattr,
             offset) = fields
            name = data[pos + 46:pos + 46 + nlen]
            extra = data[pos + 46 + nlen:pos + 46 + nlen + elen]
            comment = data[pos + 46 + nlen + elen:pos + 46 + nlen + elen + clen]
            # Names without the UTF-8 flag are cp437, which wick reads as UTF-8: the
            # two agree on ASCII, which is what archive writers put there in practice.
            info = ZipInfo(name.decode("utf-8"), _from_dos(ddate, dtime))
            info.create_version = create_version
            info.create_system = create_system
            info.extract_version = extract_version
            info.reserved = reserved
            info.flag_bits = flags
            info.compress_type = method
            info.CRC = crc
            info.compress_size = csize
            info.file_size = usize
            info.extra = extra
            info.comment = comment
            info.internal_attr = iattr
            info.external_attr = eattr
            info.header_offset = offset
            self._apply_zip64(info, extra)
            info.header_offset += concat
            self.filelist.append(info)
            self.NameToInfo[info.filename] = info
            pos += 46 + nlen + elen + clen

    def _apply_zip64(self, info, extra):
        i = 0
        while i + 4 <= len(extra):
            tag, size = struct.unpack("<HH", extra[i:i + 4])
            if tag == 1:
                body = extra[i + 4:i + 4 + size]
                j = 0
                for field in ("file_size", "compress_size", "header_offset"):
                    if getattr(info, field) == _MAX32:
                        if j + 8 > len(body):
                            raise BadZipFile("Corrupt extra field 0001 (size=%d)" % size)
                        setattr(info, field, struct.unpack("<Q", body[j:j + 8])[0])
                        j += 8
            i += 4 + size

    def namelist(self):
        return [info.filename for info in self.filelist]

    def infolist(self):
        return list(self.filelist)

    def getinfo(self, name):
        info = self.NameToInfo.get(name)
        if info is None:
            raise KeyError("There is no item named %r in the archive" % name)
        return info

    def read(self, name, pwd=None):
        if self.mode != "r":
            raise ValueError("read() requires mode 'r'")
        if self._closed:
            raise ValueError("Attempt to use ZIP archive that was already closed")
        info = name if isinstance(name, ZipInfo) else self.getinfo(name)
        data = self._data
        off = info.header_offset
        if data[off:off + 4] != _LOCAL:
            raise BadZipFile("Bad magic number for file header")
        nlen, elen = struct.unpack("<HH", data[off + 26:off + 30])
        if data[off + 30:off + 30 + nlen].decode("utf-8") != info.orig_filename:
            raise BadZipFile("File name in directory %r and header %r differ."
                             % (info.orig_filename, bytes(data[off + 30:off + 30 + nlen])))
        if info.compress_type != ZIP_STORED:
            raise NotImplementedError("zipfile: member %r is compressed (method %d); wick "
                                      "reads stored members only"
                                      % (info.filename, info.compress_type))
        start = off + 30 + nlen + elen
        body = data[start:start + info.compress_size]
        if len(body) != info.compress_size:
            raise BadZipFile("Truncated file header")
        if zlib.crc32(body) != info.CRC:
            raise BadZipFile("Bad CRC-32 for file %r" % info.filename)
        return body

    def open(self, name, mode="r", pwd=None):
        if mode == "r":
            return io.BytesIO(self.read(name))
        raise NotImplementedError("ZipFile.open(mode=%r) is not supported by wick" % mode)

    def testzip(self):
        for info in self.filelist:
            try:
                self.read(info)
            except BadZipFile:
                return info.filename
        return None

    # ---- writing -----------------------------------------------------------------------
    def _write(self, b):
        self.fp.write(b)
        self._pos += len(b)

    def writestr(self, zinfo_or_arcname, data, compress_type=None, compresslevel=None,
                 align=1):
        """Adds a stored member. `align` (wick's extension, PyTorch's layout) pads the
        local header with an extra field so the member data starts at a multiple of it."""
        if self.mode == "r":
            raise ValueError("write() requires mode 'w', 'x', or 'a'")
        if self._closed:
            raise ValueError("Attempt to write to ZIP archive that was already closed")
        if isinstance(data, str):
            data = data.encode("utf-8")
        if isinstance(zinfo_or_arcname, ZipInfo):
            info = zinfo_or_arcname
        else:
            info = ZipInfo(zinfo_or_arcname)
            info.external_attr = 0o600 << 16
        if compress_type not in (None, ZIP_STORED):
            raise NotImplementedError("zipfile compression %d is not supported by wick"
                                      % compress_type)
        if info.filename in self.NameToInfo:
            import warnings
            warnings.warn("Duplicate name: %r" % info.filename, UserWarning)
        name = info.filename.encode("utf-8")
        info.flag_bits |= 0x800 if any(c >= 128 for c in name) else 0
        info.compress_type = ZIP_STORED
        info.file_size = info.compress_size = len(data)
        info.CRC = zlib.crc32(data)
        info.header_offset = self._pos - self._start
        if info.file_size > _MAX32 or info.header_offset > _MAX32:
            raise LargeZipFile("wick writes archives under 4 GiB (no ZIP64)")
        extra = info.extra
        if align > 1:
            start = self._pos + 30 + len(name) + len(extra)
            pad = (-start) % align
            if 0 < pad < 4:
                pad += align
            if pad:
                extra = extra + b"FB" + struct.pack("<H", pad - 4) + b"Z" * (pad - 4)
        ddate, dtime = _dos_time(info.date_time)
        header = struct.pack("<4sHHHHHIIIHH", _LOCAL, info.extract_version, info.flag_bits,
                             ZIP_STORED, dtime, ddate, info.CRC, len(data), len(data),
                             len(name), len(extra))
        self._write(header + name + extra)
        self._write(bytes(data))
        self.filelist.append(info)
        self.NameToInfo[info.filename] = info

    def write(self, filename, arcname=None, compress_type=None, compresslevel=None):
        with open(filename, "rb") as f:
            data = f.read()
        self.writestr(arcname if arcname is not None else filename.lstrip("/"), data)

    def _write_central_directory(self):
        cd_start = self._pos - self._start
        for info in self.filelist:
            name = info.filename.encode("utf-8")
            ddate, dtime = _dos_time(info.date_time)
            self._write(struct.pack("<4sBBBBHHHHIIIHHHHHII", _CENTRAL, info.create_version,
                                    info.create_system, info.extract_version, info.reserved,
                                    info.flag_bits, info.compress_type, dtime, ddate,
                                    info.CRC, info.compress_size, info.file_size, len(name),
                                    len(info.extra), len(info.comment), 0,
                                    info.internal_attr, info.external_attr,
                                    info.header_offset) + name + info.extra + info.comment)
        cd_size = self._pos - self._start - cd_start
        n = len(self.filelist)
        if n > 0xFFFF:
            raise LargeZipFile("wick writes archives of at most 65535 members (no ZIP64)")
        self._write(struct.pack("<4sHHHHIIH", _END, 0, 0, n, n, cd_size, cd_start,
                                len(self.comment)) + self.comment)

    def close(self):
        if self._closed:
            return
        if self.mode != "r":
            self._write_central_directory()
            if hasattr(self.fp, "flush"):
                self.fp.flush()
        self._closed = True
        if self._own:
            self.fp.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return None

    def __repr__(self):
        return "<zipfile.ZipFile filename=%r mode=%r>" % (self.filename, self.mode)


def is_zipfile(filename):
    try:
        if isinstance(filename, str):
            with open(filename, "rb") as f:
                data = f.read()
        else:
            pos = filename.tell()
            data = filename.read()
            filename.seek(pos)
        end = data.rfind(_END, max(0, len(data) - 22 - 65535))
        return end >= 0 and len(data) - end >= 22
    except OSError:
        return False
