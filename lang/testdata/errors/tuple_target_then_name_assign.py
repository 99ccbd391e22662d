a, *b c = d
