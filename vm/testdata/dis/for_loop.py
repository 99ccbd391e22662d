for i in range(10):
    if i == 2:
        continue
    if i == 5:
        break
    print(i)
else:
    print("done")
for k, v in d.items():
    for j in v:
        total = total + j
