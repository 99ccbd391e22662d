x = bf'x'
