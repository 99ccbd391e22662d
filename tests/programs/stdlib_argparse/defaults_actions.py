# String defaults through type, nargs='?' with const, append_const, extend,
# BooleanOptionalAction, set_defaults/get_default and Namespace.
import argparse

p = argparse.ArgumentParser(prog="tool")
p.add_argument("--size", type=int, default="16")
p.add_argument("--out", nargs="?", const="stdout.txt", default=None)
p.add_argument("--int8", dest="types", action="append_const", const="int8")
p.add_argument("--fp16", dest="types", action="append_const", const="fp16")
p.add_argument("--files", action="extend", nargs="+")
p.add_argument("--shuffle", action=argparse.BooleanOptionalAction, default=True)
p.add_argument("--ratio", type=float, choices=[0.5, 1.0])
p.set_defaults(mode="train")
print(p.parse_args([]))
print(p.parse_args(["--out", "--int8", "--fp16", "--files", "a", "b", "--files", "c",
                    "--no-shuffle", "--ratio", "0.5"]))
print(p.parse_args(["--out", "x.txt", "--size", "3"]))
print(p.get_default("size"), p.get_default("mode"), p.get_default("nothing"))
ns = argparse.Namespace(a=1, b="x")
print(ns, vars(ns), "a" in ns, ns == argparse.Namespace(a=1, b="x"), ns.b)
ns2 = p.parse_args(["--size", "5"], namespace=argparse.Namespace(extra=True))
print(ns2)
def positive(s):
    v = int(s)
    if v <= 0:
        raise argparse.ArgumentTypeError("%s is not positive" % s)
    return v
q = argparse.ArgumentParser(prog="q", exit_on_error=False)
q.add_argument("--k", type=positive)
print(q.parse_args(["--k", "4"]))
try:
    q.parse_args(["--k", "-4"])
except argparse.ArgumentError as e:
    print("ArgumentError:", e)
