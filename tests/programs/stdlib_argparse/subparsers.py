# Sub-commands: add_subparsers/add_parser, aliases, set_defaults(func=...), their help
# and errors (stderr, so the program ends with a non-zero status).
import argparse
import sys

p = argparse.ArgumentParser(prog="tool")
p.add_argument("--verbose", action="store_true")
sub = p.add_subparsers(dest="cmd", help="sub-command help")
t = sub.add_parser("train", help="train a model")
t.add_argument("--epochs", type=int, default=1)
t.set_defaults(func=lambda a: "training for %d epochs" % a.epochs)
e = sub.add_parser("eval", help="evaluate", aliases=["ev"])
e.add_argument("ckpt")
e.set_defaults(func=lambda a: "evaluating " + a.ckpt)
p.print_help()
t.print_help()
args = p.parse_args(["train", "--epochs", "3"])
print(args.cmd, args.epochs, args.func(args))
args = p.parse_args(["--verbose", "ev", "x.pt"])
print(args.verbose, args.cmd, args.func(args))
print(p.parse_args([]))
p2 = argparse.ArgumentParser(prog="t2")
s2 = p2.add_subparsers(title="commands", dest="command", required=True)
s2.add_parser("a")
s2.add_parser("b", help="do b")
p2.print_help()
for argv in [["zzz"], [], ["a", "--bad"]]:
    try:
        p2.parse_args(argv)
    except SystemExit as ex:
        print("exit", ex.code)
sys.exit(1)
