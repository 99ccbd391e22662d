x = "\N{EM DASH}" + 1
