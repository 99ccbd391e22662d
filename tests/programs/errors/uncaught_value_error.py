# An uncaught exception raised three calls deep: traceback with every frame.
def parse(text):
    if not text.isdigit():
        raise ValueError(f"not a number: {text!r}")
    return int(text)


def load(items):
    return [parse(t) for t in items]


def main():
    print("loading")
    values = load(["1", "2", "x3"])
    print(values)


main()
