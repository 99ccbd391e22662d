# sys.exit with a string prints it to stderr and exits with status 1.
import sys


def main():
    print("about to fail")
    sys.exit("fatal: configuration missing")


if __name__ == "__main__":
    main()
