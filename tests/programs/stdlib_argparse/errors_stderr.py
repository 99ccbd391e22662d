# Bad input: usage and "prog: error: ..." on stderr, SystemExit(2) each time.
import argparse
import sys

p = argparse.ArgumentParser(prog="train.py")
p.add_argument("data")
p.add_argument("--lr", type=float, default=0.1)
p.add_argument("--n", type=int, required=True)
p.add_argument("--opt", choices=["sgd", "adam"])
p.add_argument("--pair", nargs=2, type=int)
p.add_argument("-f", "--flag", action="store_true")
for argv in [[], ["d"], ["d", "--n", "x"], ["d", "--n", "1", "--opt", "rms"],
             ["d", "--n", "1", "--pair", "1"], ["d", "--n", "1", "--zzz"], ["d", "--n"],
             ["d", "--n", "1", "--flag=yes"], ["d", "--n", "1", "--lr", "1e-3", "--pair", "3", "4"]]:
    try:
        print(p.parse_args(argv))
    except SystemExit as e:
        print("exit", e.code)
q = argparse.ArgumentParser(prog="q")
q.add_argument("--foo")
q.add_argument("--fob")
try:
    q.parse_args(["--fo", "1"])
except SystemExit as e:
    print("exit", e.code)
m = argparse.ArgumentParser(prog="m")
g = m.add_mutually_exclusive_group(required=True)
g.add_argument("--a", action="store_true")
g.add_argument("--b", action="store_true")
m.print_usage()
for argv in [[], ["--a", "--b"], ["--b"]]:
    try:
        print(m.parse_args(argv))
    except SystemExit as e:
        print("exit", e.code)
sys.exit(1)
