x = f'{x'
