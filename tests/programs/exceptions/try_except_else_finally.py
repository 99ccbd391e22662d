# try/except/else/finally ordering in all combinations.
def run(v):
    out = []
    try:
        out.append("try")
        if v == 1:
            raise ValueError("one")
        if v == 2:
            raise KeyError("two")
        if v == 3:
            return out + ["returned"]
    except ValueError as e:
        out.append(f"value {e}")
    except (KeyError, IndexError) as e:
        out.append(f"lookup {e!r}")
    else:
        out.append("else")
    finally:
        out.append("finally")
    return out


for v in range(4):
    print(v, run(v))


def nested():
    try:
        try:
            raise IndexError("inner")
        finally:
            print("inner finally")
    except IndexError as e:
        print("outer caught", e)
    finally:
        print("outer finally")


nested()


def override():
    try:
        return "try"
    finally:
        return "finally wins"


print(override())


def loop_finally():
    for i in range(3):
        try:
            if i == 1:
                continue
            if i == 2:
                break
        finally:
            print("finally", i)


loop_finally()
