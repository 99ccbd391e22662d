a b c
