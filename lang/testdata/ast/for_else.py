for i in range(10):
    print(i)
else:
    print("done")
for i, j in pairs: pass
for (i, j) in pairs: pass
for i, in singles: pass
for x.y in z: pass
for x[0] in z: pass
for a, *b in c: pass
for x in 1, 2, 3: pass
