#!/usr/bin/python3
"""Copies _harness.py into every model script (between its harness markers).

    benchmarks/models/sync_harness.py [--check]

wick cannot import a sibling module, so each model carries the harness inline; edit
_harness.py and run this. --check changes nothing and exits 1 if any copy differs (the
harness_sync_test target runs it that way).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BEGIN = "# ---- harness "
END = "# ---- end harness ----\n"


def model_files(directory):
    """Every .py file in `directory` that holds a harness copy, sorted by name."""
    out = []
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".py") or name == "_harness.py":
            continue
        with open(os.path.join(directory, name)) as f:
            if any(line.startswith(BEGIN) for line in f):
                out.append(name)
    return out


def synced(text, harness):
    """`text` with the lines from the BEGIN marker to the END marker replaced."""
    lines = text.splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if line.startswith(BEGIN))
    stop = lines.index(END, start)
    return "".join(lines[:start]) + harness + "".join(lines[stop + 1:])


def main():
    check = sys.argv[1:] == ["--check"]
    directory = HERE
    with open(os.path.join(directory, "_harness.py")) as f:
        harness = f.read()
    stale = []
    for name in model_files(directory):
        path = os.path.join(directory, name)
        with open(path) as f:
            text = f.read()
        new = synced(text, harness)
        if new != text:
            stale.append(name)
            if not check:
                with open(path, "w") as f:
                    f.write(new)
    if check and stale:
        print("harness copies differ from _harness.py (run benchmarks/models/sync_harness.py):",
              " ".join(stale))
        return 1
    print(f"{'checked' if check else 'synced'} {len(model_files(directory))} model scripts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
