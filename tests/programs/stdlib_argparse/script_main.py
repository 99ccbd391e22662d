# The common script shape: sys.argv parsed in main(), defaults used.
import argparse
import sys

def get_args():
    parser = argparse.ArgumentParser(description="Linear layer benchmark")
    parser.add_argument("--batch", type=int, default=8, help="batch size")
    parser.add_argument("--features", type=int, default=16)
    parser.add_argument("--dtype", default="float32", choices=["float32", "float64"])
    parser.add_argument("--steps", type=int, default=3)
    return parser.parse_args()

def main():
    args = get_args()
    print(sys.argv[1:], args)
    total = 0
    for step in range(args.steps):
        total += args.batch * args.features
    print("total", total, args.dtype)

if __name__ == "__main__":
    main()
