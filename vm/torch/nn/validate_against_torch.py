"""Checks wick's torch.nn prelude (the .py files beside this one) against real PyTorch.

Run with CPython 3.11 + PyTorch 1.13 (Debian's /usr/bin/python3):

    /usr/bin/python3 vm/torch/nn/validate_against_torch.py [-v] [--no-programs]

1. Loads the prelude sources as the modules torch.nn, torch.nn.functional, torch.nn.init
   and torch.nn.modules.* (real torch and torch._C stay underneath), then restores the
   real torch.nn so that both can be used side by side.
2. Runs each case below twice, once with real torch.nn and once with the prelude, under
   the same seeds, and compares the observations: strings (reprs, names, error messages)
   exactly, tensors bit for bit (dtype, shape and values).
3. Runs the corpus programs that use torch.nn (tests/programs/torch_nn/, realistic/, ...
   and examples/) under CPython with the prelude installed as torch.nn, and compares their
   stdout with the .out files beside them.
Exit status 0 when everything matches.
"""

import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

# Module name -> prelude file (relative to HERE); packages are marked.
PRELUDE = {
    "torch.nn": "nn.py",
    "torch.nn.functional": "functional.py",
    "torch.nn._functional_extra": "functional_extra.py",
    "torch.nn._functional_mha": "functional_mha.py",
    "torch.nn.init": "init.py",
    "torch.nn.modules": "modules/__init__.py",
    "torch.nn.modules.module": "modules/module.py",
    "torch.nn.modules.container": "modules/container.py",
    "torch.nn.modules.linear": "modules/linear.py",
    "torch.nn.modules.activation": "modules/activation.py",
    "torch.nn.modules.normalization": "modules/normalization.py",
    "torch.nn.modules.sparse": "modules/sparse.py",
    "torch.nn.modules.dropout": "modules/dropout.py",
    "torch.nn.modules.batchnorm": "modules/batchnorm.py",
    "torch.nn.modules.instancenorm": "modules/instancenorm.py",
    "torch.nn.modules.upsampling": "modules/upsampling.py",
    "torch.nn.modules.pixelshuffle": "modules/pixelshuffle.py",
    "torch.nn.modules.flatten": "modules/flatten.py",
    "torch.nn.modules.fold": "modules/fold.py",
}
PACKAGES = {"torch.nn", "torch.nn.modules"}


