"""Generates random programs for the graph-break differential test (issue 5).

Usage: /usr/bin/python3 gen_programs.py OUT_DIR N SEED
Writes OUT_DIR/prog_SEED_0000.py ... ; the same (N, SEED) always gives the same files.

Each program defines a chain of functions (call depth 1-3) whose bodies mix tensor
arithmetic on small deterministic float tensors with graph breaks (graph_break, print,
`.item()`, data-dependent `if`, calls to `torch.compiler.disable`d helpers, functions
that raise ValueError out of their frame, rarely skip_frame) inside `for` loops (with
break/continue), `with torch.no_grad()`, `with` of a printing user-defined context
manager, one that swallows ValueError, and `try/except ValueError/finally`; Python
state (an int `n`, a list `acc`, an int argument `k`) lives across the breaks. The
program runs the top function eagerly, then compiled (fresh call, cached call, call on
a second input) under both nested regimes and two backends, printing a `== <section>`
header before each run; results are compared with torch.equal and a difference prints
a `MISMATCH` line.
Lines starting with `#` are informational (graph counts) and never compared.
"""

import os
import random
import sys

CONSTS = ["0.5", "1.0", "2.0", "0.25", "1.5", "-0.5", "-1.0", "3.0", "0.75"]
THRESHOLDS = ["0.0", "1.0", "2.0", "-1.0", "3.0", "5.0", "0.5", "-2.0"]

CREATIONS = [
    "torch.ones(2, 3) * {c}",
    "torch.arange(6, dtype=torch.float32).reshape(2, 3) * {c}",
    "torch.arange(6, dtype=torch.float32).reshape(2, 3) / 4 - {c}",
    "torch.full((2, 3), {c})",
]

# Index assignments on a (2, 3) tensor {v} (a fresh clone): basic indexing, a boolean
# mask, integer index tensors with ints and slices around them.
SETITEMS = [
    "{v}[:, 0] = {c}",
    "{v}[1] = {a}[0] * {c}",
    "{v}[0, 1:] = {c}",
    "{v}[{a} > {t}] = {c}",
    "{v}[:, torch.tensor([2, 0])] = {a}[:, :2]",
    "{v}[..., -1] = {a}[..., 0]",
    "{v}[1, torch.tensor([0, 2])] = {c}",
]

# Shape-preserving (2, 3) -> (2, 3) expressions over x and y; values stay finite.
EXPRS = [
    "{a} + {c}",
    "{a} * {c}",
    "{a} - {b}",
    "{a} + {b} * {c}",
    "torch.sin({a})",
    "torch.cos({a}) + {b}",
    "torch.tanh({a}) * {c}",
    "torch.relu({a} - {c})",
    "{a}.abs() + {c}",
    "{a}.clamp(-2.0, 2.0)",
    "torch.sigmoid({a}) + {b}",
    "{a} + torch.ones(2, 3)",
    "{a} + torch.arange(6, dtype=torch.float32).reshape(2, 3) * 0.1",
    "torch.where({a} > {c}, {a}, {b})",
    "{a}.softmax(dim=-1) + {b}",
    "{a} - {a}.mean()",
    "{a} / ({a}.abs() + 1)",
    "torch.maximum({a}, {b})",
    "({a} @ {b}.t()) @ {b} * 0.1",
    "{a}.cumsum(dim=1) * 0.5",
    "torch.cat([{a}[:, 1:], {a}[:, :1]], dim=1)",
    "{a}.sum(dim=0, keepdim=True) * 0.25 + {b}",
    "torch.tanh({a} + {b})",
    "torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.25, 0.0]]) * {a}",
]

CONDS = [
    "{a}.sum() > {t}",
    "{a}.mean() < {t}",
    "({a} > {t}).any()",
    "{a}.max() > {t}",
    "{a}.sum().item() > {t}",
]


