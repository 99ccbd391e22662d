#!/usr/bin/python3
"""PyTorch's side of the parity test: evaluates every case of the given case files with
/usr/bin/python3 + torch 1.13 and prints one canonical record per case, in the format
parity_eval prints for wick (tests/parity/README.md).

    /usr/bin/python3 run_torch.py cases/pointwise.txt ...
"""

import math
import sys
import warnings

import torch
import torch.nn.functional as F

from case_format import split_statements, strip_comment


def _sizes(name, size):
    """A(2, 3), A((2, 3)) and A([2, 3]) all mean the sizes (2, 3)."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    for s in size:
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"{name}(): sizes must be ints, not {type(s).__name__}")
    return tuple(size)


def _numel(size):
    for s in size:
        if s < 0:
            raise RuntimeError(f"negative size {s}")
    return math.prod(size)


def A(*size, dtype=torch.float32):
    """arange(numel) reshaped, converted to dtype."""
    size = _sizes("A", size)
    n = _numel(size)
    return torch.arange(n, dtype=torch.int64).reshape(size).to(dtype)


def _pattern(size, seed):
    n = _numel(size)
    i = torch.arange(n, dtype=torch.int64)
    return (i * 7919 + seed * 104729) % 2001  # Tensor % is Python's floored modulo.


def V(*size, seed=0, dtype=torch.float32):
    """Varied values in [-4, 4], computed in float64 and then converted."""
    size = _sizes("V", size)
    v = (_pattern(size, seed) - 1000).to(torch.float64) / 250.0
    return v.reshape(size).to(dtype)


def P(*size, seed=0, dtype=torch.float32):
    """Like V but positive: in (0, 4.002]."""
    size = _sizes("P", size)
    v = (_pattern(size, seed) + 1).to(torch.float64) / 500.0
    return v.reshape(size).to(dtype)


def T(x, *perm):
    """A non-contiguous view: x.permute(perm)."""
    return x.permute(*_sizes("T", perm))


def _elem(v):
    if isinstance(v, bool):
        return "True" if v else "False"
    if isinstance(v, int):
        return str(v)
    return repr(v)


def record(v, prefix, out):
    """Appends the record lines of a Python value to out."""
    if v is None:
        out.append(prefix + "type None")
    elif isinstance(v, torch.Tensor):
        out.append(prefix + "type Tensor")
        out.append(prefix + "dtype " + str(v.dtype))
        out.append(prefix + "shape " + str(list(v.shape)))
        out.append(prefix + "stride " + str(list(v.stride())))
        if v.is_meta:
            out.append(prefix + "values <meta>")
        else:
            values = v.detach().reshape(-1).tolist()
            out.append(prefix + "values" + "".join(" " + _elem(x) for x in values))
        out.append(prefix + "str " + str(v).replace("\n", "\\n"))
    elif isinstance(v, (bool, int, float)):
        out.append(prefix + "type scalar")
        out.append(prefix + "value " + _elem(v))
    elif isinstance(v, str):
        out.append(prefix + "type str")
        out.append(prefix + "value " + repr(v))
    elif isinstance(v, torch.dtype):
        out.append(prefix + "type dtype")
        out.append(prefix + "value " + str(v))
    elif isinstance(v, (tuple, list)):
        out.append(prefix + f"type tuple {len(v)}")
        for i, item in enumerate(v):
            record(item, f"{prefix}[{i}] ", out)
    else:
        out.append(prefix + "type " + type(v).__name__)
        out.append(prefix + "value " + repr(v).replace("\n", "\\n"))


def run_case(text):
    env = {"torch": torch, "F": F, "A": A, "V": V, "P": P, "T": T,
           "inf": math.inf, "nan": math.nan}
    try:
        value = None
        for stmt in split_statements(text):
            value = eval(stmt, env)  # pylint: disable=eval-used
    except SyntaxError:
        return ["error SyntaxError"]
    except Exception as e:  # pylint: disable=broad-except
        return ["error " + type(e).__name__]
    out = []
    record(value, "", out)
    return out


def main(argv):
    warnings.simplefilter("ignore")
    torch.set_num_threads(1)
    for path in argv[1:]:
        base = path.rsplit("/", 1)[-1]
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, start=1):
                text = strip_comment(line.rstrip("\n")).strip()
                if not text:
                    continue
                print(f"case {base}:{lineno}")
                print("\n".join(run_case(text)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
