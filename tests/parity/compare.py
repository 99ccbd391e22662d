#!/usr/bin/python3
"""Compares wick's parity records (parity_eval) with PyTorch's (run_torch.py) under the
tolerance rules of tests/parity/README.md, prints every mismatch with its case and both
records, and ends with the summary line `N cases, M mismatches`. Exit status 1 when
anything mismatches (or a record is missing), 0 otherwise.

    compare.py --wick wick.txt --torch torch.txt [--strides=warn|fail|off] CASE_FILE...
"""

import argparse
import collections
import math
import re
import sys

from case_format import strip_comment

DEFAULT_TOL = {"torch.float32": 1e-6, "torch.float64": 1e-12}
TOL_COMMENT = re.compile(r"#.*\btol=([0-9.eE+-]+)")
PREFIX = re.compile(r"^((?:\[\d+\] )*)(.*)$")


class Case:
    def __init__(self, key, text, tol):
        self.key, self.text, self.tol = key, text, tol


def read_cases(paths):
    """The cases of each file, keyed like the records: 'file.txt:LINE'."""
    cases = []
    for path in paths:
        base = path.rsplit("/", 1)[-1]
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, start=1):
                line = line.rstrip("\n")
                text = strip_comment(line).strip()
                if not text:
                    continue
                m = TOL_COMMENT.search(line[len(strip_comment(line)):])
                cases.append(Case(f"{base}:{lineno}", text, float(m.group(1)) if m else None))
    return cases


def read_records(path):
    """case key -> list of record lines."""
    records, current = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("case "):
                current = line[5:]
                records[current] = []
            elif current is not None:
                records[current].append(line)
    return records


def split_prefix(line):
    m = PREFIX.match(line)
    return m.group(1), m.group(2)


def close(a, b, tol):
    """String elements a (wick) and b (torch) as numbers, NaN == NaN, inf exact."""
    if a == b:
        return True
    try:
        x, y = float(a), float(b)
    except ValueError:
        return False
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= tol + tol * abs(y)


def is_float_text(s):
    return any(c in s for c in ".en") or s in ("inf", "-inf")


def compare_values(w, t, dtype, case_tol):
    """Compares 'values ...' payloads; returns an explanation or None."""
    wv, tv = w.split(" ")[1:], t.split(" ")[1:]
    if len(wv) != len(tv):
        return f"{len(wv)} values vs {len(tv)}"
    if dtype not in DEFAULT_TOL:
        bad = [i for i, (a, b) in enumerate(zip(wv, tv)) if a != b]
        return f"element {bad[0]}: {wv[bad[0]]} vs {tv[bad[0]]} (exact dtype)" if bad else None
    tol = max(DEFAULT_TOL[dtype], case_tol or 0)
    for i, (a, b) in enumerate(zip(wv, tv)):
        if not close(a, b, tol):
            return f"element {i}: {a} vs {b} (tolerance {tol:g})"
    return None


def compare_records(wick, torch, case):
    """Returns (differences, stride differences) between two records."""
    if wick[:1] != torch[:1] and (wick[:1] + torch[:1])[0].startswith(("error", "type")):
        # Different kinds of result: name them instead of diffing line by line.
        return [f"wick gives '{(wick or ['nothing'])[0]}', torch '{(torch or ['nothing'])[0]}'"], []
    if len(wick) != len(torch):
        return [f"records differ in shape ({len(wick)} vs {len(torch)} lines)"], []
    diffs, stride_diffs = [], []
    dtype = {}        # prefix -> dtype of the tensor being compared
    same_values = {}  # prefix -> the two values lines were textually identical
    for w, t in zip(wick, torch):
        wp, wbody = split_prefix(w)
        tp, tbody = split_prefix(t)
        key = wbody.split(" ", 1)[0]
        if wp != tp or key != tbody.split(" ", 1)[0]:
            diffs.append(f"'{w}' vs '{t}'")
            continue
        if key == "dtype":
            dtype[wp] = wbody[6:]
        if key == "values":
            same_values[wp] = wbody == tbody
            why = None if wbody == tbody else compare_values(wbody, tbody, dtype.get(wp), case.tol)
            if why:
                diffs.append(f"{wp}values: {why}")
        elif key == "value" and wbody != tbody:
            a, b = wbody[6:], tbody[6:]
            tol = max(1e-6, case.tol or 0)
            if not (is_float_text(a) and is_float_text(b) and close(a, b, tol)):
                diffs.append(f"{wp}value: {a} vs {b}")
        elif key == "stride":
            if wbody != tbody:
                stride_diffs.append(f"{wp}{wbody} vs {tbody}")
        elif key == "str":
            # The printed text follows the values: when they differ within tolerance the
            # last digit or the print mode may legitimately differ too.
            if same_values.get(wp, True) and wbody != tbody:
                diffs.append(f"{wp}str differs")
        elif wbody != tbody:
            diffs.append(f"'{w}' vs '{t}'")
    return diffs, stride_diffs


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--wick", required=True)
    parser.add_argument("--torch", required=True)
    parser.add_argument("--strides", choices=["warn", "fail", "off"], default="warn")
    parser.add_argument("--max-shown", type=int, default=200,
                        help="print at most this many mismatching cases in full")
    parser.add_argument("case_files", nargs="+")
    args = parser.parse_args(argv[1:])

    cases = read_cases(args.case_files)
    wick, torch = read_records(args.wick), read_records(args.torch)
    missing_ops = collections.defaultdict(list)
    mismatches, stride_warnings, shown = 0, 0, 0
    per_file = collections.OrderedDict()
    for case in cases:
        fname = case.key.rsplit(":", 1)[0]
        stats = per_file.setdefault(fname, [0, 0])
        stats[0] += 1
        w = wick.get(case.key)
        t = torch.get(case.key)
        missing = [line[8:] for line in (w or []) if line.startswith("missing ")]
        for name in missing:
            missing_ops[name].append(case.key)
        w_cmp = [line for line in (w or []) if not line.startswith("missing ")]
        if w is None or t is None:
            diffs, strides = [f"no {'wick' if w is None else 'torch'} record (crashed?)"], []
        else:
            diffs, strides = compare_records(w_cmp, t, case)
        if strides and args.strides != "off":
            if args.strides == "fail":
                diffs += [f"stride: {s}" for s in strides]
            else:
                stride_warnings += 1
                print(f"STRIDE {case.key}: {case.text}\n  " + "\n  ".join(strides))
        if not diffs:
            continue
        mismatches += 1
        stats[1] += 1
        if shown >= args.max_shown:
            continue
        shown += 1
        print(f"MISMATCH {case.key}: {case.text}")
        for d in diffs[:5]:
            print(f"  - {d}")
        print("  wick:")
        print("\n".join("    " + line for line in (w or ["<none>"])))
        print("  torch:")
        print("\n".join("    " + line for line in (t or ["<none>"])))
    print()
    for fname, (n, m) in per_file.items():
        print(f"{fname}: {n} cases, {m} mismatches")
    if missing_ops:
        print(f"wick lacks {len(missing_ops)} ops/attributes used by these cases:")
        for name in sorted(missing_ops):
            keys = missing_ops[name]
            print(f"  {name}  ({len(keys)} case{'s' if len(keys) != 1 else ''}, "
                  f"first {keys[0]})")
    if stride_warnings:
        print(f"{stride_warnings} cases differ from PyTorch only or also in output strides "
              f"(--strides=fail makes that a mismatch)")
    print(f"{len(cases)} cases, {mismatches} mismatches")
    return 1 if mismatches or not cases else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
