while True:
    pass
    break
    continue
for x in y:
    if x: continue
    else: break
