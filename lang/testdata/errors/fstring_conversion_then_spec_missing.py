x = f'{x!r'
