# --help prints the help on stdout and exits 0; --version likewise.
import argparse

parser = argparse.ArgumentParser(description="A script with a version.")
parser.add_argument("--version", action="version", version="%(prog)s 1.0")
parser.add_argument("--depth", type=int, default=4, help="number of layers")
try:
    parser.parse_args(["--version"])
except SystemExit as e:
    print("version exit", e.code)
parser.parse_args(["--help"])
print("not reached")
