None += 1
