# glob (wildcards, recursive **, hidden files) and os.scandir over a scratch tree.
import glob
import os

base = "/tmp/wick_stdlib_glob_%d" % os.getpid()
for d in ["a", "a/sub", "b"]:
    os.makedirs(os.path.join(base, d), exist_ok=True)
for f in ["x.txt", "y.py", ".hidden.txt", "a/z.txt", "a/sub/deep.txt", "b/w.py"]:
    with open(os.path.join(base, f), "w") as fh:
        fh.write(f)

def rel(paths):
    return sorted(os.path.relpath(p, base) for p in paths)

print(rel(glob.glob(os.path.join(base, "*.txt"))))
print(rel(glob.glob(os.path.join(base, "*"))))
print(rel(glob.glob(os.path.join(base, "*", "*.py"))))
print(rel(glob.glob(os.path.join(base, "**", "*.txt"), recursive=True)))
print(rel(glob.glob(os.path.join(base, "?.py"))), rel(glob.glob(os.path.join(base, "[xy].*"))))
print(rel(glob.glob(os.path.join(base, "x.txt"))), glob.glob(os.path.join(base, "nope*")))
print(sorted(glob.glob("*.txt", root_dir=base)), glob.escape("a[1]*.txt"), glob.has_magic("a*"))
with os.scandir(base) as it:
    entries = sorted(it, key=lambda e: e.name)
print([(e.name, e.is_dir(), e.is_file()) for e in entries])
for f in ["x.txt", "y.py", ".hidden.txt", "a/z.txt", "a/sub/deep.txt", "b/w.py"]:
    os.remove(os.path.join(base, f))
for d in ["a/sub", "a", "b", ""]:
    os.rmdir(os.path.join(base, d))
print(os.path.exists(base))
