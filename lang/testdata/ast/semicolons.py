x = 1; y = 2
a; b; c;
if x: a; b
def f(): return 1; pass
