a += b += c
