# os.path's pure functions: join, split, splitext, basename, dirname, normpath, relpath.
import os
import os.path
from os.path import join, splitext

print(os.path.join("a", "b", "/c", "d"), os.path.join("a/", "b"), join("x", ""), os.sep, os.name)
print(os.path.split("/a/b/c.txt"), os.path.split("c.txt"), os.path.split("/"))
print(splitext("a/b.tar.gz"), splitext(".bashrc"), splitext("a.b/c"), splitext("x."))
print(os.path.basename("/a/b/"), os.path.basename("/a/b"), os.path.dirname("/a/b"), repr(os.path.dirname("a")))
print(os.path.normpath("a//b/./c/../d"), os.path.normpath("/../a"), os.path.normpath(""), os.path.normpath("../x/.."))
print(os.path.isabs("/x"), os.path.isabs("x"), os.path.relpath("/a/b/c", "/a/d"), os.path.relpath("/a", "/a"))
print(os.path.commonprefix(["abcd", "abce", "abz"]), os.path.commonprefix([]))
print(os.path.abspath("x") == os.path.join(os.getcwd(), "x"), os.path.abspath("/a/../b"))
home = os.environ.get("HOME")
print(os.path.expanduser("x~"), home is None or os.path.expanduser("~/d") == home.rstrip("/") + "/d")
print(os.pathsep, os.curdir, os.pardir, os.extsep, os.linesep == "\n")
ckpt = os.path.join("runs", "exp1", "model_best.pt")
stem, ext = os.path.splitext(os.path.basename(ckpt))
print(ckpt, stem, ext, os.path.dirname(ckpt).split(os.sep))
