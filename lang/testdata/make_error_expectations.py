#!/usr/bin/python3
"""Writes errors/NAME.err: what CPython 3.11 prints running errors/NAME.py.

    /usr/bin/python3 lang/testdata/make_error_expectations.py [NAME.py ...]

The file name in the output is reduced to the base name (wick's tests parse each case
under its base name). A case that CPython runs without a syntax error is reported and
gets no expectation.
"""
import glob
import os
import subprocess
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "errors")
KINDS = ("SyntaxError:", "IndentationError:", "TabError:")


def main():
    names = sys.argv[1:] or sorted(os.path.basename(p) for p in glob.glob(HERE + "/*.py"))
    bad = 0
    for name in names:
        path = os.path.join(HERE, os.path.basename(name))
        run = subprocess.run(["/usr/bin/python3", "-I", path], capture_output=True,
                             cwd=HERE, timeout=30)
        err = run.stderr.decode("utf-8")
        lines = err.splitlines()
        if run.returncode == 0 or not lines or not lines[-1].startswith(KINDS):
            print("not a syntax error: %s\n%s" % (name, err))
            bad += 1
            continue
        err = err.replace(path, os.path.basename(path))
        with open(path[:-3] + ".err", "w", encoding="utf-8") as f:
            f.write(err)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
