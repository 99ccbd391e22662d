"""Shared by run_programs.py and generate_expected.py: finding the corpus programs,
running one (under wick or under the CPython reference), and comparing a run with the
expected files beside the program (`.out` stdout, `.err` stderr, `.code` exit status).
"""

import concurrent.futures
import difflib
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
REFERENCE_PYTHON = "/usr/bin/python3"
# Top-level files are tooling, never programs; programs live in area folders.
DEFAULT_TIMEOUT_S = 300


class Run:
    def __init__(self, stdout, stderr, code, timed_out=False):
        self.stdout = stdout
        self.stderr = stderr
        self.code = code
        self.timed_out = timed_out


def list_programs(filters=()):
    """Relative paths (area/name.py) of every program, sorted; filters are prefixes."""
    found = []
    for area in sorted(os.listdir(ROOT)):
        area_dir = os.path.join(ROOT, area)
        if not os.path.isdir(area_dir) or area.startswith((".", "_")):
            continue
        for name in sorted(os.listdir(area_dir)):
            if name.endswith(".py"):
                rel = f"{area}/{name}"
                if not filters or any(rel.startswith(f) for f in filters):
                    found.append(rel)
    return found


def read_excluded(name="excluded.txt"):
    """{program: reason} from excluded.txt or unsupported.txt (`area/name.py  reason...`,
    # comments)."""
    excluded = {}
    with open(os.path.join(ROOT, name), encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, _, reason = line.partition(" ")
            excluded[path] = reason.strip()
    return excluded


def _env():
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "TORCH_", "WICK_"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONIOENCODING"] = "utf-8"
    # One intra-op thread on both sides: wick's default, and reductions/matmuls whose
    # float results do not depend on how many cores the machine has.
    env["OMP_NUM_THREADS"] = "1"
    env["MKL_NUM_THREADS"] = "1"
    return env


def _run(argv, timeout_s):
    try:
        p = subprocess.run(argv, cwd=ROOT, env=_env(), stdin=subprocess.DEVNULL,
                           capture_output=True, timeout=timeout_s)
    except subprocess.TimeoutExpired as e:
        return Run(_text(e.stdout or b""), _text(e.stderr or b""), None, timed_out=True)
    return Run(_text(p.stdout), _text(p.stderr), p.returncode)


def _text(data):
    return data.decode("utf-8", errors="backslashreplace")


def run_reference(rel, timeout_s=DEFAULT_TIMEOUT_S):
    """CPython 3.11 + Debian's torch, through run_reference.py (prelude injected)."""
    return _run([REFERENCE_PYTHON, "-P", "run_reference.py", rel], timeout_s)


def run_wick(wick, rel, timeout_s=DEFAULT_TIMEOUT_S):
    return _run([os.path.abspath(wick), "run", rel], timeout_s)


def expected(rel):
    """The stored expectation of a program as a Run (missing files: empty / 0)."""
    base = os.path.join(ROOT, rel[:-3])

    def read(ext, default):
        try:
            with open(base + ext, encoding="utf-8", newline="") as f:
                return f.read()
        except FileNotFoundError:
            return default

    code_text = read(".code", None)
    return Run(read(".out", None), read(".err", ""),
               int(code_text) if code_text is not None else 0)


def compare(rel, got, want):
    """'' when the run matches the expectation, else a readable report with diffs."""
    problems = []
    if want.stdout is None:
        return f"missing expected file {rel[:-3]}.out (run generate_expected.py)\n"
    if got.timed_out:
        problems.append("timed out\n")
    elif got.code != want.code:
        problems.append(f"exit status {got.code}, expected {want.code}\n")
    for label, a, b in (("stdout", want.stdout, got.stdout),
                        ("stderr", want.stderr, got.stderr)):
        if a != b:
            diff = difflib.unified_diff(
                a.splitlines(keepends=True), b.splitlines(keepends=True),
                fromfile=f"expected {label}", tofile=f"actual {label}")
            text = "".join(line if line.endswith("\n") else line + "\n\\ no newline\n"
                           for line in diff)
            problems.append(f"{label} differs:\n{text}")
    return "".join(problems)


def parallel_map(fn, items, jobs):
    """Yields (item, fn(item)) in the order of items, running `jobs` at a time."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(fn, item) for item in items]
        for item, future in zip(items, futures):
            yield item, future.result()


def default_jobs():
    return min(8, max(2, (os.cpu_count() or 2) * 2))
