# open() for text files: write, append, read, readline(s), iteration, with-blocks.
import os

path = "/tmp/wick_stdlib_io_text_%d.txt" % os.getpid()
with open(path, "w") as f:
    n = f.write("line1\nline2\n")
    print("x", "y", sep="-", file=f)
print(n, f.closed)
with open(path, "a") as f:
    f.writelines(["more\n", "end"])
with open(path) as f:
    print(repr(f.read()))
with open(path, "r", encoding="utf-8") as f:
    print([line.rstrip("\n") for line in f])
f = open(path)
print(repr(f.readline()), f.readlines(), repr(f.read()), f.mode, f.name == path)
f.close()
try:
    f.read()
except ValueError as e:
    print("ValueError:", e)
with open(path, "w") as f:
    f.write("naïve ☃\n")
with open(path) as f:
    print(f.read().strip(), len(open(path).read()))
os.remove(path)
try:
    open(path)
except FileNotFoundError as e:
    print("FileNotFoundError:", e.errno, e.strerror)
try:
    open(path, "q")
except ValueError as e:
    print("ValueError:", e)
with open(path, "x") as f:
    f.write("new")
try:
    open(path, "x")
except FileExistsError as e:
    print("FileExistsError:", e.strerror)
with open(path) as f:
    try:
        f.write("no")
    except Exception as e:
        print(type(e).__name__, e)
os.remove(path)
