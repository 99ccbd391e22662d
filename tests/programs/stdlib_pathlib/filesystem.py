# Path's file-system methods: mkdir, write_text/read_text, iterdir, glob, unlink.
import os
from pathlib import Path

base = Path("/tmp/wick_stdlib_pathlib_%d" % os.getpid())
(base / "sub" / "deep").mkdir(parents=True, exist_ok=True)
(base / "a.txt").write_text("hello\n")
(base / "b.py").write_text("print(1)\n")
(base / "sub" / "c.py").write_text("x")
print((base / "a.txt").read_text(), (base / "a.txt").exists(), (base / "sub").is_dir(), (base / "zz").exists())
print(sorted(x.name for x in base.iterdir()), [str(x.relative_to(base)) for x in base.glob("*.py")])
print(sorted(str(x.relative_to(base)) for x in base.rglob("*.py")), (base / "a.txt").stat().st_size)
try:
    (base / "sub").mkdir()
except FileExistsError as e:
    print("FileExistsError:", e.strerror)
with (base / "a.txt").open() as f:
    print(f.readline().strip())
for f in [base / "a.txt", base / "b.py", base / "sub" / "c.py"]:
    f.unlink()
(base / "gone.txt").unlink(missing_ok=True)
(base / "sub" / "deep").rmdir()
(base / "sub").rmdir()
base.rmdir()
print(base.exists(), Path.cwd() == Path(os.getcwd()), Path.home() == Path(os.path.expanduser("~")))
