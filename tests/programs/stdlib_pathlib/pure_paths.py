# Path arithmetic without touching the file system.
from pathlib import Path, PurePath, PurePosixPath
import os

p = Path("runs") / "exp1" / "model.best.pt"
print(p, repr(p), p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parents[1], p.parts)
print(str(p.parent.parent.parent), len(p.parents), [str(x) for x in p.parents])
print(p.with_suffix(".bin"), p.with_name("x.txt"), p.with_stem("m"), p.with_suffix(""))
print(Path("/a/b").is_absolute(), Path("a") == Path("a/"), Path("a//b/./c"), Path("a", "b", "c"))
print(Path("/a/b/c").relative_to("/a"), PurePath("x/y.tar.gz").suffixes, PurePosixPath("/"), repr(Path("/").name))
print(Path(".").parts, sorted([Path("b"), Path("a/c"), Path("a")]), Path("/x") / "/abs", "pre" / Path("x"))
print(Path("a/b.py").match("*.py"), Path("a/b.py").match("a/*.py"), Path("a/b.py").match("/*.py"))
print(os.fspath(p), os.path.join(Path("a"), "b"), {Path("a"): 1}[Path("a")], Path("a").joinpath("b", "c"))
try:
    Path("/a/b").relative_to("/c")
except ValueError as e:
    print("ValueError:", e)
try:
    Path("a").with_suffix("bin")
except ValueError as e:
    print("ValueError:", e)
