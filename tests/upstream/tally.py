# Prints the tally of the ported upstream tests for README.md: per file, how many tests
# it ports, how many wick passes, and for each one it does not pass the reason given in
# the file (known= for a compiled run that fails, skip= for one wick cannot run at all).
# Usage: python3 tests/upstream/tally.py > /tmp/tally.md (then paste into README.md).
import glob
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
# One registration: a decorator above `def name(`, or module_test("name", ...).
DECORATED = re.compile(r"^@(make_test|case)(\((.*)\))?\n(?:@.*\n)*def (\w+)\(", re.M)
MODULE = re.compile(r'^module_test\("(\w+)", (.*)\)$', re.M)
REASON = re.compile(r'\b(known|skip)="((?:[^"\\]|\\.)*)"')


def tests_of(source):
    found = []
    for m in DECORATED.finditer(source):
        found.append((m.start(), m.group(4), REASON.search(m.group(3) or "")))
    for m in MODULE.finditer(source):
        found.append((m.start(), m.group(1), REASON.search(m.group(2))))
    return [(name, reason) for _, name, reason in sorted(found)]


def main():
    total = passing = 0
    sections = []
    for path in sorted(glob.glob(os.path.join(HERE, "ported_*.py"))):
        with open(path) as f:
            tests = tests_of(f.read())
        failing = [(name, r) for name, r in tests if r]
        total += len(tests)
        passing += len(tests) - len(failing)
        lines = [f"### {os.path.basename(path)}: {len(tests)} ported, "
                 f"{len(tests) - len(failing)} pass", ""]
        for name, r in failing:
            kind = "compiled run fails" if r.group(1) == "known" else "not run by wick"
            lines.append(f"- `{name}` ({kind}): {r.group(2)}")
        sections.append("\n".join(lines))
    print(f"{total} upstream tests ported, {passing} pass under wick, "
          f"{total - passing} do not (reasons below).\n")
    print("\n\n".join(sections))


if __name__ == "__main__":
    main()