class Gen:
    """Builds one program's source; `rng` is the only source of randomness."""

    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.n_tags = 0
        self.helpers = []  # names of the disable'd helpers
        self.callees = []  # per function: names it may call

    def tag(self, kind):
        self.n_tags += 1
        return "%s%d" % (kind, self.n_tags)

    def var(self):
        return self.rng.choice(["x", "x", "y"])

    def expr(self, loop_vars):
        r = self.rng
        e = r.choice(EXPRS).format(a=self.var(), b=self.var(), c=r.choice(CONSTS))
        if loop_vars and r.random() < 0.3:
            e = "%s + %s * 0.5" % (e, r.choice(loop_vars))
        return e

    def cond(self):
        r = self.rng
        return r.choice(CONDS).format(a=self.var(), t=r.choice(THRESHOLDS))

    # A body is a list of source lines already indented relative to the block.
    def body(self, fn, depth, loop_vars, n, in_try=False):
        out = []
        for _ in range(n):
            out += self.stmt(fn, depth, loop_vars, in_try)
        return out or ["pass"]

    def block(self, fn, depth, loop_vars, in_try=False):
        n = self.rng.randint(1, 3)
        return ["    " + l for l in self.body(fn, depth + 1, loop_vars, n, in_try)]

    def stmt(self, fn, depth, loop_vars, in_try):
        r = self.rng
        kinds = [("assign", 6), ("graph_break", 2), ("print", 2), ("call", 2),
                 ("state", 1.5),
                 ("helper", 1), ("skip_frame", 0.08), ("inplace", 0.5), ("setitem", 0.7)]
        if depth < 3:
            kinds += [("if", 2), ("for", 1.5), ("no_grad", 1), ("ctx", 1.5),
                      ("try", 1.5), ("suppress", 0.5)]
        if in_try:
            # Raising is generated only where a handler (or Suppress) catches it.
            kinds += [("raise", 1), ("raiser", 0.7)]
        if loop_vars:
            kinds += [("loop_if", 0.7), ("loop_ctl", 0.5)]
        if depth > 0:
            kinds += [("return", 0.3)]
        total = sum(w for _, w in kinds)
        pick = r.uniform(0, total)
        for kind, w in kinds:
            pick -= w
            if pick <= 0:
                break
        v = r.choice(["x", "x", "y"])
        if kind == "assign":
            return ["%s = %s" % (v, self.expr(loop_vars))]
        if kind == "inplace":
            # In-place on a fresh local (never on an argument: inputs stay unmutated).
            return ["%s = %s.clone()" % (v, v),
                    "%s.%s(%s)" % (v, r.choice(["add_", "mul_", "sub_"]),
                                   r.choice(CONSTS))]
        if kind == "setitem":
            # On a fresh local (never an argument: inputs stay unmutated).
            return ["%s = %s.clone()" % (v, v),
                    r.choice(SETITEMS).format(v=v, a=self.var(), c=r.choice(CONSTS),
                                              t=r.choice(THRESHOLDS))]
        if kind == "graph_break":
            return ["torch._dynamo.graph_break()"]
        if kind == "skip_frame":
            return ["torch._dynamo.skip_frame()"]
        if kind == "print":
            t = self.tag("p")
            choice = r.randint(0, 3)
            if choice == 0:
                return ['print("%s", %s)' % (t, ", ".join(loop_vars) or '"-"')]
            if choice == 1:
                return ['print("%s", %s)' % (t, v)]
            if choice == 2:
                return ['print(f"%s {%s.sum().item():.4f}")' % (t, v)]
            return ['print("%s", %s.sum())' % (t, v)]
        if kind == "call":
            if not self.callees[fn]:
                return ["%s = %s" % (v, self.expr(loop_vars))]
            callee = r.choice(self.callees[fn])
            arg = r.choice(["", "", ", k=%d" % r.randint(1, 3), ", n"])
            return ["%s = %s(%s%s)" % (v, callee, self.var(), arg)]
        if kind == "state":
            # Python values that must survive every break and resume.
            return [r.choice(["n += 1", "n += k", "acc.append(%s.sum())" % v,
                              "acc.append(%s)" % (loop_vars[-1] if loop_vars else "n"),
                              "%s = %s + n * 0.25" % (v, v),
                              "%s = %s * k" % (v, v),
                              "%s = %s + acc[-1] if acc else %s" % (v, v, v)])]
        if kind == "helper":
            return ["%s = %s(%s)" % (v, r.choice(self.helpers), self.var())]
        if kind == "if":
            out = ["if %s:" % self.cond()] + self.block(fn, depth, loop_vars, in_try)
            if r.random() < 0.5:
                out += ["else:"] + self.block(fn, depth, loop_vars, in_try)
            return out
        if kind == "loop_if":
            return (["if %s %% 2 == %d:" % (r.choice(loop_vars), r.randint(0, 1))] +
                    self.block(fn, depth, loop_vars, in_try))
        if kind == "loop_ctl":
            return ["if %s == %d:" % (loop_vars[-1], r.randint(0, 2)),
                    "    " + r.choice(["continue", "break"])]
        if kind == "for":
            i = "i%d" % len(loop_vars)
            return (["for %s in range(%d):" % (i, r.randint(1, 3))] +
                    self.block(fn, depth, loop_vars + [i], in_try))
        if kind == "no_grad":
            return ["with torch.no_grad():"] + self.block(fn, depth, loop_vars, in_try)
        if kind == "ctx":
            return (['with Ctx("%s") as c%d:' % (self.tag("c"), depth)] +
                    self.block(fn, depth, loop_vars, in_try))
        if kind == "suppress":
            # A user-defined context manager that swallows ValueError.
            return (['with Suppress("%s"):' % self.tag("s")] +
                    self.block(fn, depth, loop_vars, True))
        if kind == "raiser":
            return ["%s = %s(%s)" % (v, r.choice(self.raisers), self.var())]
        if kind == "try":
            out = ["try:"] + self.block(fn, depth, loop_vars, True)
            if r.random() < 0.4:
                out += ["    raise ValueError(\"%s\")" % self.tag("e")]
            elif r.random() < 0.4:
                out += ["    if %s:" % self.cond(),
                        "        raise ValueError(\"%s\")" % self.tag("e")]
            out += ["except ValueError as e:",
                    '    print("caught", e)'] + self.block(fn, depth, loop_vars, in_try)
            if r.random() < 0.2:
                out += ["finally:", '    print("finally %s")' % self.tag("f")]
            return out
        if kind == "raise":
            return ['raise ValueError("%s")' % self.tag("e")]
        if kind == "return":
            return ["return %s" % self.expr(loop_vars)]
        raise AssertionError(kind)

    def function(self, idx, name):
        r = self.rng
        out = ["def %s(x, k=%d):" % (name, r.randint(1, 3)),
               "    y = %s" % r.choice(CREATIONS).format(c=r.choice(CONSTS)),
               "    n = 0",
               "    acc = []"]
        stmts = [self.stmt(idx, 0, [], False) for _ in range(r.randint(2, 5))]
        if self.callees[idx]:
            # Every level calls the next one at least once, so the chain is 1-3 deep.
            stmts.insert(r.randint(0, len(stmts)),
                         ["x = %s(x)" % r.choice(self.callees[idx])])
        body = [l for s in stmts for l in s]
        out += ["    " + l for l in body]
        out += ['    print("state %s", n, len(acc))' % name,
                "    return %s" % r.choice(["x", "x + y", "x * 0.5 + y"])]
        return out

    def raiser(self, name):
        """A function that may raise ValueError out of its frame; raiser1 is disable'd."""
        r = self.rng
        out = ["@torch.compiler.disable"] if name == "raiser1" else []
        out += ["def %s(x):" % name,
                "    y = x * %s" % r.choice(CONSTS),
                "    x = %s" % self.expr([])]
        if r.random() < 0.5:
            out += ["    torch._dynamo.graph_break()"]
        out += ["    if %s:" % self.cond(),
                '        raise ValueError("from %s")' % name,
                "    return x"]
        return out

    def helper(self, name):
        r = self.rng
        out = ["@torch.compiler.disable", "def %s(x):" % name,
               "    y = x * %s" % r.choice(CONSTS)]
        if r.random() < 0.5:
            out += ['    print("in %s", x.sum())' % name]
        if r.random() < 0.5:
            out += ["    torch._dynamo.graph_break()"]
        out += ["    x = %s" % self.expr([])]
        out += ["    return x"]
        return out

    def program(self, header):
        r = self.rng
        levels = r.randint(1, 3)
        # names[l] are the functions at call depth l; level l calls only level l + 1.
        names = [["f0"]]
        for level in range(1, levels):
            names.append(["f%d%s" % (level, s) for s in "ab"[: r.randint(1, 2)]])
        flat = [n for level in names for n in level]
        for level, ns in enumerate(names):
            for _ in ns:
                self.callees.append(names[level + 1] if level + 1 < levels else [])
        self.helpers = ["helper%d" % k for k in range(r.randint(1, 2))]
        self.raisers = ["raiser0", "raiser1"]
        out = list(header)
        out += ["import torch",
                "from torch._dynamo.testing import CompileCounter",
                "",
                "",
                "class Ctx:",
                "    def __init__(self, tag):",
                "        self.tag = tag",
                "",
                "    def __enter__(self):",
                '        print("enter", self.tag)',
                "        return self",
                "",
                "    def __exit__(self, exc_type, exc_value, traceback):",
                '        print("exit", self.tag, exc_type is not None)',
                "        return False",
                "",
                "",
                "class Suppress:",
                "    def __init__(self, tag):",
                "        self.tag = tag",
                "",
                "    def __enter__(self):",
                '        print("enter", self.tag)',
                "",
                "    def __exit__(self, exc_type, exc_value, traceback):",
                '        print("exit", self.tag, exc_value)',
                "        return exc_type is ValueError",
                ""]
        for h in self.helpers:
            out += [""] + self.helper(h) + [""]
        for name in self.raisers:
            out += [""] + self.raiser(name) + [""]
        # Deepest first, so a reader meets callees before callers.
        for idx in reversed(range(len(flat))):
            out += [""] + self.function(idx, flat[idx]) + [""]
        x_a = r.choice(CREATIONS).format(c=r.choice(CONSTS))
        out += ["",
                "x_a = %s" % x_a,
                "x_b = -x_a * %s" % r.choice(["1.0", "2.0", "0.5", "3.0"]),
                "",
                "",
                "def same(got, want):",
                "    # torch.equal, except that NaN equals NaN (x * k in loops may overflow).",
                "    return torch.equal(got.isnan(), want.isnan()) and torch.equal(",
                "        got.nan_to_num(), want.nan_to_num())",
                "",
                "",
                "def run(label, fn, x):",
                '    print("== " + label)',
                "    out = fn(x.clone())",
                "    print(out)",
                "    return out",
                "",
                "",
                'want_a = run("a", f0, x_a)',
                'want_b = run("b", f0, x_b)',
                "for nested in (False, True):",
                "    for backend in (\"eager\", \"counter\"):",
                "        torch._dynamo.reset()",
                "        torch._dynamo.config.nested_graph_breaks = nested",
                "        cnt = CompileCounter()",
                '        opt = torch.compile(f0, backend=cnt if backend == "counter" '
                'else "eager")',
                "        for phase, x, want in ((\"fresh\", x_a, want_a),",
                "                               (\"cached\", x_a, want_a),",
                "                               (\"other\", x_b, want_b)):",
                "            before = cnt.frame_count",
                '            label = "%s nested=%s %s %s" % ("a" if x is x_a else "b",',
                "                                            nested, backend, phase)",
                "            got = run(label, opt, x)",
                "            if not same(got, want):",
                '                print("MISMATCH", label)',
                '            print("# graphs", label, cnt.frame_count, "ops", cnt.op_count)',
                '            if phase == "cached" and backend == "counter" and '
                "cnt.frame_count != before:",
                '                print("# CACHE-MISS", label)',
                ]
        return "\n".join(out) + "\n"


def generate(seed, index):
    rng = random.Random("wick-differential:%d:%d" % (seed, index))
    header = ["# Generated by tests/differential/gen_programs.py (seed %d, program %d)."
              % (seed, index)]
    return Gen(rng).program(header)


def write_programs(out_dir, n, seed):
    """Writes n programs to out_dir; returns their paths in order."""
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for i in range(n):
        path = os.path.join(out_dir, "prog_%d_%04d.py" % (seed, i))
        with open(path, "w", encoding="utf-8") as f:
            f.write(generate(seed, i))
        paths.append(path)
    return paths


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: gen_programs.py OUT_DIR N SEED\n")
        return 2
    for path in write_programs(argv[1], int(argv[2]), int(argv[3])):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
