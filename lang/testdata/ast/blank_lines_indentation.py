def f():

    x = 1

        # odd comment indentation

    return x


class C:
    pass
