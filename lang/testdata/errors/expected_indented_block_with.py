with a:
pass
