while x:
    def g():
        continue
