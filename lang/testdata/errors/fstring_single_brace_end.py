x = f'a}b'
