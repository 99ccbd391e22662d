# torch.save / torch.load in PyTorch 1.13's zip format.
#
# An archive `<name>/` holds data.pkl (a protocol-2 pickle of the object in which each
# storage is the persistent id ('storage', <dtype>Storage, key, location, numel)),
# data/<key> (each storage's raw little-endian bytes, aligned to 64 bytes in the file)
# and version ("3"). Tensors pickle as torch._utils._rebuild_tensor_v2(storage, offset,
# size, stride, requires_grad, OrderedDict()); parameters wrap that in
# _rebuild_parameter. Tensors sharing a storage share it again after loading.
#
# Loading never runs code from the file: globals resolve only through an allowlist
# (tensor rebuilders, storage types, OrderedDict, torch.Size, dtypes, builtin
# containers); with weights_only=False classes from other modules are allowed too.
# PyTorch's legacy (pre-1.6) format is read as well; writing it is not supported.

import torch
from collections import OrderedDict

__all__ = ["save", "load", "DEFAULT_PROTOCOL"]

DEFAULT_PROTOCOL = 2
_ALIGN = 64

_STORAGE_OF_DTYPE = {
    "float32": "FloatStorage", "float64": "DoubleStorage", "float16": "HalfStorage",
    "bfloat16": "BFloat16Storage", "int64": "LongStorage", "int32": "IntStorage",
    "int16": "ShortStorage", "int8": "CharStorage", "uint8": "ByteStorage",
    "bool": "BoolStorage", "complex64": "ComplexFloatStorage",
    "complex128": "ComplexDoubleStorage",
}
_ELEMENT_SIZE = {"float32": 4, "float64": 8, "float16": 2, "bfloat16": 2, "int64": 8,
                 "int32": 4, "int16": 2, "int8": 1, "uint8": 1, "bool": 1, "complex64": 8,
                 "complex128": 16}


class _StorageType:
    """torch.FloatStorage and friends, as checkpoints name them."""

    def __init__(self, name, dtype):
        self.__name__ = name
        self.__qualname__ = name
        self.__module__ = "torch"
        self.dtype = dtype

    def __repr__(self):
        return "<class 'torch.%s'>" % self.__name__


_STORAGE_TYPES = {name: _StorageType(name, dtype) for dtype, name in _STORAGE_OF_DTYPE.items()}


class _LoadedStorage:
    """A storage read from a checkpoint: a 1-d tensor over it, and where in that tensor's
    storage this one starts (legacy files may hold views of a larger storage)."""

    def __init__(self, tensor, dtype, offset=0):
        self._wick_tensor = tensor
        self._wick_offset = offset
        self.dtype = dtype


class _StorageRef:
    """A storage met while saving: its key and the tensor that reaches it."""

    def __init__(self, key, tensor, dtype, nbytes):
        self.key = key
        self.tensor = tensor
        self.dtype = dtype
        self.nbytes = nbytes


def _is_path(f):
    return isinstance(f, str) or hasattr(type(f), "__fspath__")


def _archive_name(f):
    if not _is_path(f):
        return "archive"
    import os
    path = f if isinstance(f, str) else type(f).__fspath__(f)
    base = os.path.basename(path)
    dot = base.rfind(".")
    return base[:dot] if dot > 0 else base


