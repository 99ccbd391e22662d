# --help layout exactly as CPython formats it: wrapping, help position, groups.
import argparse

p = argparse.ArgumentParser(prog="train.py",
                            description="Train a model on some data with a fairly long "
                                        "description that will need wrapping across lines.",
                            epilog="See the docs for more.")
p.add_argument("data", help="path to data")
p.add_argument("--lr", type=float, default=0.1, help="learning rate (default: %(default)s)")
p.add_argument("-e", "--epochs", type=int, default=10)
p.add_argument("--opt", choices=["sgd", "adam"], default="sgd", help="optimizer, one of %(choices)s")
p.add_argument("-v", "--verbose", action="count", default=0, help="more output")
p.add_argument("--tags", nargs="+", help="tags for the run that are described with a rather long help string that wraps")
p.add_argument("--very-long-option-name-here", action="store_true", help="flag")
p.add_argument("--no-cuda", action="store_false", dest="cuda", help="disable cuda")
p.add_argument("--pair", nargs=2, metavar=("W", "H"), help="width and height")
p.add_argument("--opt-out", nargs="?", help="maybe a value")
p.add_argument("--many", nargs="*", help="any number")
p.print_help()
print("----")
p.print_usage()
print(repr(p.format_usage()))
h = argparse.ArgumentParser(prog="h", formatter_class=argparse.ArgumentDefaultsHelpFormatter)
h.add_argument("--batch-size", type=int, default=32, help="batch size")
h.add_argument("--seed", type=int, default=0)
grp = h.add_argument_group("model", "Options that shape the model.")
grp.add_argument("--depth", type=int, default=12, help="depth")
grp.add_argument("--width", type=int, default=768, help="hidden width")
mx = h.add_mutually_exclusive_group()
mx.add_argument("--fp16", action="store_true", help="half precision")
mx.add_argument("--bf16", action="store_true", help="bfloat16")
h.print_help()
print("----")
r = argparse.ArgumentParser(prog="raw", formatter_class=argparse.RawDescriptionHelpFormatter,
                            description="Line one\n  indented line two\n\nparagraph", add_help=False)
r.add_argument("x", nargs="+", help="xs")
r.print_help()
