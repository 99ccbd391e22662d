# pickle hooks and errors: persistent_id / persistent_load, find_class overrides, files
# through dump/load, truncated and malformed data.
import io
import pickle


class Pickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, str) and obj.startswith("ext:"):
            return ("ext", obj[4:])
        return None


class Unpickler(pickle.Unpickler):
    def persistent_load(self, pid):
        return "loaded-" + pid[1]

    def find_class(self, module, name):
        if module in ("builtins", "__builtin__") and name in ("set", "frozenset"):
            return super().find_class(module, name)
        raise pickle.UnpicklingError("global '%s.%s' is forbidden" % (module, name))


buf = io.BytesIO()
Pickler(buf, 2).dump(["ext:a", "plain", {"k": "ext:b"}])
print(buf.getvalue())
buf.seek(0)
print(Unpickler(buf).load())
try:
    Unpickler(io.BytesIO(pickle.dumps(print, 2))).load()
except pickle.UnpicklingError as e:
    print("UnpicklingError:", e)
print(Unpickler(io.BytesIO(pickle.dumps({1, 2}, 2))).load())
try:
    pickle.loads(pickle.dumps(["ext:a"]).replace(b"ext", b"EXT"))
except Exception as e:
    print(type(e).__name__)
f = io.BytesIO()
pickle.dump(1, f)
pickle.dump("two", f, protocol=2)
f.seek(0)
print(pickle.load(f), pickle.load(f))
for bad in [b"", b"\x80\x02K", b"\x80\x02]q\x00(K\x01", b"\xff", b"\x80\x02h\x05."]:
    try:
        pickle.loads(bad)
    except (pickle.UnpicklingError, EOFError) as e:
        print(type(e).__name__, e)
try:
    pickle.loads("str")
except TypeError as e:
    print(e)
try:
    pickle.Unpickler(io.BytesIO(b"\x80\x02X\x01\x00\x00\x00aQ.")).load()
except pickle.UnpicklingError as e:
    print("UnpicklingError:", e)
