#!/usr/bin/env python3
"""Checks wick's package layering over every #include in the tree (issue M14).

Three rules, from docs/architecture.md:

1. A package includes only itself and the packages its row of the layer table lists
   (LAYERS, from tools/layers.bzl; L8 leaves may include anything). An include of another package that the
   table does not allow is an upward or sideways edge.
2. An `internal` header (under a folder named `internal/`, or a file named `internal.h`)
   is private to its package: `vm/torch/internal.h` may be included from vm/ only.
3. A library package's BUILD file defaults to private visibility; its targets list who
   may depend on them with `visible_to(...)` from tools/layers.bzl (the same table as
   rule 1), so Bazel refuses a dependency the table does not allow.

Tests, test utilities, benchmarks and mains beside the code (`*_test.cc`,
`*_test_util.h`, `*_benchmark.cc`, `*_main.cc`) are leaves for rule 1 (they may link any
package) but keep rule 2.

Edges the tree already has and that M14 has yet to remove are listed in
tools/layering_allowlist.txt (`from_file -> included_header`, with the reason in a
comment); the check fails on any other violation and on an allowlist line that no longer
matches (so the list only shrinks). Usage: check_layering.py [ROOT]. Exit status 1 when
it finds a problem; the last line is "layering: N files, N includes, N problems".
"""
import os
import re
import sys

# Package -> the packages it may include (absl, system libraries and the standard
# library are always allowed), and the L8 leaves, which may include anything: read from
# tools/layers.bzl, the table Bazel's visibility lists are derived from.
def load_layers(root):
    scope = {}
    path = os.path.join(root, "tools", "layers.bzl")
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), scope)  # Starlark data is Python too.
    return {k: set(v) for k, v in scope["LAYERS"].items()}, set(scope["LEAVES"])


LAYERS, LEAVES = {}, set()  # Set by main() from ROOT/tools/layers.bzl.
# Library BUILD files exempt from the private default: api/ is the public embedding API
# that host applications depend on (docs/embedding.md).
OPEN_PACKAGES = {"api"}
PRIVATE_DEFAULT = 'package(default_visibility = ["//visibility:private"])'
SKIP_DIRS = {"third_party", ".git", "node_modules"}
SOURCE = re.compile(r".*\.(cc|h)$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def package_of(path):
    return path.split("/", 1)[0]


LEAF_FILE = re.compile(r".*(_test\.cc|_test_util\.h|_benchmark\.cc|_main\.cc)$")


def private_scope(header):
    """The package whose files may include `header`, or None for a public header."""
    parts = header.split("/")
    if "internal" in parts[:-1] or parts[-1] == "internal.h":
        return parts[0]
    return None


def problems_of(source, header, known_packages):
    found = []
    pkg, target = package_of(source), package_of(header)
    leaf = pkg in LEAVES or LEAF_FILE.match(source)
    if target in known_packages and pkg != target and not leaf:
        if pkg not in LAYERS:
            found.append(f"{source}: package '{pkg}' is not in the layer table")
        elif target not in LAYERS[pkg]:
            found.append(f"{source}: includes {header}: '{pkg}' may not depend on '{target}'")
    scope = private_scope(header)
    if scope is not None and not (source == scope or source.startswith(scope + "/")):
        found.append(f"{source}: includes {header}, which is internal to {scope}/")
    return found


def read_allowlist(root):
    allowed = {}
    path = os.path.join(root, "tools", "layering_allowlist.txt")
    if not os.path.exists(path):
        return allowed
    with open(path) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            source, _, header = line.partition("->")
            allowed[(source.strip(), header.strip())] = number
    return allowed


def build_problems(root):
    """Rule 3 over every BUILD.bazel of a library package."""
    found = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames
                             if d not in SKIP_DIRS and not d.startswith("bazel-"))
        if "BUILD.bazel" not in filenames:
            continue
        rel = os.path.relpath(dirpath, root)
        if rel == "." or package_of(rel) not in LAYERS or rel in OPEN_PACKAGES:
            continue
        with open(os.path.join(dirpath, "BUILD.bazel")) as f:
            text = f.read()
        if PRIVATE_DEFAULT not in text:
            found.append(f"{rel}/BUILD.bazel: needs {PRIVATE_DEFAULT}")
        if "//:__subpackages__" in text:
            found.append(f"{rel}/BUILD.bazel: visible to all of wick; use visible_to() "
                         "from tools/layers.bzl")
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    global LAYERS, LEAVES
    LAYERS, LEAVES = load_layers(root)
    known_packages = set(LAYERS) | LEAVES
    allowed = read_allowlist(root)
    used = set()
    problems = []
    files = includes = 0
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        dirnames[:] = sorted(d for d in dirnames
                             if d not in SKIP_DIRS and not d.startswith("bazel-"))
        if rel_dir == ".":
            continue
        for name in sorted(filenames):
            if not SOURCE.match(name):
                continue
            source = os.path.normpath(os.path.join(rel_dir, name))
            if package_of(source) not in known_packages:
                continue
            files += 1
            with open(os.path.join(root, source), errors="replace") as f:
                text = f.read()
            for header in INCLUDE.findall(text):
                if package_of(header) not in known_packages:
                    continue  # absl/, dnnl, gtest, ...
                includes += 1
                found = problems_of(source, header, known_packages)
                if not found:
                    continue
                if (source, header) in allowed:
                    used.add((source, header))
                    continue
                problems.extend(found)
    for key, number in sorted(allowed.items(), key=lambda kv: kv[1]):
        if key not in used:
            problems.append(f"tools/layering_allowlist.txt:{number}: '{key[0]} -> {key[1]}' "
                            "no longer occurs or is allowed now: remove the line")
    problems.extend(build_problems(root))
    for p in problems:
        print(p)
    print(f"layering: {files} files, {includes} includes, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
