#!/usr/bin/python3
"""Regenerates the expected outputs of the program corpus with CPython + PyTorch 1.13.

    tests/programs/generate_expected.py [--jobs N] [area/ or area/name.py ...]

For each program it runs `/usr/bin/python3 -P run_reference.py area/name.py` in
tests/programs (see run_reference.py for how the prelude is injected) and writes
`area/name.out` (stdout); `area/name.err` (stderr) and `area/name.code` (exit status)
only when the program exits non-zero. A program that exits 0 must leave stderr empty
(a warning would make the expectation depend on the reference's internals): that is
reported as an error and nothing is written for it. Each program is run twice and the
two runs must agree, which catches output that depends on hash seeds or timing.
Programs listed in excluded.txt are skipped.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True  # keep tests/programs free of __pycache__
import corpus  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("filters", nargs="*", help="area/ or area/name.py prefixes")
    parser.add_argument("--jobs", "-j", type=int, default=corpus.default_jobs())
    parser.add_argument("--once", action="store_true",
                        help="run each program once (skips the determinism check)")
    args = parser.parse_args()

    excluded = corpus.read_excluded()
    programs = [p for p in corpus.list_programs(args.filters) if p not in excluded]

    def twice(rel):
        first = corpus.run_reference(rel)
        second = first if args.once else corpus.run_reference(rel)
        return first, second

    errors = 0
    for rel, (run, again) in corpus.parallel_map(twice, programs, args.jobs):
        base = os.path.join(corpus.ROOT, rel[:-3])
        problem = ""
        if run.timed_out:
            problem = "timed out"
        elif (run.stdout, run.stderr, run.code) != (again.stdout, again.stderr, again.code):
            problem = "two runs differ (non-deterministic output)"
        elif run.code == 0 and run.stderr:
            problem = "exit status 0 but stderr is not empty:\n" + run.stderr
        if problem:
            errors += 1
            print(f"ERROR {rel}: {problem}")
            continue
        _write(base + ".out", run.stdout)
        if run.code != 0:
            _write(base + ".err", run.stderr)
            _write(base + ".code", f"{run.code}\n")
        else:
            for ext in (".err", ".code"):
                if os.path.exists(base + ext):
                    os.remove(base + ext)
        status = "" if run.code == 0 else f" (exit {run.code})"
        print(f"wrote {rel[:-3]}.out{status}")
    print(f"{len(programs) - errors} written, {errors} errors")
    return 1 if errors else 0


def _write(path, text):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


if __name__ == "__main__":
    sys.exit(main())
