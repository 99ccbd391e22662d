while True
    pass
