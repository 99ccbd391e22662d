# Prints the tally of the ported upstream tests for README.md: per file, how many tests
# it ports, how many wick passes, and for each one it does not pass the reason given in
# the file (known= for a compiled run that fails, skip= for one wick cannot run at all).
# Usage: python3 tests/upstream/tally.py > /tmp/tally.md (then paste into README.md).
import ast
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
# One registration: a decorator above `def name(`, or module_test("name", ...).
DECORATED = re.compile(r"^@(make_test|case)(\((.*)\))?\n(?:@.*\n)*def (\w+)\(", re.M)
MODULE = re.compile(r'^(?:module_test|std)\("(\w+)", ((?:.*\n)*?.*)\)$', re.M)
REASON = re.compile(r'\b(known|skip)="((?:[^"\\]|\\.)*)"')


def tests_of(source):
    found = []
    for m in DECORATED.finditer(source):
        found.append((m.start(), m.group(4), REASON.search(m.group(3) or "")))
    for m in MODULE.finditer(source):
        found.append((m.start(), m.group(1), REASON.search(m.group(2))))
    return [(name, reason) for _, name, reason in sorted(found)]


def variant_of(source, tests_by_file):
    """A variant file (ported_dynamic_shapes.py): the tests of the files it imports, each
    with the suffix, failing for the original's reason or its own (DYNAMIC_KNOWN/SKIP)."""
    ns = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets):
            ns[node.targets[0].id] = eval(compile(ast.Expression(node.value), "v", "eval"), ns)
    suffix = re.search(r'as_variant\("(\w+)"', source).group(1)
    tests = []
    for module in re.findall(r"^import (ported_\w+)", source, re.M):
        for name, reason in tests_by_file[module + ".py"]:
            own = ns.get("DYNAMIC_KNOWN", {}).get(name) or ns.get("DYNAMIC_SKIP", {}).get(name)
            kind = "known" if name in ns.get("DYNAMIC_KNOWN", {}) else "skip"
            if reason:
                kind, text = reason[0], None  # inherited: listed under its own file
            elif own:
                text = own
            else:
                kind = text = None
            tests.append((name + suffix, (kind, text) if kind else None))
    return tests


def main():
    total = passing = 0
    sections = []
    tests_by_file = {}
    variants = []
    for path in sorted(glob.glob(os.path.join(HERE, "ported_*.py"))):
        with open(path) as f:
            source = f.read()
        if "as_variant(" in source:
            variants.append((path, source))
            continue
        tests_by_file[os.path.basename(path)] = [
            (name, (r.group(1), r.group(2)) if r else None) for name, r in tests_of(source)]
    for path, source in variants:
        tests_by_file[os.path.basename(path)] = variant_of(source, tests_by_file)
    for base in sorted(tests_by_file):
        tests = tests_by_file[base]
        failing = [(name, r) for name, r in tests if r]
        total += len(tests)
        passing += len(tests) - len(failing)
        lines = [f"### {base}: {len(tests)} ported, {len(tests) - len(failing)} pass", ""]
        inherited = [name for name, (kind, text) in failing if text is None]
        for name, (kind, text) in failing:
            if text is None:
                continue
            kind = "compiled run fails" if kind == "known" else "not run by wick"
            lines.append(f"- `{name}` ({kind}): {text}")
        if inherited:
            lines.append(f"- and the {len(inherited)} tests that fail in their own file, for "
                         "the reason given there")
        sections.append("\n".join(lines))
    print(f"{total} upstream tests ported, {passing} pass under wick, "
          f"{total - passing} do not (reasons below).\n")
    print("\n\n".join(sections))


if __name__ == "__main__":
    main()
