z = [0forbi in r]
