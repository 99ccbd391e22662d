match a, b:
    case _:
        pass
