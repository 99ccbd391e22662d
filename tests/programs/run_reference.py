"""Runs one corpus program under CPython exactly as `wick run PATH` is meant to.

Usage (cwd must be tests/programs, PATH relative to it):
    /usr/bin/python3 -P run_reference.py area/name.py [args...]

It loads prelude.py (no-op compile APIs for PyTorch 1.13), then compiles the program
with its relative path as filename and executes it as a fresh `__main__` module, so
that `__name__ == "__main__"`, class reprs say `__main__.X`, and tracebacks and syntax
errors name `File "area/name.py"` -- not the absolute path that `python3 area/name.py`
would print. An uncaught exception is printed by the interpreter's own excepthook with
this runner's frame removed, so stderr is byte-for-byte what CPython prints for the file
itself; the exit status is 1 as usual. SystemExit propagates unchanged.
"""

import importlib.util
import os
import sys
import types


def _load_prelude():
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location(
        "_wick_reference_prelude", os.path.join(here, "prelude.py"))
    prelude = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prelude)
    prelude.install_import_hook()


def main():
    if len(sys.argv) < 2:
        sys.stderr.write("usage: run_reference.py PROGRAM.py [args...]\n")
        return 2
    path = sys.argv[1]
    with open(path, encoding="utf-8") as f:
        source = f.read()
    _load_prelude()
    sys.argv = sys.argv[1:]
    # As `python3 area/name.py` would: imports look in the program's directory first.
    sys.path[0] = os.path.dirname(os.path.abspath(path))
    try:
        code = compile(source, path, "exec", dont_inherit=True)
    except SyntaxError:
        exc_type, exc, _ = sys.exc_info()
        # A file that does not compile shows no traceback entries at all.
        exc.__traceback__ = None
        sys.excepthook(exc_type, exc, None)
        return 1
    main_module = types.ModuleType("__main__")
    main_module.__file__ = path
    main_module.__builtins__ = __builtins__
    sys.modules["__main__"] = main_module
    try:
        exec(code, main_module.__dict__)
    except SystemExit:
        raise
    except BaseException:
        exc_type, exc, tb = sys.exc_info()
        # Drop this runner's own frame (the `exec` line) from the traceback.
        # The excepthook prints exc.__traceback__, so trim it there too.
        exc.__traceback__ = tb.tb_next
        sys.excepthook(exc_type, exc, tb.tb_next)
        return 1
    return 0


if __name__ == "__main__":
    status = main()
    sys.stdout.flush()
    sys.exit(status)