def _pickler_class():
    import pickle

    class TorchPickler(pickle.Pickler):
        def __init__(self, file, protocol):
            super().__init__(file, protocol)
            self.storages = {}   # storage id -> _StorageRef
            self.order = []

        def persistent_id(self, obj):
            if isinstance(obj, _StorageRef):
                numel = obj.nbytes // _ELEMENT_SIZE[obj.dtype]
                return ("storage", _STORAGE_TYPES[_STORAGE_OF_DTYPE[obj.dtype]], obj.key,
                        "cpu", numel)
            return None

        def storage_ref(self, t):
            sid, nbytes, offset, dtype = torch._C._wick_storage_info(t)
            ref = self.storages.get(sid)
            if ref is None:
                ref = _StorageRef(str(len(self.storages)), t, dtype, nbytes)
                self.storages[sid] = ref
                self.order.append(ref)
            return ref, offset

        def save(self, obj, save_persistent_id=True):
            if isinstance(obj, (torch.Tensor, _StorageType)) and id(obj) in self.memo:
                self.write(self.get(self.memo[id(obj)][0]))
                return
            if isinstance(obj, torch.Tensor):
                import torch._utils as tu
                ref, offset = self.storage_ref(obj)
                plain = torch._C._wick_view(obj, tuple(obj.shape), tuple(obj.stride()), offset)
                args = (ref, offset, tuple(obj.shape), tuple(obj.stride()),
                        bool(obj.requires_grad), OrderedDict())
                if isinstance(obj, torch.nn.Parameter):
                    # PyTorch's Parameter.__reduce_ex__: the data tensor, rebuilt first.
                    self.save_reduce(tu._rebuild_parameter,
                                     (plain, bool(obj.requires_grad), OrderedDict()), obj=obj)
                else:
                    self.save_reduce(tu._rebuild_tensor_v2, args, obj=obj)
                return
            if isinstance(obj, _StorageType):
                self.save_global(obj, obj.__name__)
                return
            # dtypes pickle by name, torch.Size and torch.device by reduction, as
            # PyTorch's own __reduce__ methods write them.
            if isinstance(obj, torch.dtype) and id(obj) not in self.memo:
                self.torch_global(str(obj)[len("torch."):])
                self.memoize(obj)
                return
            if isinstance(obj, (torch.Size, torch.device)) and id(obj) not in self.memo:
                is_size = isinstance(obj, torch.Size)
                self.torch_global("Size" if is_size else "device")
                self.save((tuple(obj),) if is_size else (str(obj),))
                self.write(pickle.REDUCE)
                self.memoize(obj)
                return
            super().save(obj, save_persistent_id)

        def torch_global(self, name):
            self.write(pickle.GLOBAL + b"torch\n" + name.encode("ascii") + b"\n")

    return TorchPickler


def save(obj, f, pickle_module=None, pickle_protocol=DEFAULT_PROTOCOL,
         _use_new_zipfile_serialization=True):
    import io
    import zipfile
    if not _use_new_zipfile_serialization:
        raise NotImplementedError("torch.save(_use_new_zipfile_serialization=False): the "
                                  "legacy format is not written by wick")
    if pickle_module is not None and getattr(pickle_module, "__name__", "") != "pickle":
        raise NotImplementedError("torch.save(pickle_module=...) is not supported by wick")
    buf = io.BytesIO()
    pickler = _pickler_class()(buf, pickle_protocol)
    pickler.dump(obj)
    name = _archive_name(f)
    z = zipfile.ZipFile(f, "w")
    try:
        z.writestr(name + "/data.pkl", buf.getvalue(), align=_ALIGN)
        for ref in sorted(pickler.order, key=lambda r: r.key):
            z.writestr(name + "/data/" + ref.key, torch._C._wick_storage_bytes(ref.tensor),
                       align=_ALIGN)
        z.writestr(name + "/version", b"3\n", align=_ALIGN)
    finally:
        z.close()


# ---- loading ------------------------------------------------------------------------
_ALLOWED = {
    ("collections", "OrderedDict"), ("torch._utils", "_rebuild_tensor"),
    ("torch._utils", "_rebuild_tensor_v2"), ("torch._utils", "_rebuild_parameter"),
    ("torch._utils", "_rebuild_parameter_with_state"), ("torch", "Size"),
    ("torch", "Tensor"), ("torch.nn.parameter", "Parameter"), ("builtins", "set"),
    ("builtins", "frozenset"), ("builtins", "list"), ("builtins", "tuple"),
    ("builtins", "dict"), ("builtins", "bytearray"), ("builtins", "bytes"),
    ("builtins", "complex"), ("builtins", "int"), ("builtins", "float"),
    ("builtins", "str"), ("builtins", "bool"), ("builtins", "object"),
    ("__builtin__", "set"), ("copyreg", "_reconstructor"), ("copyreg", "__newobj__"),
    ("_codecs", "encode"), ("torch", "device"),
}
_DTYPE_NAMES = ("float32", "float64", "float16", "bfloat16", "int64", "int32", "int16",
                "int8", "uint8", "bool", "float", "double", "half", "long", "int", "short")


