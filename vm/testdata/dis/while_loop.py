while x > 0:
    x -= 1
    if x == 3:
        continue
    if x == 1:
        break
else:
    done()
while True:
    step()
