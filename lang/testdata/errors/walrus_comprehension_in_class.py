class A:
    [(z := 1) for x in y]
