"""wick's layer table (docs/architecture.md) as data, for Bazel visibility and for
tools/check_layering.py, which reads this file: one source for both checks.

LAYERS maps each library package to the packages it may depend on. A package's targets
are visible to itself (sub-packages included), to the packages whose row lists it, and
to the leaves (LEAVES: tools, tests, benchmarks, examples, report), which nothing
depends on. TEST_USERS grants the few test-only edges the table does not (a same-layer
test, a lower-layer fuzz target reading test programs); production code never uses them.
"""

LAYERS = {
    "base": [],
    "logging": ["base"],
    "sym": ["base"],
    "lang": ["base", "logging"],
    "tensor": ["base", "logging"],
    "vm": ["base", "logging", "lang", "tensor"],
    "graph": ["base", "logging", "tensor", "sym"],
    "guards": ["base", "logging", "tensor", "vm", "sym"],
    "partitioner": ["base", "logging", "graph", "tensor"],
    "frontend": ["base", "logging", "lang", "vm", "graph", "tensor", "guards", "sym"],
    "codegen": ["base", "logging", "graph", "tensor", "partitioner", "sym"],
    "runtime": ["base", "logging", "sym", "lang", "tensor", "vm", "graph", "guards",
                "partitioner", "frontend", "codegen"],
    "api": ["base", "logging", "sym", "lang", "tensor", "vm", "graph", "guards",
            "partitioner", "frontend", "codegen", "runtime"],
}

LEAVES = ["tools", "report", "benchmarks", "tests", "examples"]

# package -> packages whose *tests* (only) may depend on it beyond the table.
TEST_USERS = {
    "codegen": ["frontend"],  # //frontend:parity_test runs traced graphs.
}

def visible_to(package):
    """The visibility list of `package`'s public targets, from the layer table."""
    users = [package] + [p for p in sorted(LAYERS.keys()) if package in LAYERS[p]]
    users = users + LEAVES + TEST_USERS.get(package, [])
    return ["//%s:__subpackages__" % p for p in users]
