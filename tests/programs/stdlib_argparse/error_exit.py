# An invalid command line ends the program with exit status 2.
import argparse

parser = argparse.ArgumentParser(description="demo")
parser.add_argument("--epochs", type=int, default=1)
args = parser.parse_args(["--epochs", "ten"])
print("not reached", args)
