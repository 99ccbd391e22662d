# makedirs/listdir/walk/remove/rmdir/rename and the errors they raise.
import os

base = "/tmp/wick_stdlib_os_files_%d" % os.getpid()
os.makedirs(os.path.join(base, "sub", "deep"), exist_ok=True)
os.makedirs(os.path.join(base, "sub", "deep"), exist_ok=True)
try:
    os.makedirs(os.path.join(base, "sub"))
except FileExistsError as e:
    print("FileExistsError:", e.errno, e.strerror, e.filename == os.path.join(base, "sub"))
with open(os.path.join(base, "a.txt"), "w") as f:
    f.write("hello\n")
print(os.path.exists(base), os.path.isdir(os.path.join(base, "sub")), os.path.isfile(os.path.join(base, "a.txt")))
print(sorted(os.listdir(base)), os.path.getsize(os.path.join(base, "a.txt")), os.stat(os.path.join(base, "a.txt")).st_size)
os.rename(os.path.join(base, "a.txt"), os.path.join(base, "sub", "b.txt"))
for root, dirs, files in os.walk(base):
    print(os.path.relpath(root, base), sorted(dirs), sorted(files))
for bad in [lambda: os.remove(os.path.join(base, "missing")), lambda: os.listdir(os.path.join(base, "nope")),
            lambda: os.rmdir(os.path.join(base, "sub"))]:
    try:
        bad()
    except OSError as e:
        print(type(e).__name__, e.errno, e.strerror)
os.remove(os.path.join(base, "sub", "b.txt"))
os.removedirs(os.path.join(base, "sub", "deep"))
print(os.path.exists(base))
