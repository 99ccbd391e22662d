if (a.b := 1):
    pass