def _weights_only_error(detail):
    import pickle
    return pickle.UnpicklingError(
        "Weights only load failed. Re-running `torch.load` with `weights_only` set to "
        "`False` will likely succeed, but it can result in arbitrary code execution.Do it "
        "only if you get the file from a trusted source. WeightsUnpickler error: " + detail)


def _unpickler_class():
    import pickle

    class TorchUnpickler(pickle.Unpickler):
        def __init__(self, file, load_storage, weights_only):
            super().__init__(file, encoding="utf-8")
            self.load_storage = load_storage
            self.weights_only = weights_only

        def find_class(self, module, name):
            if (module, name) in _ALLOWED:
                return super().find_class(module, name)
            if module == "torch" and name in _STORAGE_TYPES:
                return _STORAGE_TYPES[name]
            if module == "torch" and name in _DTYPE_NAMES:
                return getattr(torch, name)
            if not self.weights_only:
                obj = super().find_class(module, name)
                if isinstance(obj, type):
                    return obj
            raise _weights_only_error("Unsupported class %s.%s" % (module, name))

        def persistent_load(self, pid):
            if not isinstance(pid, tuple) or not pid or pid[0] != "storage":
                raise pickle.UnpicklingError("unsupported persistent id %r" % (pid,))
            return self.load_storage(pid)

    return TorchUnpickler


def _check_location(location, map_location):
    if map_location is None and not str(location).startswith("cpu"):
        raise RuntimeError(
            "Attempting to deserialize object on a CUDA device but "
            "torch.cuda.is_available() is False. If you are running on a CPU-only "
            "machine, please use torch.load with map_location=torch.device('cpu') to map "
            "your storages to the CPU.")


def _map(storage, location, map_location):
    if map_location is None:
        return storage
    if callable(map_location) and not isinstance(map_location, (str, dict)):
        result = map_location(storage, location)
        return storage if result is None else result
    target = map_location
    if isinstance(map_location, dict):
        target = map_location.get(location, location)
    if not str(target).startswith("cpu"):
        raise RuntimeError("Attempting to deserialize object on a CUDA device but "
                           "torch.cuda.is_available() is False. If you are running on a "
                           "CPU-only machine, please use torch.load with "
                           "map_location=torch.device('cpu') to map your storages to the "
                           "CPU.")
    return storage


def _storage_dtype(storage_type):
    dtype = getattr(storage_type, "dtype", None)
    if dtype is None:
        raise RuntimeError("unknown storage type %r in checkpoint" % (storage_type,))
    if dtype not in ("float32", "float64", "int64", "int32", "bool"):
        raise NotImplementedError("torch.load: %s (%s) is not supported by wick"
                                  % (storage_type.__name__, dtype))
    return dtype


def load(f, map_location=None, pickle_module=None, *, weights_only=False, **pickle_load_args):
    import io
    import zipfile
    if _is_path(f):
        with open(f, "rb") as fh:
            data = fh.read()
    else:
        data = f.read()
    if data[:4] == b"PK\x03\x04":
        try:
            z = zipfile.ZipFile(io.BytesIO(data))
        except zipfile.BadZipFile:
            why = "not a ZIP archive" if len(data) < 22 else "failed finding central directory"
            raise RuntimeError("PytorchStreamReader failed reading zip archive: " + why)
        return _load_zip(z, map_location, weights_only)
    return _load_legacy(data, map_location, weights_only)