class _PreludeFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the PRELUDE modules from their source files."""

    def find_spec(self, fullname, path, target=None):
        if fullname not in PRELUDE:
            return None
        return importlib.util.spec_from_loader(fullname, self,
                                               is_package=fullname in PACKAGES)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        path = os.path.join(HERE, PRELUDE[module.__name__])
        with open(path, encoding="utf-8") as f:
            code = compile(f.read(), path, "exec")
        exec(code, module.__dict__)


def load_prelude(keep_installed):
    """Imports the prelude as torch.nn; returns {name: module}.

    With keep_installed the prelude stays in sys.modules (and as torch.nn), as programs
    need; otherwise the real torch.nn modules are put back afterwards."""
    import torch
    import torch.nn  # noqa: F401  (the real one, and everything it imports)
    saved = {name: sys.modules[name] for name in PRELUDE if name in sys.modules}
    saved_attr = torch.nn
    for name in PRELUDE:
        sys.modules.pop(name, None)
    finder = _PreludeFinder()
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module("torch.nn")
    finally:
        sys.meta_path.remove(finder)
    mine = {name: sys.modules[name] for name in PRELUDE}
    if not keep_installed:
        for name in PRELUDE:
            sys.modules.pop(name, None)
        sys.modules.update(saved)
        torch.nn = saved_attr
    return mine


# ---------------------------------------------------------------------------------------
# Program mode: run one corpus program with the prelude installed (a subprocess).


def run_program(path):
    """Runs tests/programs-relative `path` like run_reference.py, prelude installed."""
    sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))
    import prelude as reference_prelude
    reference_prelude.install_import_hook()
    load_prelude(keep_installed=True)
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec", dont_inherit=True)
    import types
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    sys.argv = [path]
    exec(code, main.__dict__)


def programs():
    """(cwd, relative path) of every corpus program and example that uses torch.nn."""
    found = []
    corpus = os.path.join(ROOT, "tests", "programs")
    for area in sorted(os.listdir(corpus)):
        folder = os.path.join(corpus, area)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and _uses_nn(os.path.join(folder, name)):
                found.append((corpus, area + "/" + name))
    examples = os.path.join(ROOT, "examples")
    for name in sorted(os.listdir(examples)):
        if name.endswith(".py") and _uses_nn(os.path.join(examples, name)):
            found.append((examples, name))
    return found


def _uses_nn(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return "torch.nn" in text or "nn." in text


def check_programs(verbose):
    failures = 0
    env = dict(os.environ, OMP_NUM_THREADS="1")
    for key in list(env):
        if key.startswith("PYTHON") or key.startswith("TORCH_"):
            del env[key]
    jobs = []
    for cwd, rel in programs():
        cmd = [sys.executable, "-P", os.path.abspath(__file__), "--run-program", rel]
        jobs.append((cwd, rel, subprocess.Popen(cmd, cwd=cwd, env=env, text=True,
                                                stdout=subprocess.PIPE,
                                                stderr=subprocess.PIPE)))
        if len(jobs) >= 4:
            failures += _finish(jobs.pop(0), verbose)
    for job in jobs:
        failures += _finish(job, verbose)
    return failures


def _finish(job, verbose):
    cwd, rel, proc = job
    out, err = proc.communicate()
    expected_path = os.path.join(cwd, rel[:-3] + ".out")
    with open(expected_path, encoding="utf-8") as f:
        expected = f.read()
    ok = proc.returncode == 0 and out == expected
    if ok and verbose:
        print("PASS program", rel)
    if not ok:
        print("FAIL program", rel, "exit", proc.returncode)
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            expected.splitlines(True), out.splitlines(True), "expected", "prelude"))
        sys.stdout.write(err[-3000:])
    return 0 if ok else 1


# ---------------------------------------------------------------------------------------
# Case mode: the same observations from real torch.nn and from the prelude.


def compare(label, real, mine):
    import torch
    if isinstance(real, torch.Tensor) or isinstance(mine, torch.Tensor):
        same = (isinstance(real, torch.Tensor) and isinstance(mine, torch.Tensor) and
                type(real) is type(mine) and real.dtype == mine.dtype and
                real.shape == mine.shape and real.requires_grad == mine.requires_grad and
                torch.equal(real, mine))
    else:
        same = type(real) is type(mine) and real == mine
    if not same:
        print("FAIL", label)
        print("  torch:  ", repr(real)[:2000])
        print("  prelude:", repr(mine)[:2000])
    return same


def check_cases(verbose):
    import torch
    import torch.nn as real_nn
    import validate_cases
    sys.path.insert(0, os.path.join(ROOT, "tests", "programs"))
    try:
        # The corpus's reference prelude: what the .out files were generated with.
        import prelude as reference_prelude
        reference_sdpa = reference_prelude._sdpa
    except ImportError:
        # Under bazel the corpus is not a dependency: use the cases' own math path.
        reference_sdpa = validate_cases.reference_sdpa
    if not hasattr(real_nn.Module, "compile"):
        real_nn.Module.compile = lambda self, *args, **kwargs: None  # PyTorch 2.x no-op
    mine = load_prelude(keep_installed=False)
    real_ns = validate_cases.Namespace(real_nn, real_nn.functional, real_nn.init,
                                       sdpa=reference_sdpa)
    my_nn = mine["torch.nn"]
    mine_ns = validate_cases.Namespace(my_nn, my_nn.functional, my_nn.init,
                                       sdpa=my_nn.functional.scaled_dot_product_attention)
    assert my_nn is not real_nn and my_nn.Linear is not real_nn.Linear
    failures = 0
    total = 0
    for case in validate_cases.CASES:
        real_obs = validate_cases.observe(case, real_ns)
        mine_obs = validate_cases.observe(case, mine_ns)
        if len(real_obs) != len(mine_obs):
            print("FAIL", case.__name__, "observation counts", len(real_obs), len(mine_obs))
            failures += 1
        for (label, r), (_, m) in zip(real_obs, mine_obs):
            total += 1
            if not compare(case.__name__ + ": " + label, r, m):
                failures += 1
        if verbose:
            print("case", case.__name__, len(real_obs), "observations")
    print("cases: {} observations, {} mismatches".format(total, failures))
    return failures


def main(argv):
    if len(argv) >= 3 and argv[1] == "--run-program":
        run_program(argv[2])
        return 0
    verbose = "-v" in argv
    import warnings
    warnings.simplefilter("ignore")  # PyTorch's deprecation warnings (implicit softmax dim)
    sys.path.insert(0, HERE)
    failures = check_cases(verbose)
    if "--no-programs" not in argv:
        program_failures = check_programs(verbose)
        print("programs: {} failed".format(program_failures))
        failures += program_failures
    print("OK" if failures == 0 else "FAILED")
    return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
