def f(x):
    if x:
        for i in x:
            while i:
                try:
                    with i:
                        i -= 1
                except E:
                    break
    return x
