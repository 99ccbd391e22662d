x = f'{x!r