def _load_zip(z, map_location, weights_only):
    import io
    names = z.namelist()
    if not names:
        raise RuntimeError("PytorchStreamReader failed locating file data.pkl: file not found")
    prefix = names[0].split("/")[0]
    def record(name):
        try:
            return z.read(prefix + "/" + name)
        except KeyError:
            raise RuntimeError("PytorchStreamReader failed locating file %s: file not found"
                               % name)
    version = record("version") if (prefix + "/version") in z.NameToInfo else b"1\n"
    if int(version.decode("ascii").strip() or "1") > 3:
        raise RuntimeError("PytorchStreamReader failed reading file: unsupported version "
                           + version.decode("ascii").strip())
    loaded = {}

    def load_storage(pid):
        _, storage_type, key, location, numel = pid[:5]
        if key in loaded:
            return loaded[key]
        dtype = _storage_dtype(storage_type)
        _check_location(location, map_location)
        raw = record("data/" + key)
        if len(raw) < numel * _ELEMENT_SIZE[dtype]:
            raise RuntimeError("PytorchStreamReader failed reading file data/%s: file read "
                               "failed" % key)
        tensor = torch._C._wick_storage_tensor(raw[:numel * _ELEMENT_SIZE[dtype]], dtype)
        storage = _map(_LoadedStorage(tensor, dtype), location, map_location)
        loaded[key] = storage
        return storage

    unpickler = _unpickler_class()(io.BytesIO(record("data.pkl")), load_storage, weights_only)
    return unpickler.load()


_LEGACY_MAGIC = b"\x80\x02\x8a\x0al\xfc\x9cF\xf9 j\xa8P\x19."


def _load_legacy(data, map_location, weights_only):
    """PyTorch's pre-1.6 format: pickles of the magic number, the protocol version and
    system info, then the object (persistent ids ('storage', type, key, location, numel,
    view)), then the list of storage keys, then each storage as an int64 element count
    and its raw bytes."""
    import io
    import pickle
    import struct
    if not data.startswith(_LEGACY_MAGIC):
        # What PyTorch does: unpickle the magic number, which fails as pickle fails
        # ("invalid load key", "Ran out of input") or gives a wrong number. Restricted,
        # so nothing in the file runs.
        _unpickler_class()(io.BytesIO(data), None, True).load()
        raise RuntimeError("Invalid magic number; corrupt file?")
    f = io.BytesIO(data)
    f.seek(len(_LEGACY_MAGIC))
    version = pickle.load(f)
    if version != 1001:
        raise RuntimeError("Invalid protocol version: %s" % version)
    sys_info = pickle.load(f)
    if not sys_info.get("little_endian", True):
        raise NotImplementedError("torch.load: big-endian legacy files are not supported "
                                  "by wick")
    roots = {}

    def load_storage(pid):
        _, storage_type, key, location, numel, view = pid
        dtype = _storage_dtype(storage_type)
        _check_location(location, map_location)
        if key not in roots:
            tensor = torch._C._wick_storage_tensor(bytes(numel * _ELEMENT_SIZE[dtype]), dtype)
            roots[key] = _map(_LoadedStorage(tensor, dtype), location, map_location)
        root = roots[key]
        if view is None:
            return root
        view_key, offset, size = view
        return _LoadedStorage(root._wick_tensor, dtype, root._wick_offset + offset)

    obj = _unpickler_class()(f, load_storage, weights_only).load()
    keys = pickle.load(f)
    for key in keys:
        (numel,) = struct.unpack("<q", f.read(8))
        storage = roots.get(key)
        if storage is None:
            raise RuntimeError("storage %s in the data section was never referenced" % key)
        size = numel * _ELEMENT_SIZE[storage.dtype]
        raw = f.read(size)
        if len(raw) != size:
            raise RuntimeError("unexpected EOF, expected %d more bytes. The file might be "
                               "corrupted." % (size - len(raw)))
        torch._C._wick_storage_fill(storage._wick_tensor, raw)
    return obj
